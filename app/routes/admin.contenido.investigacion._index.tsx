import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { StaffTable } from "~/components/staff-table";
import { listResearchUnitsForEditor } from "~/content/research-unit-editor.server";
import { RESEARCH_UNIT_KINDS } from "~/content/seeded-record-forms";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { formatMexicoCityDateTime } from "~/utils/mexico-time";

// The research units and laboratories (/investigadores/{id}), for the communications office (issue 12).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta: MetaFunction = () => [
  { title: "Unidades de investigación | Área del personal HIMFG" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  return { q, units: await listResearchUnitsForEditor(db, q) };
}

export default function ResearchUnitsList() {
  const { q, units } = useLoaderData<typeof loader>();
  return (
    <div className="container page">
      <p>
        <Link to="/admin/contenido">Páginas de información</Link>
      </p>
      <h1>Unidades y laboratorios de investigación</h1>
      <Form method="get" className="form form--inline" role="search" aria-label="Buscar unidades de investigación">
        <label htmlFor="buscar-unidades" className="field__label">
          Buscar por nombre o número
        </label>
        <input id="buscar-unidades" name="q" type="search" defaultValue={q} className="field__input" />
        <button type="submit" className="button button--secondary">
          Buscar
        </button>
      </Form>
      <p role="status">{units.length === 1 ? "1 unidad" : `${units.length} unidades`}</p>
      <StaffTable caption="Unidades y laboratorios de investigación" hideCaption columns={["Nombre", "Dirección", "Tipo", "Última modificación"]}>
        {units.map((unit) => (
          <tr key={unit.id}>
            <th scope="row">
              <Link to={`/admin/contenido/investigacion/${unit.id}`}>{unit.name}</Link>
            </th>
            <td>
              {unit.path}
              {unit.isPublished ? "" : " (no publicada)"}
            </td>
            <td>{RESEARCH_UNIT_KINDS[unit.kind]}</td>
            <td>{formatMexicoCityDateTime(unit.updatedAt)}</td>
          </tr>
        ))}
      </StaffTable>
    </div>
  );
}
