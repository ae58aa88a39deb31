import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { staffAccessOf } from "~/staff/access-registry";
import { isRouteErrorResponse, Link, Outlet, useRouteError } from "@remix-run/react";
import { requireStaff } from "~/staff/guard.server";
import adminStyles from "~/styles/admin.css";
import formStyles from "~/styles/forms.css";

/**
 * The staff area's layout: its styles and its error page. Who is signed in, the pages their role
 * may open and sign-out are the staff frame, drawn by root.tsx for every staff page (errors
 * included). It guards its own loader, but every child route guards its own loader and action
 * too (see app/staff/guard.server.ts).
 */
export const staffAccess = staffAccessOf("routes/admin");

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: adminStyles },
];

export const meta: MetaFunction = () => [{ title: "Área del personal | HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return null;
}

export default function StaffLayout() {
  return (
    <div className="staff-area">
      <Outlet />
    </div>
  );
}

/** A refused role (403) or a missing record inside the staff area: said in Spanish, with no data. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "object" && error.data && "message" in error.data && typeof error.data.message === "string"
      ? error.data.message
      : null;
  const title =
    status === 403 ? "No tiene permiso para esta página" : status === 404 ? "No encontramos este registro" : "Ocurrió un error en el servidor";
  const text =
    status === 403
      ? (message ?? "Su función no tiene permiso para usar esta página.")
      : status === 404
        ? "Es posible que se haya eliminado o que la dirección esté mal escrita."
        : "Lo sentimos, no pudimos completar su solicitud. Intente de nuevo en unos minutos.";
  return (
    <div className="container page error-page">
      <p className="error-page__code">Error {status}</p>
      <h1>{title}</h1>
      <p>{text}</p>
      <ul className="error-page__actions">
        <li>
          <Link to="/admin/dashboard" className="button">
            Volver al inicio del personal
          </Link>
        </li>
      </ul>
    </div>
  );
}
