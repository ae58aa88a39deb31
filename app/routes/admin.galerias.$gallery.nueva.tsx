import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { StaffEditorPage } from "~/components/staff-editor-page";
import { db } from "~/db.server";
import { IMAGE_FORM_MAX_BYTES, IMAGE_REQUIRED } from "~/files/image-upload.server";
import { addGalleryImage } from "~/gallery/gallery-editor.server";
import { GalleryImageForm } from "~/gallery/gallery-image-form";
import { galleryImageAction, galleryStaffLoader } from "~/gallery/gallery-routes.server";
import mediaStyles from "~/styles/content-media.css";
import { staffAccessOf } from "~/staff/access-registry";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = IMAGE_FORM_MAX_BYTES;

// A new image at the end of a gallery (issue 12).
export const staffAccess = staffAccessOf("routes/admin.galerias.$gallery.nueva");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: mediaStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Agregar una imagen | ${data?.gallery.title ?? "Galería"} | Área del personal HIMFG` },
  { name: "robots", content: "noindex, nofollow" },
];

export const loader = galleryStaffLoader(staffAccess);

export const action = (args: ActionFunctionArgs) =>
  galleryImageAction(args, staffAccess, {
    requiredFiles: IMAGE_REQUIRED,
    // requiredFiles answered already when the image was missing or refused.
    step: (ctx, gallery, value, image) => addGalleryImage(db, gallery, value, image!, ctx.actor, ctx.requestId),
  });

export default function NewGalleryImage() {
  const { gallery } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <StaffEditorPage
      backTo={`/admin/galerias/${gallery.name}`}
      backLabel={<>Volver a {gallery.title}</>}
      heading={<>Agregar una imagen a «{gallery.title}»</>}
    >
      <GalleryImageForm
        id="nueva-imagen"
        action={`/admin/galerias/${gallery.name}/nueva`}
        defaultValue={{ title: "", author: "", caption: "", altText: "" }}
        lastResult={actionData?.result}
        submitLabel="Agregar la imagen"
      />
    </StaffEditorPage>
  );
}
