import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listPagesForEditor } from "~/content/page-editor.server";
import { countText, EditorListScreen, PublicationStatusCell, staffScreenMeta, updatedAtText } from "~/content/record-list";
import { loadEditorList } from "~/content/record-list.server";
import type { StaffAccess } from "~/staff/staff";

// The information pages, for the communications office (issue 12).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta = staffScreenMeta("Páginas");

export const loader = ({ request }: LoaderFunctionArgs) => loadEditorList(request, staffAccess, listPagesForEditor);

export default function ContentPagesList() {
  const { q, items } = useLoaderData<typeof loader>();
  return (
    <EditorListScreen
      title="Páginas del sitio"
      actions={
        <>
          <Link to="/admin/contenido/nueva" className="button">
            Crear una página
          </Link>{" "}
          <Link to="/admin/contenido/departamentos">Páginas de direcciones y departamentos</Link> ·{" "}
          <Link to="/admin/contenido/investigacion">Unidades de investigación</Link> ·{" "}
          <Link to="/admin/contenido/perfiles">Perfiles de dirección</Link>
        </>
      }
      search={{ id: "buscar-paginas", label: "Buscar por título o dirección", ariaLabel: "Buscar páginas", q }}
      count={countText(items.length, "página", "páginas")}
      columns={["Título", "Dirección", "Estado", "Última modificación"]}
    >
      {items.map((page) => (
        <tr key={page.id}>
          <th scope="row">
            <Link to={`/admin/contenido/${page.id}`}>{page.title}</Link>
          </th>
          <td>{page.path}</td>
          <PublicationStatusCell status={page.status} publishAt={page.publishAt} />
          <td>{updatedAtText(page.updatedAt)}</td>
        </tr>
      ))}
    </EditorListScreen>
  );
}
