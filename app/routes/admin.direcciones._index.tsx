import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StaffTable } from "~/components/staff-table";
import { DIRECTION_LEVEL_LABELS } from "~/content/direction-levels";
import { listDirectionNodesForEditor } from "~/content/directions-editor.server";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import siteEditorStyles from "~/styles/site-editor.css";
import { staffAccessOf } from "~/staff/access-registry";

// The directions tree (header links, /direcciones, /direccion/{slug}), for the communications office (issue 12).
export const staffAccess = staffAccessOf("routes/admin.direcciones._index");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: siteEditorStyles }];

export const meta: MetaFunction = () => [{ title: "Direcciones | Área del personal HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return { nodes: await listDirectionNodesForEditor(db) };
}

export default function DirectionsEditor() {
  const { nodes } = useLoaderData<typeof loader>();
  return (
    <div className="container page">
      <h1>Direcciones y áreas</h1>
      <p>
        El árbol de direcciones: las direcciones principales aparecen en el menú de cada página y el árbol completo en{" "}
        <a href="/direcciones">/direcciones</a>. Si cambia la dirección corta de un área, la dirección anterior sigue funcionando y lleva a la nueva.
      </p>
      <p>
        <Link to="/admin/direcciones/nueva" className="button">
          Agregar un área
        </Link>
      </p>
      <StaffTable caption="Direcciones y áreas del hospital" hideCaption columns={["Nombre", "Tipo", "Dirección", "Orden"]}>
        {nodes.map((node) => (
          <tr key={node.id}>
            <th scope="row">
              {/* Indentation shows the depth; the hidden "Nivel" says it to screen readers. */}
              <span className={`tree-depth tree-depth--${Math.min(node.depth, 4)}`}>
                {node.depth > 0 ? <span className="visually-hidden">Nivel {node.depth + 1}: </span> : null}
                <Link to={`/admin/direcciones/${node.id}`}>{node.name}</Link>
              </span>
            </th>
            <td>{DIRECTION_LEVEL_LABELS[node.level]}</td>
            <td>{node.href}</td>
            <td>{node.position}</td>
          </tr>
        ))}
      </StaffTable>
    </div>
  );
}
