import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listProfilesForEditor } from "~/content/profile-page-editor.server";
import { countText, EditorListScreen, PublicationStatusCell, staffScreenMeta, updatedAtText } from "~/content/record-list";
import { loadEditorList } from "~/content/record-list.server";
import type { StaffAccess } from "~/staff/staff";

// The profile records (banner, texts and images shown on pages such as /medica), for the communications office (issue 12).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta = staffScreenMeta("Perfiles de dirección");

export const loader = ({ request }: LoaderFunctionArgs) => loadEditorList(request, staffAccess, listProfilesForEditor);

export default function ProfilesList() {
  const { q, items } = useLoaderData<typeof loader>();
  return (
    <EditorListScreen
      title="Perfiles de dirección"
      back={{ to: "/admin/contenido", label: "Páginas de información" }}
      intro="El encabezado, los textos y las imágenes que se muestran bajo el contenido de las páginas de información de cada dirección."
      actions={
        <Link to="/admin/contenido/perfiles/nueva" className="button">
          Crear un perfil
        </Link>
      }
      search={{ id: "buscar-perfiles", label: "Buscar por título", ariaLabel: "Buscar perfiles", q }}
      count={countText(items.length, "perfil", "perfiles")}
      columns={["Perfil", "Se muestra en", "Estado", "Última modificación"]}
    >
      {items.map((profile) => (
        <tr key={profile.id}>
          <th scope="row">
            <Link to={`/admin/contenido/perfiles/${profile.id}`}>{profile.title}</Link>
          </th>
          <td>{profile.paths.length ? profile.paths.join(", ") : "Ninguna página"}</td>
          <PublicationStatusCell status={profile.status} publishAt={profile.publishAt} />
          <td>{updatedAtText(profile.updatedAt)}</td>
        </tr>
      ))}
    </EditorListScreen>
  );
}
