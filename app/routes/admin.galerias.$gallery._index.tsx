import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrangeButtons } from "~/components/arrange-buttons";
import { OrderedListLead, StaffTable } from "~/components/staff-table";
import { StaffEditorPage } from "~/components/staff-editor-page";
import { db } from "~/db.server";
import { arrangeGalleryImage, listGalleryImagesForEditor } from "~/gallery/gallery-editor.server";
import { getGallery, galleryNamed } from "~/gallery/gallery.server";
import { requireStaff } from "~/staff/guard.server";
import mediaStyles from "~/styles/content-media.css";
import { parseArrangeForm } from "~/utils/reorder.server";
import { redirectWithToast } from "~/utils/toast.server";
import { problemMessages } from "~/actions/outcome";
import { staffAccessOf } from "~/staff/access-registry";

// The images of one gallery: order, hide, show, and links to add or edit (issue 12).
export const staffAccess = staffAccessOf("routes/admin.galerias.$gallery._index");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: mediaStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.gallery.title ?? "Galería"} | Galerías | Área del personal HIMFG` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const name = galleryNamed(params.gallery);
  const [gallery, images] = await Promise.all([getGallery(db, name), listGalleryImagesForEditor(db, name)]);
  return { gallery, images };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireStaff(request, staffAccess);
  const name = galleryNamed(params.gallery);
  const input = parseArrangeForm(await request.formData());
  if (!input) return data({ message: "No entendimos el cambio. Use los botones Subir, Bajar, Ocultar o Mostrar de la lista." }, { status: 400 });
  const outcome = await arrangeGalleryImage(db, name, input, actor, context.requestId ?? null);
  if (!outcome.ok) return data({ message: problemMessages(outcome).join(" ") }, { status: outcome.status });
  return redirectWithToast(`/admin/galerias/${name}`, { type: "success", description: outcome.message }, { status: 303 });
}

export default function GalleryImages() {
  const { gallery, images } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <StaffEditorPage backTo="/admin/galerias" backLabel="Volver a las galerías" heading={gallery.title}>
      <p>
        Página pública: <a href={gallery.path}>{gallery.path}</a> ·{" "}
        <Link to={`/admin/galerias/${gallery.name}/textos`}>Editar los textos de la galería</Link>
      </p>
      <OrderedListLead
        addHref={`/admin/galerias/${gallery.name}/nueva`}
        addLabel="Agregar una imagen"
        message={actionData?.message}
        countText={images.length === 1 ? "1 imagen" : `${images.length} imágenes`}
      />
      <StaffTable caption={`Imágenes de ${gallery.title}, en orden`} hideCaption columns={["Imagen", "Vista", "Autor", "Estado", "Acciones"]}>
        {images.map((image, index) => (
          <tr key={image.id}>
            <th scope="row">
              <Link to={`/admin/galerias/${gallery.name}/${image.id}`}>{image.title}</Link>
            </th>
            <td>
              <img src={image.src} alt={image.altText} width={image.width} height={image.height} className="media-thumb" loading="lazy" />
            </td>
            <td>{image.author ?? "—"}</td>
            <td>{image.visible ? "Visible" : "Oculta"}</td>
            <td>
              <ArrangeButtons id={image.id} name={image.title} visible={image.visible} first={index === 0} last={index === images.length - 1} />
            </td>
          </tr>
        ))}
      </StaffTable>
    </StaffEditorPage>
  );
}
