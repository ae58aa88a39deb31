import { useLocation } from "@remix-run/react";
import { DocumentLink, isCurrentPath } from "~/components/document-link";
import { useRef } from "react";
import { isExternalHref, LOGOUT_LABEL, type MenuLink } from "~/content/menus";
import type { Settings } from "~/settings/settings";
import type { DirectionLink } from "~/content/directions.server";
import { DirectionLinks, DirectionsMenu } from "./directions-menu";
import { useDisclosureMenus } from "./use-disclosure-menus";
import { useRequestInfo } from "~/utils/request-info";

interface SiteHeaderProps {
  settings: Settings;
  user: { id: number; name: string } | null;
  directions: DirectionLink[];
  /** The header menu for this visitor (signed in or not), from menu_links. */
  links: MenuLink[];
}

/**
 * gob.mx-style strip, the hospital's name and logo, and the main menus (desktop and mobile).
 * On a page that does not hydrate, the header's markup is rendered once per chrome (settings,
 * menus, directions: kept per content version), signed-in name and current link, and reused
 * (RequestInfo.prerendered): it is some 200 elements on every page, a signed-in one included.
 */
export function SiteHeader({ settings, user, directions, links }: SiteHeaderProps) {
  const headerRef = useRef<HTMLElement>(null);
  useDisclosureMenus(headerRef);
  const { pathname } = useLocation();
  const { prerendered } = useRequestInfo();
  // The links of the current page (aria-current), decided here: the content reads no router state.
  const current = links
    .map((link, index) => (!isExternalHref(link.href) && isCurrentPath(pathname, link.href, link.href === "/") ? index : -1))
    .filter((index) => index >= 0);
  const content = () => <HeaderContent settings={settings} userName={user?.name ?? null} directions={directions} links={links} current={current} />;
  if (prerendered) {
    const variant = JSON.stringify([user?.name ?? null, current]);
    return (
      <header
        className="site-header"
        ref={headerRef}
        dangerouslySetInnerHTML={{ __html: prerendered([settings, links, directions], variant, content) }}
      />
    );
  }
  return (
    <header className="site-header" ref={headerRef}>
      {content()}
    </header>
  );
}

interface HeaderContentProps {
  settings: Settings;
  userName: string | null;
  directions: DirectionLink[];
  links: MenuLink[];
  /** Indexes of `links` that are the current page's. */
  current: number[];
}

function HeaderContent({ settings, userName, directions, links, current }: HeaderContentProps) {
  const signedIn = userName !== null;
  return (
    <>
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
          {signedIn ? (
            <p className="brand-bar__user">Sesión de {userName}</p>
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
            <MenuLinks links={links} signedIn={signedIn} current={current} />
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
          <MenuLinks links={links} signedIn={signedIn} current={current} />
          <h2 className="mobile-nav__heading">Direcciones</h2>
          <DirectionLinks directions={directions} className="mobile-directions" />
        </nav>
      </details>
    </>
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

function MenuLinks({ links, signedIn, current }: { links: MenuLink[]; signedIn: boolean; current: number[] }) {
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
            <DocumentLink current={current.includes(index)} href={link.href} className="main-nav__link">
              {link.label}
            </DocumentLink>
          )}
        </li>
      ))}
      {signedIn ? (
        <li>
          {/* A plain form: the markup is reused, and a full load after signing out is what the site wants. */}
          <form method="post" action="/logout" className="logout-form">
            <button type="submit" className="main-nav__link main-nav__button">
              {LOGOUT_LABEL}
            </button>
          </form>
        </li>
      ) : null}
    </ul>
  );
}
