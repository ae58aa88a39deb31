import { z } from "zod";
import type { Outcome } from "~/actions/outcome";
import { publicFileUrl } from "~/files/files.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffRole } from "~/staff/staff";
import type { CurrentImage } from "./record-editor-form";
import { editorRecordId } from "./revisions.server";

/**
 * The route steps the record editors share (department pages, research units, profile records;
 * decision 0026): the loader's guarded read, the current images, the 404 of a pipeline step.
 */

/** A loader's record: the staff guard first, then the record of `:pageId`, or the Spanish 404. */
export async function loadRecordForEditor<T>(
  request: Request,
  access: readonly StaffRole[],
  rawId: string | undefined,
  read: (id: number) => Promise<T | null>,
  notFound: string,
): Promise<T> {
  await requireStaff(request, access);
  const record = await read(editorRecordId(rawId));
  if (!record) throw new Response(notFound, { status: 404 });
  return record;
}

/** The stored images of a record, as the form's "current image" links. */
export function currentImages<F extends string>(record: Record<F, string | null>, fields: readonly F[]): Record<F, CurrentImage> {
  return Object.fromEntries(
    fields.map((field) => [field, record[field] ? { href: publicFileUrl(record[field]), label: "ver la imagen actual" } : null]),
  ) as Record<F, CurrentImage>;
}

/** The schema of a button-only form (delete, discard): nothing to read beside its `intent`. */
export const NO_FIELDS = z.object({});

/**
 * A pipeline step's outcome, with a 404 refusal thrown as the route's Spanish 404 page (as the
 * editors answered before the pipeline); any other refusal goes back to the pipeline's reply.
 */
export function or404<T extends Outcome>(outcome: T, message: string): T {
  if (!outcome.ok && outcome.status === 404) throw new Response(message, { status: 404 });
  return outcome;
}
