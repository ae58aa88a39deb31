import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { countText, EditorListScreen, PublicationStatusCell, staffScreenMeta, updatedAtText } from "~/content/record-list";
import { loadEditorList } from "~/content/record-list.server";
import { listResearchUnitsForEditor } from "~/content/research-unit-editor.server";
import { RESEARCH_UNIT_KINDS } from "~/content/seeded-record-forms";
import type { StaffAccess } from "~/staff/staff";

// The research units and laboratories (/investigadores/{id}), for the communications office (issue 12).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta = staffScreenMeta("Unidades de investigación");

export const loader = ({ request }: LoaderFunctionArgs) => loadEditorList(request, staffAccess, listResearchUnitsForEditor);

export default function ResearchUnitsList() {
  const { q, items } = useLoaderData<typeof loader>();
  return (
    <EditorListScreen
      title="Unidades y laboratorios de investigación"
      back={{ to: "/admin/contenido", label: "Páginas de información" }}
      actions={
        <Link to="/admin/contenido/investigacion/nueva" className="button">
          Crear una unidad
        </Link>
      }
      search={{ id: "buscar-unidades", label: "Buscar por nombre o número", ariaLabel: "Buscar unidades de investigación", q }}
      count={countText(items.length, "unidad", "unidades")}
      columns={["Nombre", "Dirección", "Tipo", "Estado", "Última modificación"]}
    >
      {items.map((unit) => (
        <tr key={unit.id}>
          <th scope="row">
            <Link to={`/admin/contenido/investigacion/${unit.id}`}>{unit.name}</Link>
          </th>
          <td>{unit.path}</td>
          <td>{RESEARCH_UNIT_KINDS[unit.kind]}</td>
          <PublicationStatusCell status={unit.status} publishAt={unit.publishAt} />
          <td>{updatedAtText(unit.updatedAt)}</td>
        </tr>
      ))}
    </EditorListScreen>
  );
}
