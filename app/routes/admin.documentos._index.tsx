import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StaffTable } from "~/components/staff-table";
import { db } from "~/db.server";
import { listCollectionsForEditor } from "~/documents/document-editor.server";
import { requireStaff } from "~/staff/guard.server";
import { staffAccessOf } from "~/staff/access-registry";

// The document collections (transparency, yearbooks, procurement, calls, archives), for the communications office (issue 12).
export const staffAccess = staffAccessOf("routes/admin.documentos._index");

export const meta: MetaFunction = () => [{ title: "Documentos | Área del personal HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return { collections: await listCollectionsForEditor(db) };
}

export default function DocumentCollections() {
  const { collections } = useLoaderData<typeof loader>();
  return (
    <div className="container page">
      <h1>Documentos y transparencia</h1>
      <p>
        Elija una colección para agregar un año o grupo, subir documentos, cambiarles el nombre o el orden, reemplazar un archivo o retirarlo del
        sitio.
      </p>
      <StaffTable caption="Colecciones de documentos" hideCaption columns={["Colección", "Página pública", "Grupos", "Documentos publicados"]}>
        {collections.map((collection) => (
          <tr key={collection.key}>
            <th scope="row">
              <Link to={`/admin/documentos/${collection.key}`}>{collection.title}</Link>
            </th>
            <td>{collection.publicPath ? <a href={collection.publicPath}>{collection.publicPath.replace(/#.*$/, "")}</a> : "—"}</td>
            <td>{collection.groups}</td>
            <td>{collection.documents}</td>
          </tr>
        ))}
      </StaffTable>
    </div>
  );
}
