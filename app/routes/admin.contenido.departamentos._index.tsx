import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listDepartmentPagesForEditor } from "~/content/department-editor.server";
import { countText, EditorListScreen, PublicationStatusCell, staffScreenMeta, updatedAtText } from "~/content/record-list";
import { loadEditorList } from "~/content/record-list.server";
import type { StaffAccess } from "~/staff/staff";

// The department and direction pages (/direccion/{slug}), for the communications office (issue 12).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta = staffScreenMeta("Direcciones y departamentos");

export const loader = ({ request }: LoaderFunctionArgs) => loadEditorList(request, staffAccess, listDepartmentPagesForEditor);

export default function DepartmentPagesList() {
  const { q, items } = useLoaderData<typeof loader>();
  return (
    <EditorListScreen
      title="Páginas de direcciones y departamentos"
      back={{ to: "/admin/contenido", label: "Páginas de información" }}
      search={{ id: "buscar-departamentos", label: "Buscar por título o dirección", ariaLabel: "Buscar direcciones y departamentos", q }}
      count={countText(items.length, "página", "páginas")}
      columns={["Título", "Dirección", "Tipo", "Estado", "Última modificación"]}
    >
      {items.map((page) => (
        <tr key={page.id}>
          <th scope="row">
            <Link to={`/admin/contenido/departamentos/${page.id}`}>{page.title}</Link>
          </th>
          <td>{page.path}</td>
          <td>{page.tipoDepartamento === 2 ? "Dirección" : "Departamento o servicio"}</td>
          <PublicationStatusCell status={page.status} publishAt={page.publishAt} />
          <td>{updatedAtText(page.updatedAt)}</td>
        </tr>
      ))}
    </EditorListScreen>
  );
}
