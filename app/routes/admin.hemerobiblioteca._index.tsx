import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StaffTable } from "~/components/staff-table";
import { db } from "~/db.server";
import { listLibraryPanelsForEditor } from "~/library/library-panels.server";
import { requireStaff } from "~/staff/guard.server";
import { formatMexicoCityDateTime } from "~/utils/mexico-city";
import { staffAccessOf } from "~/staff/access-registry";

// The Hemerobiblioteca's eight panels, for the communications office (issue 12).
export const staffAccess = staffAccessOf("routes/admin.hemerobiblioteca._index");

export const meta: MetaFunction = () => [{ title: "Hemerobiblioteca | Área del personal HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return { panels: await listLibraryPanelsForEditor(db) };
}

export default function LibraryPanelsList() {
  const { panels } = useLoaderData<typeof loader>();
  return (
    <div className="container page">
      <h1>Hemerobiblioteca</h1>
      <p>
        Los ocho apartados de la página <a href="/hemerobiblioteca">/hemerobiblioteca</a>. Elija uno para editar su texto.
      </p>
      <StaffTable caption="Apartados de la Hemerobiblioteca" hideCaption columns={["Apartado", "Página pública", "Última modificación"]}>
        {panels.map((panel) => (
          <tr key={panel.id}>
            <th scope="row">
              <Link to={`/admin/hemerobiblioteca/${panel.id}`}>{panel.label}</Link>
            </th>
            <td>
              <a href={`/hemerobiblioteca#panel-${panel.id}`}>/hemerobiblioteca#panel-{panel.id}</a>
            </td>
            <td>{formatMexicoCityDateTime(panel.updatedAt)}</td>
          </tr>
        ))}
      </StaffTable>
    </div>
  );
}
