import { Form } from "@remix-run/react";
import { DocumentLink } from "~/components/document-link";
import { useRef } from "react";
import { isExternalHref, LOGOUT_LABEL, type MenuLink } from "~/content/menus";
import type { Settings } from "~/settings/settings";
import type { DirectionLink } from "~/content/directions.server";
import { DirectionLinks, DirectionsMenu } from "./directions-menu";
import { useDisclosureMenus } from "./use-disclosure-menus";

interface SiteHeaderProps {
  settings: Settings;
  user: { id: number; name: string } | null;
  directions: DirectionLink[];
  /** The header menu for this visitor (signed in or not), from menu_links. */
  links: MenuLink[];
}

/** gob.mx-style strip, the hospital's name and logo, and the main menus (desktop and mobile). */
export function SiteHeader({ settings, user, directions, links }: SiteHeaderProps) {
  const headerRef = useRef<HTMLElement>(null);
  useDisclosureMenus(headerRef);

  return (
    <header className="site-header" ref={headerRef}>
      <div className="gob-strip">
        <div className="container gob-strip__inner">
          <a href="https://www.gob.mx/" className="gob-strip__brand" rel="noopener">
            gob.mx
          </a>
          <span className="gob-strip__agency">Secretaría de Salud</span>
        </div>
      </div>

      <div className="container brand-bar">
        {/* The accessible name starts with the visible text (WCAG 2.5.3, label in name). */}
        <DocumentLink href="/" className="brand">
          <img src="/images/logo-himfg.svg" alt="" width="56" height="56" className="brand__logo" />
          <span className="brand__text">
            <span className="brand__name">{settings.institutionName}</span>
            <span className="brand__tagline">Instituto Nacional de Salud</span>
            <span className="visually-hidden">, ir a la página de inicio</span>
          </span>
        </DocumentLink>
        <div className="brand-bar__tools">
          <DocumentLink href="/donacion" className="brand-bar__donate">
            Donar
          </DocumentLink>
          {user ? (
            <p className="brand-bar__user">Sesión de {user.name}</p>
          ) : (
            <p className="brand-bar__user brand-bar__auth">
              <DocumentLink href="/userlogin">Iniciar sesión</DocumentLink>
              <span aria-hidden="true"> · </span>
              <DocumentLink href="/register">Registrarse</DocumentLink>
            </p>
          )}
          <SiteSearch id="site-search-q" className="site-search site-search--brand" />
        </div>
      </div>

      <div className="main-nav">
        <div className="container main-nav__inner">
          <nav className="main-nav__menu" aria-label="Principal">
            <MenuLinks links={links} signedIn={Boolean(user)} />
            <DirectionsMenu directions={directions} />
          </nav>
          {/* From 1200 px the search shares the menu's row (issue 21); below, the brand bar's
              form is shown instead. Only one of the two is ever displayed. */}
          <SiteSearch id="site-search-nav-q" className="site-search site-search--nav" />
        </div>
      </div>

      <details className="mobile-nav" data-disclosure>
        <summary className="mobile-nav__toggle">
          <span className="mobile-nav__icon" aria-hidden="true" />
          Menú
        </summary>
        <nav className="mobile-nav__panel" aria-label="Principal en móvil">
          <MenuLinks links={links} signedIn={Boolean(user)} />
          <h2 className="mobile-nav__heading">Direcciones</h2>
          <DirectionLinks directions={directions} className="mobile-directions" />
        </nav>
      </details>
    </header>
  );
}

/** The site search: a plain GET form to /buscar. */
function SiteSearch({ id, className }: { id: string; className: string }) {
  return (
    <form method="get" action="/buscar" role="search" className={className}>
      <label htmlFor={id} className="visually-hidden">
        Buscar en el sitio
      </label>
      <input id={id} name="q" type="search" placeholder="Buscar en el sitio" className="site-search__input" />
      <button type="submit" className="site-search__button">
        Buscar
      </button>
    </form>
  );
}

function MenuLinks({ links, signedIn }: { links: MenuLink[]; signedIn: boolean }) {
  return (
    <ul className="menu-links">
      {links.map((link, index) => (
        <li key={`${index}-${link.href}`}>
          {isExternalHref(link.href) ? (
            <a href={link.href} className="main-nav__link" rel="noopener noreferrer" target="_blank">
              {link.label}
              <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
            </a>
          ) : (
            <DocumentLink navigation href={link.href} end={link.href === "/"} className="main-nav__link">
              {link.label}
            </DocumentLink>
          )}
        </li>
      ))}
      {signedIn ? (
        <li>
          <Form method="post" action="/logout" className="logout-form">
            <button type="submit" className="main-nav__link main-nav__button">
              {LOGOUT_LABEL}
            </button>
          </Form>
        </li>
      ) : null}
    </ul>
  );
}
