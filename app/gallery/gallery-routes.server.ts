import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffRole } from "~/staff/staff";
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
