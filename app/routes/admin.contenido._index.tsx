import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { listPagesForEditor } from "~/content/page-editor.server";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { formatMexicoCityDateTime } from "~/utils/mexico-time";
import { StaffTable } from "~/components/staff-table";

// The information pages, for the communications office (issue 12).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta: MetaFunction = () => [{ title: "Páginas | Área del personal HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

const STATUS_TEXT = { borrador: "Borrador", publicada: "Publicada", programada: "Programada" } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  return { q, pages: await listPagesForEditor(db, q) };
}

export default function ContentPagesList() {
  const { q, pages } = useLoaderData<typeof loader>();
  return (
    <div className="container page">
      <h1>Páginas del sitio</h1>
      <p>
        <Link to="/admin/contenido/nueva" className="button">
          Crear una página
        </Link>{" "}
        <Link to="/admin/contenido/departamentos">Páginas de direcciones y departamentos</Link> ·{" "}
        <Link to="/admin/contenido/investigacion">Unidades de investigación</Link> · <Link to="/admin/contenido/perfiles">Perfiles de dirección</Link>
      </p>
      <Form method="get" className="form form--inline" role="search" aria-label="Buscar páginas">
        <label htmlFor="buscar-paginas" className="field__label">
          Buscar por título o dirección
        </label>
        <input id="buscar-paginas" name="q" type="search" defaultValue={q} className="field__input" />
        <button type="submit" className="button button--secondary">
          Buscar
        </button>
      </Form>
      <p role="status">{pages.length === 1 ? "1 página" : `${pages.length} páginas`}</p>
      <StaffTable caption="Páginas del sitio" hideCaption columns={["Título", "Dirección", "Estado", "Última modificación"]}>
        {pages.map((page) => (
          <tr key={page.id}>
            <th scope="row">
              <Link to={`/admin/contenido/${page.id}`}>{page.title}</Link>
            </th>
            <td>{page.path}</td>
            <td>
              {STATUS_TEXT[page.status]}
              {page.publishAt ? ` (${formatMexicoCityDateTime(page.publishAt)})` : null}
            </td>
            <td>{formatMexicoCityDateTime(page.updatedAt.includes("T") ? page.updatedAt : `${page.updatedAt.replace(" ", "T")}Z`)}</td>
          </tr>
        ))}
      </StaffTable>
    </div>
  );
}
