import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StaffTable } from "~/components/staff-table";
import { db } from "~/db.server";
import { countGalleryImages } from "~/gallery/gallery-editor.server";
import { listGalleries } from "~/gallery/gallery.server";
import { requireStaff } from "~/staff/guard.server";
import { staffAccessOf } from "~/staff/access-registry";

// The site's three galleries, for the communications office (issue 12, decision 0023).
export const staffAccess = staffAccessOf("routes/admin.galerias._index");

export const meta: MetaFunction = () => [{ title: "Galerías | Área del personal HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const [galleries, counts] = await Promise.all([listGalleries(db), countGalleryImages(db)]);
  return { galleries: galleries.map((gallery) => ({ name: gallery.name, title: gallery.title, path: gallery.path, ...counts[gallery.name] })) };
}

export default function GalleriesList() {
  const { galleries } = useLoaderData<typeof loader>();
  return (
    <div className="container page">
      <h1>Galerías</h1>
      <StaffTable caption="Galerías del sitio" hideCaption columns={["Galería", "Dirección pública", "Imágenes", "Textos"]}>
        {galleries.map((gallery) => (
          <tr key={gallery.name}>
            <th scope="row">
              <Link to={`/admin/galerias/${gallery.name}`}>{gallery.title}</Link>
            </th>
            <td>
              <a href={gallery.path}>{gallery.path}</a>
            </td>
            <td>
              {gallery.visible} visibles de {gallery.total}
            </td>
            <td>
              <Link to={`/admin/galerias/${gallery.name}/textos`}>
                Editar los textos<span className="visually-hidden"> de {gallery.title}</span>
              </Link>
            </td>
          </tr>
        ))}
      </StaffTable>
    </div>
  );
}
