import { z } from "zod";
import type { Outcome } from "~/actions/outcome";
import type { Replying } from "~/actions/reply.server";
import { data } from "@remix-run/node";
import { publicFileUrl } from "~/files/files.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffRole, StaffUser } from "~/staff/staff";
import { redirectWithToast } from "~/utils/toast.server";
import type { CurrentImage } from "./record-editor-form";
import { editorRecordId } from "./revisions.server";

/**
 * The route steps the record editors share (department pages, research units, profile records;
 * decision 0026), so each route says only what differs: which record, which form, which save.
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

/** What an editor's parse step answers: `done` (preview, list buttons, errors), or the values and the checked files. */
type ParseStep = {
  readonly done?: unknown;
  readonly submission?: Replying;
  readonly value?: unknown;
  readonly files?: unknown;
};

type SaveOutcome = Outcome<{ message: string; id?: number }>;

/**
 * An editor's action: the staff guard, the form (preview, list buttons and errors answered by
 * `parse` with nothing stored), one save, then the toast and a redirect to `redirectTo` (given the
 * new record's id when the save created one); a 400 with every error, or the Spanish 404.
 */
export async function recordFormAction<P extends ParseStep>(
  request: Request,
  access: readonly StaffRole[],
  steps: {
    parse: (request: Request) => Promise<P>;
    save: (value: NonNullable<P["value"]>, files: NonNullable<P["files"]>, actor: StaffUser) => Promise<SaveOutcome>;
    notFound: string;
    redirectTo: (id: number | undefined) => string;
  },
) {
  const actor = await requireStaff(request, access);
  const parsed = await steps.parse(request);
  if (parsed.done !== undefined || !parsed.submission) return parsed.done as NonNullable<P["done"]>;
  const outcome = await steps.save(parsed.value as NonNullable<P["value"]>, parsed.files as NonNullable<P["files"]>, actor);
  if (!outcome.ok && outcome.status === 404) throw new Response(steps.notFound, { status: 404 });
  if (!outcome.ok) {
    const { form, fields } = outcome.problem;
    return data(
      { result: parsed.submission.reply({ ...(form.length ? { formErrors: form } : {}), fieldErrors: fields }), preview: null },
      { status: outcome.status },
    );
  }
  return redirectWithToast(steps.redirectTo(outcome.id), { type: "success", description: outcome.message }, { status: 303 });
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
