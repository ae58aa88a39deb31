import { z } from "zod";
import type { StaffContext } from "~/actions/context";
import { refuse, type Outcome } from "~/actions/outcome";
import { staffIntent } from "~/actions/pipeline.server";
import { db } from "~/db.server";
import { redirectWithToast } from "~/utils/toast.server";
import { listEligibility } from "./constancia-eligibility.server";
import { completionSettingsSchema, saveCompletionSettings } from "./constancia-settings.server";
import { issueConstancias, reissueConstancia, revokeConstancia } from "./constancias.server";

// The forms of /admin/cursos/{id}/constancias as pipeline intents (the `intent` field): the
// completion settings, the bulk issue (chosen rows or «todas»), revoke and reissue with a reason.
// Each success goes back to the page with a toast.

const reasonSchema = z.object({
  folio: z.string({ error: "Elija la constancia." }).trim().min(1, "Elija la constancia.").max(40, "Elija la constancia."),
  reason: z
    .string({ error: "Escriba el motivo." })
    .trim()
    .min(3, "Escriba el motivo (al menos 3 caracteres).")
    .max(500, "El motivo es demasiado largo (máximo 500 caracteres)."),
});

// The rows are checked by the step (one message for a forged selection, not one per row).
const issueSchema = z.object({ enrolment: z.array(z.string()).default([]), todas: z.string().optional() });

/** The chosen rows, or with «todas» every eligible one still without a constancia; then issue them. */
async function issueChosen(
  ctx: StaffContext,
  courseId: number,
  value: z.output<typeof issueSchema>,
): Promise<Outcome<{ issued: number; nothingLeft: boolean }>> {
  let ids: number[];
  if (value.todas === "1") {
    const list = await listEligibility(db, courseId);
    if (!list) return refuse(404, "El curso no existe.");
    ids = list.rows.filter((row) => row.kind !== null && row.constancia === null).map((row) => row.enrolmentId);
    // A second click after the first issued them all: nothing left, not a mistake.
    if (ids.length === 0) return { ok: true, issued: 0, nothingLeft: true };
  } else {
    if (value.enrolment.some((id) => !/^\d{1,12}$/.test(id))) return refuse(400, "La selección no es válida. Recargue la página y vuelva a elegir.");
    ids = value.enrolment.map(Number);
  }
  const outcome = await issueConstancias(db, ctx, courseId, ids);
  if (!outcome.ok) return outcome;
  return { ok: true, issued: outcome.issued.length, nothingLeft: false };
}

function issuedToast(issued: number, nothingLeft: boolean): string {
  if (nothingLeft) return "No quedaban constancias por emitir.";
  if (issued === 0) return "Esas personas ya tenían su constancia.";
  return issued === 1 ? "Emitimos 1 constancia y enviamos el correo." : `Emitimos ${issued} constancias y enviamos los correos.`;
}

/** The intents of one course's constancias page. */
export function constanciasIntents(courseId: number) {
  const path = `/admin/cursos/${courseId}/constancias`;
  const back = (description: string) => redirectWithToast(path, { type: "success", description });
  return {
    ajustes: staffIntent({
      schema: completionSettingsSchema,
      step: (ctx, { value }) => saveCompletionSettings(db, ctx, courseId, value),
      done: () => back("Guardamos los datos de las constancias."),
    }),
    emitir: staffIntent({
      schema: issueSchema,
      step: (ctx, { value }) => issueChosen(ctx, courseId, value),
      done: (outcome) => back(issuedToast(outcome.issued, outcome.nothingLeft)),
    }),
    revocar: staffIntent({
      schema: reasonSchema,
      step: (ctx, { value }) => revokeConstancia(db, ctx, courseId, value.folio, value.reason),
      done: (outcome) => back(`Revocamos la constancia ${outcome.folio}.`),
    }),
    reemitir: staffIntent({
      schema: reasonSchema,
      step: (ctx, { value }) => reissueConstancia(db, ctx, courseId, value.folio, value.reason),
      done: (outcome) => back(`Emitimos la constancia ${outcome.folio}, que reemplaza a la anterior.`),
    }),
  };
}
