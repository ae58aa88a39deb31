import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { StaffContext } from "~/actions/context";
import type { Outcome } from "~/actions/outcome";
import { staffAction } from "~/actions/pipeline.server";
import { contentImageBody, imageOf, type CheckedImage } from "~/files/image-upload.server";
import { redirectWithToast } from "~/utils/toast.server";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffRole } from "~/staff/staff";
import type { GalleryName } from "~/db.server";
import { galleryImageSchema, type GalleryImageInput } from "./gallery-forms.server";
import { getGallery, galleryNamed } from "./gallery.server";

/**
 * The loader of the gallery staff pages that need only the gallery named in the URL (its texts, a
 * new image): the staff guard first, then the gallery (404 for an unknown name).
 *
 *   export const loader = galleryStaffLoader(staffAccess);
 */
export function galleryStaffLoader(access: readonly StaffRole[]) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    await requireStaff(request, access);
    return { gallery: await getGallery(db, galleryNamed(params.gallery)) };
  };
}

/**
 * The action of a gallery image's form (a new image, an edit) on the one pipeline: the image read
 * by contentImageBody, the texts by galleryImageSchema, one step, then back to the gallery's list.
 */
export function galleryImageAction(
  args: ActionFunctionArgs,
  access: readonly StaffRole[],
  spec: {
    requiredFiles?: Record<string, string>;
    step: (
      ctx: StaffContext,
      gallery: GalleryName,
      value: GalleryImageInput,
      image: CheckedImage | undefined,
    ) => Promise<Outcome<{ message: string }>>;
  },
) {
  const name = () => galleryNamed(args.params.gallery);
  return staffAction({
    access,
    read: contentImageBody,
    schema: galleryImageSchema,
    requiredFiles: spec.requiredFiles,
    step: (ctx, { value, files }) => spec.step(ctx, name(), value, imageOf(files)),
    done: (outcome) => redirectWithToast(`/admin/galerias/${name()}`, { type: "success", description: outcome.message }, { status: 303 }),
  })(args);
}
