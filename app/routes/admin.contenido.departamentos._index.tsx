import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { StaffTable } from "~/components/staff-table";
import { listDepartmentPagesForEditor } from "~/content/department-editor.server";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { formatMexicoCityDateTime } from "~/utils/mexico-time";

// The department and direction pages (/direccion/{slug}), for the communications office (issue 12).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta: MetaFunction = () => [
  { title: "Direcciones y departamentos | Área del personal HIMFG" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  return { q, pages: await listDepartmentPagesForEditor(db, q) };
}

export default function DepartmentPagesList() {
  const { q, pages } = useLoaderData<typeof loader>();
  return (
    <div className="container page">
      <p>
        <Link to="/admin/contenido">Páginas de información</Link>
      </p>
      <h1>Páginas de direcciones y departamentos</h1>
      <Form method="get" className="form form--inline" role="search" aria-label="Buscar direcciones y departamentos">
        <label htmlFor="buscar-departamentos" className="field__label">
          Buscar por título o dirección
        </label>
        <input id="buscar-departamentos" name="q" type="search" defaultValue={q} className="field__input" />
        <button type="submit" className="button button--secondary">
          Buscar
        </button>
      </Form>
      <p role="status">{pages.length === 1 ? "1 página" : `${pages.length} páginas`}</p>
      <StaffTable caption="Páginas de direcciones y departamentos" hideCaption columns={["Título", "Dirección", "Tipo", "Última modificación"]}>
        {pages.map((page) => (
          <tr key={page.id}>
            <th scope="row">
              <Link to={`/admin/contenido/departamentos/${page.id}`}>{page.title}</Link>
            </th>
            <td>
              {page.path}
              {page.isPublished ? "" : " (no publicada)"}
            </td>
            <td>{page.tipoDepartamento === 2 ? "Dirección" : "Departamento o servicio"}</td>
            <td>{formatMexicoCityDateTime(page.updatedAt)}</td>
          </tr>
        ))}
      </StaffTable>
    </div>
  );
}
