import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, NavLink, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { requireStaff } from "~/staff/guard.server";
import { linksFor } from "~/staff/navigation";
import { ANY_STAFF, STAFF_ROLE_LABELS, type StaffAccess } from "~/staff/staff";
import adminStyles from "~/styles/admin.css";
import formStyles from "~/styles/forms.css";

/**
 * The staff area's layout: who is signed in, the pages their role may open, and sign-out. It
 * guards its own loader, but every child route guards its own loader and action too (see
 * app/staff/guard.server.ts).
 */
export const staffAccess = ANY_STAFF satisfies StaffAccess;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: adminStyles },
];

export const meta: MetaFunction = () => [{ title: "Área del personal | HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, staffAccess);
  return { staff, links: linksFor(staff.role).map(({ href, label }) => ({ href, label })) };
}

export default function StaffLayout() {
  const { staff, links } = useLoaderData<typeof loader>();
  return (
    <div className="staff-area">
      <div className="staff-bar">
        <div className="container staff-bar__inner">
          <p className="staff-bar__who">
            <span className="staff-bar__name">{staff.name}</span> <span className="staff-bar__role">({STAFF_ROLE_LABELS[staff.role]})</span>
          </p>
          <nav aria-label="Área del personal" className="staff-nav">
            <ul>
              {links.map((link) => (
                <li key={link.href}>
                  <NavLink to={link.href} prefetch="none">
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Form method="post" action="/admin/salir" className="staff-bar__signout">
            <button type="submit" className="button button--secondary">
              Cerrar sesión
            </button>
          </Form>
        </div>
      </div>
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
        <li>
          {/* The layout's bar is not drawn on an error page: sign-out stays reachable here. */}
          <Form method="post" action="/admin/salir">
            <button type="submit" className="button button--secondary">
              Cerrar sesión
            </button>
          </Form>
        </li>
      </ul>
    </div>
  );
}
