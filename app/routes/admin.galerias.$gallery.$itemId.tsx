import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { StaffEditorPage } from "~/components/staff-editor-page";
import { db } from "~/db.server";
import { or404 } from "~/content/record-editor-route.server";
import { IMAGE_FORM_MAX_BYTES } from "~/files/image-upload.server";
import { getGalleryImageForEditor, updateGalleryImage } from "~/gallery/gallery-editor.server";
import { galleryImageAction } from "~/gallery/gallery-routes.server";
import { GalleryImageForm } from "~/gallery/gallery-image-form";
import { getGallery, galleryNamed } from "~/gallery/gallery.server";
import { requireStaff } from "~/staff/guard.server";
import mediaStyles from "~/styles/content-media.css";
import { HistoryLink } from "~/content/history-links";
import { staffAccessOf } from "~/staff/access-registry";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = IMAGE_FORM_MAX_BYTES;

// Editing one image of a gallery: its texts, or a new picture (issue 12).
export const staffAccess = staffAccessOf("routes/admin.galerias.$gallery.$itemId");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: mediaStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.image.title ?? "Imagen"} | Editar imagen | Área del personal HIMFG` },
  { name: "robots", content: "noindex, nofollow" },
];

const NOT_FOUND = "No encontramos esta imagen";

function itemIdOf(raw: string | undefined): number {
  if (!/^[1-9][0-9]{0,9}$/.test(raw ?? "")) throw new Response(NOT_FOUND, { status: 404 });
  return Number(raw);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const name = galleryNamed(params.gallery);
  const [gallery, image] = await Promise.all([getGallery(db, name), getGalleryImageForEditor(db, name, itemIdOf(params.itemId))]);
  if (!image) throw new Response(NOT_FOUND, { status: 404 });
  return { gallery, image };
}

/** The image's texts and (optionally) a new picture; an image that is gone is the Spanish 404. */
export const action = (args: ActionFunctionArgs) =>
  galleryImageAction(args, staffAccess, {
    step: async (ctx, gallery, value, image) =>
      or404(await updateGalleryImage(db, gallery, itemIdOf(args.params.itemId), value, image, ctx.actor, ctx.requestId), NOT_FOUND),
  });

export default function EditGalleryImage() {
  const { gallery, image } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <StaffEditorPage backTo={`/admin/galerias/${gallery.name}`} backLabel={<>Volver a {gallery.title}</>} heading={<>Editar «{image.title}»</>}>
      <p>
        {image.visible ? (
          <>
            Página pública: <a href={`${gallery.path}/${image.id}`}>{`${gallery.path}/${image.id}`}</a>
          </>
        ) : (
          "Esta imagen está oculta; muéstrela desde la lista de la galería."
        )}
      </p>
      <HistoryLink segment="galerias" recordKey={image.id}>
        Historial de la imagen (versiones anteriores y «Restaurar»)
      </HistoryLink>
      <GalleryImageForm
        id="editar-imagen"
        action={`/admin/galerias/${gallery.name}/${image.id}`}
        defaultValue={{ title: image.title, author: image.author ?? "", caption: image.caption, altText: image.altText }}
        currentImage={{ src: image.src, alt: image.altText, width: image.width, height: image.height }}
        lastResult={actionData?.result}
        submitLabel="Guardar cambios"
      />
    </StaffEditorPage>
  );
}
