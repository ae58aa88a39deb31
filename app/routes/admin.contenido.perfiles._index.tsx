import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StaffTable } from "~/components/staff-table";
import { listProfilesForEditor } from "~/content/profile-page-editor.server";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { formatMexicoCityDateTime } from "~/utils/mexico-time";

// The profile records (banner, texts and images shown on pages such as /medica), for the communications office (issue 12).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta: MetaFunction = () => [
  { title: "Perfiles de dirección | Área del personal HIMFG" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return { profiles: await listProfilesForEditor(db) };
}

export default function ProfilesList() {
  const { profiles } = useLoaderData<typeof loader>();
  return (
    <div className="container page">
      <p>
        <Link to="/admin/contenido">Páginas de información</Link>
      </p>
      <h1>Perfiles de dirección</h1>
      <p>El encabezado, los textos y las imágenes que se muestran bajo el contenido de las páginas de información de cada dirección.</p>
      <StaffTable caption="Perfiles de dirección" hideCaption columns={["Perfil", "Se muestra en", "Última modificación"]}>
        {profiles.map((profile) => (
          <tr key={profile.id}>
            <th scope="row">
              <Link to={`/admin/contenido/perfiles/${profile.id}`}>{profile.title}</Link>
            </th>
            <td>{profile.paths.length ? profile.paths.join(", ") : "Ninguna página"}</td>
            <td>{formatMexicoCityDateTime(profile.updatedAt)}</td>
          </tr>
        ))}
      </StaffTable>
    </div>
  );
}
