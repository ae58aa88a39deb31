import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { getSessionUser } from "~/accounts/session.server";
import { siteOrigin } from "~/config.server";
import { NavigationProgress } from "~/components/navigation-progress";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { StaffHeader } from "~/components/staff-header";
import { Toaster } from "~/components/toaster";
import { pageHydrates } from "~/enhance/page-handle";
import { pageScriptAddress } from "~/enhance/page-script.server";
import { getSiteChrome, getSiteSettings } from "~/content/site-chrome.server";
import { db } from "~/db.server";
import { defaultSettings } from "~/settings/settings";
import { navigationFor } from "~/staff/navigation";
import { getStaffUser } from "~/staff/session.server";
import globalStyles from "~/styles/global.css";
import { useRequestInfo } from "~/utils/request-info";
import { getToast } from "~/utils/toast.server";

export const links: LinksFunction = () => [
  { rel: "preload", href: "/fonts/montserrat-latin-400-normal.woff2", as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: "/fonts/montserrat-latin-600-normal.woff2", as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: "/fonts/montserrat-latin-700-normal.woff2", as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: globalStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ error }) => {
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: notFound ? "Página no encontrada | HIMFG" : "Ocurrió un error | HIMFG" }, { name: "robots", content: "noindex" }];
  }
  return [
    { title: "Hospital Infantil de México Federico Gómez" },
    { name: "description", content: "Sitio oficial del Hospital Infantil de México Federico Gómez, Instituto Nacional de Salud." },
  ];
};

/**
 * The frame around every page, chosen by the route that answers (server/route-policy.ts passes it
 * as `context.staffPage`): a staff page (its module exports `staffAccess`) gets the staff frame —
 * the staff member and the pages their role may open — and never the public one: neither the
 * participant's session, nor the directions tree, nor the public menus are read for it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // Canonical URLs from configuration, never from the request's Host (docs/decisions/0014).
  const origin = siteOrigin();
  const pageScript = pageScriptAddress();
  if (context.staffPage) {
    const [staff, settings, { toast, headers }] = await Promise.all([getStaffUser(request), getSiteSettings(db), getToast(request)]);
    const frame = {
      kind: "staff" as const,
      staff: staff ? { name: staff.name, role: staff.role } : null,
      links: staff ? navigationFor(staff.role) : [],
    };
    return data({ settings, frame, toast, origin, pageScript }, { headers: headers ?? undefined });
  }
  const [user, { toast, headers }] = await Promise.all([getSessionUser(request), getToast(request)]);
  const { settings, directions, menus } = await getSiteChrome(db, user !== null);
  const frame = { kind: "public" as const, directions, menus, user };
  return data({ settings, frame, toast, origin, pageScript }, { headers: headers ?? undefined });
}

/**
 * The root loader runs again when a navigation crosses between the staff area and the public
 * site (its frame changes); otherwise only when Remix would anyway (after a form post…). Every
 * staff route lives under /admin (tests/integration/admin-route-walk.test.ts): the prefix is
 * enough to know when the frame may change, and the loader decides which one it is.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || underAdmin(currentUrl.pathname) !== underAdmin(nextUrl.pathname);

function underAdmin(pathName: string): boolean {
  return /^\/admin(\/|$)/i.test(pathName);
}

export type RootLoader = typeof loader;

const SCRIPT_FLAG = "document.documentElement.dataset.js=''";

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { nonce, requestId, demo } = useRequestInfo();
  const settings = rootData?.settings ?? defaultSettings;
  const frame = rootData?.frame;
  const hydrate = pageHydrates(useMatches());
  return (
    <html lang="es-MX" data-request-id={requestId} data-demo={demo ? "true" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#611232" />
        <Meta />
        <Links />
        {/* Marks the document before the first paint when script runs, so the CSS can reserve
            what hydration will show (the carousel's controls) and the page does not shift. Its
            hash is in the CSP of cached pages; other pages carry the nonce. */}
        <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: SCRIPT_FLAG }} />
      </head>
      <body>
        <a href="#contenido" className="skip-link">
          Saltar al contenido principal
        </a>
        {demo ? <DemoBanner /> : null}
        <NavigationProgress />
        {frame?.kind === "staff" ? (
          <StaffHeader institutionName={settings.institutionName} staff={frame.staff} links={frame.links} />
        ) : (
          <SiteHeader settings={settings} user={frame?.user ?? null} directions={frame?.directions ?? []} links={frame?.menus.header ?? []} />
        )}
        <main id="contenido" tabIndex={-1} className="site-main">
          {children}
        </main>
        {frame?.kind === "staff" ? null : <SiteFooter settings={settings} links={frame?.menus.footer ?? []} />}
        <Toaster serverToast={rootData?.toast ?? null} />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce || undefined} />
            <Scripts nonce={nonce || undefined} />
          </>
        ) : rootData?.pageScript ? (
          // A page that does not hydrate gets only the page script (decision 0027).
          <script type="module" src={rootData.pageScript} />
        ) : null}
      </body>
    </html>
  );
}

export const DEMO_BANNER_TEXT = "Sitio de demostración: los pagos son simulados y los correos no se envían.";

/** On every page of a demo, errors included: nobody may take it for the real site. */
function DemoBanner() {
  return (
    <aside className="demo-banner" aria-label="Aviso de demostración" data-testid="demo-banner">
      <p>
        <strong>{DEMO_BANNER_TEXT}</strong>
      </p>
    </aside>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { requestId } = useRequestInfo();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="container page error-page">
        <p className="error-page__code">Error 404</p>
        <h1>No encontramos esta página</h1>
        <p>Es posible que la dirección esté mal escrita o que la página se haya movido.</p>
        <ul className="error-page__actions">
          <li>
            <Link to="/" className="button">
              Ir a la página de inicio
            </Link>
          </li>
          <li>
            <Link to="/ensenanza/offer">Consultar la oferta académica</Link>
          </li>
          <li>
            <Link to="/requisitos">Requisitos para la consulta de primera vez</Link>
          </li>
        </ul>
      </div>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="container page error-page">
      <p className="error-page__code">Error {status}</p>
      <h1>{status === 403 ? "No tiene permiso para ver esta página" : "Ocurrió un error en el servidor"}</h1>
      <p>
        {status === 403
          ? "Inicie sesión con una cuenta que tenga acceso o vuelva a la página de inicio."
          : "Lo sentimos, no pudimos completar su solicitud. Intente de nuevo en unos minutos."}
      </p>
      {requestId ? (
        <p>
          Folio de error: <code className="request-id">{requestId}</code>
          <br />
          Si el problema continúa, comuníquese con nosotros e indique este folio.
        </p>
      ) : null}
      <p>
        <Link to="/" className="button">
          Ir a la página de inicio
        </Link>
      </p>
    </div>
  );
}

// Types for single fetch (v3_singleFetch): loaders return plain data, typed end to end.
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
