import { Form, Link, NavLink } from "@remix-run/react";
import { useRef } from "react";
import type { StaffNavLink } from "~/staff/navigation";
import { STAFF_ROLE_LABELS, type StaffRole } from "~/staff/staff";
import { useDisclosureMenus } from "./use-disclosure-menus";

export interface StaffFrameMember {
  name: string;
  role: StaffRole;
}

interface StaffHeaderProps {
  institutionName: string;
  /** The signed-in staff member; null on the sign-in and set-up pages (the minimal frame). */
  staff: StaffFrameMember | null;
  /** The pages the member's role may open (app/staff/navigation.ts). */
  links: StaffNavLink[];
}

/**
 * The staff area's own frame (issue 21): the hospital's identity leading to the staff home, who
 * is signed in and in which role, sign-out, the staff navigation and a way back to the public
 * site. None of the public header's parts (sign-in links, the public menus, the directions tree).
 * The navigation is a wrapping list on wide screens and a <details> menu on phones: both are
 * plain HTML, so it works before (and without) JavaScript.
 */
export function StaffHeader({ institutionName, staff, links }: StaffHeaderProps) {
  const headerRef = useRef<HTMLElement>(null);
  useDisclosureMenus(headerRef);
  return (
    <header className="staff-header" ref={headerRef} data-testid="staff-header">
      <div className="container staff-header__bar">
        {/* The accessible name starts with the visible text (WCAG 2.5.3, label in name). */}
        <Link to="/admin/dashboard" className="staff-brand" prefetch="none">
          <img src="/images/logo-himfg.svg" alt="" width="44" height="44" className="staff-brand__logo" />
          <span className="staff-brand__text">
            <span className="staff-brand__name">{institutionName}</span>
            <span className="staff-brand__area">Área del personal</span>
            <span className="visually-hidden">, ir al inicio del personal</span>
          </span>
        </Link>
        <div className="staff-header__tools">
          {staff ? (
            <>
              <p className="staff-header__who" data-testid="staff-member">
                <span className="staff-header__name">{staff.name}</span>
                <span className="staff-header__role">{STAFF_ROLE_LABELS[staff.role]}</span>
              </p>
              <Form method="post" action="/admin/salir" className="staff-header__signout">
                <button type="submit" className="button button--secondary staff-header__button">
                  Cerrar sesión
                </button>
              </Form>
            </>
          ) : null}
          {/* A full page load: the public site has its own frame, read by the root loader. */}
          <a href="/" className="staff-header__public">
            Ver el sitio público
          </a>
        </div>
      </div>
      {links.length > 0 ? (
        <>
          <nav className="staff-nav" aria-label="Área del personal">
            <div className="container">
              <StaffLinks links={links} />
            </div>
          </nav>
          <details className="staff-menu" data-disclosure>
            <summary className="staff-menu__toggle">
              <span className="mobile-nav__icon" aria-hidden="true" />
              Menú del personal
            </summary>
            <nav className="staff-menu__panel" aria-label="Área del personal (menú)">
              <StaffLinks links={links} />
            </nav>
          </details>
        </>
      ) : null}
    </header>
  );
}

function StaffLinks({ links }: { links: StaffNavLink[] }) {
  return (
    <ul className="staff-nav__list">
      {links.map((link) => (
        <li key={link.href}>
          <NavLink to={link.href} end={link.end} prefetch="none" className="staff-nav__link">
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
