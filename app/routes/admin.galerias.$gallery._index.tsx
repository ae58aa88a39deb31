import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrangeButtons } from "~/components/arrange-buttons";
import { OrderedListLead, StaffTable } from "~/components/staff-table";
import { StaffEditorPage } from "~/components/staff-editor-page";
import { db } from "~/db.server";
import { arrangeGalleryImage, listGalleryImagesForEditor } from "~/gallery/gallery-editor.server";
import { getGallery, galleryNamed } from "~/gallery/gallery.server";
import { requireStaff } from "~/staff/guard.server";
import mediaStyles from "~/styles/content-media.css";
import { arrangeSchema } from "~/utils/reorder.server";
import { staffAction } from "~/actions/pipeline.server";
import { redirectWithToast } from "~/utils/toast.server";
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

/** A row button of the list: Subir, Bajar, Ocultar or Mostrar one image. */
export const action = (args: ActionFunctionArgs) => {
  const name = () => galleryNamed(args.params.gallery);
  return staffAction({
    access: staffAccess,
    schema: arrangeSchema,
    step: (ctx, { value }) => arrangeGalleryImage(db, name(), value, ctx.actor, ctx.requestId),
    done: (outcome) => redirectWithToast(`/admin/galerias/${name()}`, { type: "success", description: outcome.message }, { status: 303 }),
  })(args);
};

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
        refused={actionData}
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
