import { z } from "zod";
import { staffIntent } from "~/actions/pipeline.server";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";
import { countOf } from "~/utils/plural";
import { redirectWithToast } from "~/utils/toast.server";
import { claimRejectionSchema, confirmPaymentByHand, manualConfirmationSchema, rejectClaimByHand } from "./manual-confirmation.server";
import { applyStoredReport, columnNamesFrom, REPORT_MESSAGES, reportColumnsSchema, reviewReport } from "./reconciliation-admin.server";

// The forms of /admin/conciliacion as pipeline intents: «Revisar reporte» (multipart), «Aplicar
// conciliación», and «Confirmar pago» / «Rechazar pago» of a claim en verificación.

const PATH = "/admin/conciliacion";
const ages = new Intl.RelativeTimeFormat("es-MX", { style: "short", numeric: "always" });

/** "hace 3 h": how long someone has been waiting, in words. */
export function ageInWords(iso: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return "hace menos de 1 min";
  if (minutes < 60) return ages.format(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return ages.format(-hours, "hour");
  return ages.format(-Math.floor(hours / 24), "day");
}

const applySchema = z.object({
  reporte: z.string({ error: "Falta el reporte." }).max(64),
  sha256: z.string({ error: "Falta la huella del reporte." }).regex(/^[0-9a-f]{64}$/, "La huella del reporte no es válida."),
});

export const RECONCILIATION_INTENTS = {
  revisar: staffIntent({
    schema: reportColumnsSchema,
    requiredFiles: { reporte: REPORT_MESSAGES.missing },
    step: (ctx, { value, files }) => reviewReport(db, ctx, files.get("reporte")!, columnNamesFrom(value)),
    done: (outcome) =>
      redirectWithToast(`${PATH}?reporte=${outcome.reportId}`, { type: "info", description: "Revise la vista previa: todavía no se cambió nada." }),
  }),
  aplicar: staffIntent({
    schema: applySchema,
    step: (ctx, { value }) => applyStoredReport(db, ctx, { reportId: value.reporte, sha256: value.sha256 }, { origin: siteOrigin() }),
    done: (outcome) => {
      const plan = outcome.plan;
      return redirectWithToast(`${PATH}?reporte=${outcome.reportId}`, {
        type: "success",
        description: `Conciliación aplicada: ${countOf(outcome.changed, { one: "cambio", other: "cambios" })}. ${plan.matched.length} coinciden, ${plan.mismatched.length} con otro importe, ${plan.missingFromBank.length} ausentes del reporte, ${plan.declined.length} declinados, ${plan.unknown.length} desconocidos.`,
      });
    },
  }),
  confirmar: staffIntent({
    schema: manualConfirmationSchema,
    step: (ctx, { value }) =>
      confirmPaymentByHand(db, ctx, { attemptId: value.pago, referencia: value.referencia, codigoAut: value.codigo }, { origin: siteOrigin() }),
    done: (outcome) =>
      redirectWithToast(PATH, {
        type: outcome.refundReason ? "info" : "success",
        description: outcome.refundReason
          ? `El pago ${outcome.controlNumber} quedó confirmado, pero no se pudo entregar: ${outcome.refundReason}`
          : `El pago ${outcome.controlNumber} quedó confirmado; la persona recibió su confirmación por correo.`,
      }),
  }),
  rechazar: staffIntent({
    schema: claimRejectionSchema,
    step: (ctx, { value }) => rejectClaimByHand(db, ctx, { attemptId: value.pago, reason: value.motivo }),
    done: (outcome) =>
      redirectWithToast(PATH, {
        type: "success",
        description: `El pago ${outcome.controlNumber} quedó rechazado; se liberó el lugar y se avisó a la persona.`,
      }),
  }),
};
