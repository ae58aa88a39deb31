import { DocumentLink } from "~/components/document-link";
import { isExternalHref, type MenuLink } from "~/content/menus";
import { formatAddress, phoneHref, type Settings } from "~/settings/settings";
import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";
import { useRequestInfo } from "~/utils/request-info";

// One formatter per process: building an Intl formatter costs more than rendering the footer.
const yearFormat = new Intl.DateTimeFormat("es-MX", { year: "numeric", timeZone: MEXICO_CITY_TIME_ZONE });
// And one formatting per minute: formatting in a time zone cost ~60 µs a page (issue 22).
let keptYear = { until: 0, year: "" };

/** The year in Mexico City, at most a minute late on New Year's Eve. */
function currentYear(): string {
  const now = Date.now();
  if (now >= keptYear.until) keptYear = { until: now + 60_000, year: yearFormat.format(now) };
  return keptYear.year;
}

/**
 * `links`: the footer links from menu_links (edited at /admin/menus). On a page that does not
 * hydrate, its markup is rendered once per chrome and year and reused (RequestInfo.prerendered).
 */
export function SiteFooter({ settings, links }: { settings: Settings; links: MenuLink[] }) {
  const year = currentYear();
  const { prerendered } = useRequestInfo();
  const content = () => <FooterContent settings={settings} links={links} year={year} />;
  if (prerendered) return <footer className="site-footer" dangerouslySetInnerHTML={{ __html: prerendered([settings, links], year, content) }} />;
  return <footer className="site-footer">{content()}</footer>;
}

function FooterContent({ settings, links, year }: { settings: Settings; links: MenuLink[]; year: string }) {
  return (
    <>
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-redes">
          <h2 id="footer-redes" className="site-footer__heading">
            Redes sociales
          </h2>
          <ul className="site-footer__list">
            {settings.socialLinks.map((link) => (
              <li key={link.url}>
                <a href={link.url} rel="noopener noreferrer" target="_blank">
                  {link.name}
                  <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-direccion">
          <h2 id="footer-direccion" className="site-footer__heading">
            Dirección
          </h2>
          <address className="site-footer__address">{formatAddress(settings)}</address>
        </section>
        <section aria-labelledby="footer-telefono">
          <h2 id="footer-telefono" className="site-footer__heading">
            Teléfono
          </h2>
          <p>
            <a href={phoneHref(settings.phone)}>{settings.phone}</a>
          </p>
          <p>
            <a href={`mailto:${settings.email}`}>{settings.email}</a>
          </p>
        </section>
        <section aria-labelledby="footer-enlaces">
          <h2 id="footer-enlaces" className="site-footer__heading">
            Enlaces
          </h2>
          <ul className="site-footer__list">
            {links.map((link, index) => (
              <li key={`${index}-${link.href}`}>
                {isExternalHref(link.href) ? (
                  <a href={link.href} rel="noopener noreferrer" target="_blank">
                    {link.label}
                    <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
                  </a>
                ) : (
                  <DocumentLink href={link.href}>{link.label}</DocumentLink>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <p>
            {settings.institutionAcronym} - Todos los derechos reservados © {year}
          </p>
        </div>
      </div>
    </>
  );
}
