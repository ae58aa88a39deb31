import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
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
import { Toaster } from "~/components/toaster";
import { pageHydrates } from "~/enhance/page-handle";
import { pageScriptAddress } from "~/enhance/page-script.server";
import { getSiteChrome } from "~/content/site-chrome.server";
import { db } from "~/db.server";
import { defaultSettings } from "~/settings/settings";
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

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, { toast, headers }] = await Promise.all([getSessionUser(request), getToast(request)]);
  const { settings, directions, menus } = await getSiteChrome(db, user !== null);
  // Canonical URLs from configuration, never from the request's Host (docs/decisions/0014).
  const origin = siteOrigin();
  return data({ settings, directions, menus, user, toast, origin, pageScript: pageScriptAddress() }, { headers: headers ?? undefined });
}

export type RootLoader = typeof loader;

const SCRIPT_FLAG = "document.documentElement.dataset.js=''";

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { nonce, requestId, demo } = useRequestInfo();
  const settings = rootData?.settings ?? defaultSettings;
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
        <SiteHeader settings={settings} user={rootData?.user ?? null} directions={rootData?.directions ?? []} links={rootData?.menus.header ?? []} />
        <main id="contenido" tabIndex={-1} className="site-main">
          {children}
        </main>
        <SiteFooter settings={settings} links={rootData?.menus.footer ?? []} />
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
          Si el problema continúa, comuníquese con nosotros e indique este folio: <code className="request-id">{requestId}</code>
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
