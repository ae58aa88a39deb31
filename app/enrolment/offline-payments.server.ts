import type { Kysely } from "kysely";
import { formatMoney } from "~/courses/pricing";
import type { DB, OfflinePaymentMethod } from "~/db.server";
import { storeFile } from "~/files/files.server";
import type { AdminUpload } from "~/staff/teaching/admin-uploads.server";
import { actorLabel, audit, type StaffContext } from "~/staff/teaching/staff-context.server";
import { sendEnrolmentConfirmedMail } from "./enrolment-mail.server";
import { canTransition, confirmEnrolment } from "./enrolment.server";

export { OFFLINE_METHOD_LABELS } from "~/staff/teaching/format";

export interface OfflinePaymentInput {
  enrolmentId: number;
  method: OfflinePaymentMethod;
  amountCentavos: number;
  /** Calendar date 'YYYY-MM-DD'. */
  paidOn: string;
  reference: string;
  receipt: AdminUpload;
  origin: string;
}

export type OfflinePaymentOutcome =
  | { ok: true; offlinePaymentId: number; confirmed: boolean; movedOnline: boolean; refundNeeded: boolean }
  | { ok: false; status: 400 | 404 | 409; formErrors: readonly string[]; fieldErrors: Record<string, string[]> };

const todayInMexicoCity = (now: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(now);

/**
 * Records money received outside the card gateway and confirms the enrolment through the same
 * transition table as a card approval (confirmEnrolment with paid: true, so a full course never
 * loses the money: it is moved online or flagged for a refund). One transaction stores the
 * receipt, the payment, the confirmation and the audit rows; the confirmation e-mail with the
 * access PDF goes out after it committed.
 */
export async function recordOfflinePayment(
  db: Kysely<DB>,
  ctx: StaffContext,
  input: OfflinePaymentInput,
  now = new Date(),
): Promise<OfflinePaymentOutcome> {
  const fieldErrors: Record<string, string[]> = {};
  if (input.paidOn > todayInMexicoCity(now)) fieldErrors.paid_on = ["La fecha del pago no puede ser posterior a hoy."];
  const result = await db.transaction().execute(async (trx) => {
    const enrolment = await trx.selectFrom("enrolments").selectAll().where("id", "=", input.enrolmentId).executeTakeFirst();
    if (!enrolment) return { ok: false, status: 404, formErrors: ["La inscripción no existe."], fieldErrors: {} } as const;
    if (!canTransition(enrolment.status, "confirmada")) {
      return {
        ok: false,
        status: 409,
        formErrors: ["Esta inscripción ya no espera un pago (está confirmada, rechazada o cancelada). No se registró nada."],
        fieldErrors: {},
      } as const;
    }
    if (input.amountCentavos < enrolment.amount_centavos) {
      fieldErrors.amount = [`El monto es menor que el precio de la inscripción (${formatMoney(enrolment.amount_centavos)}). Revise el comprobante.`];
    }
    const duplicate = await trx
      .selectFrom("offline_payments")
      .select("id")
      .where("method", "=", input.method)
      .where("reference", "=", input.reference)
      .executeTakeFirst();
    if (duplicate) fieldErrors.reference = ["Esa referencia ya está registrada para otro pago del mismo medio."];
    if (Object.keys(fieldErrors).length > 0) return { ok: false, status: 400, formErrors: [], fieldErrors: { ...fieldErrors } } as const;

    const receiptId = await storeFile(trx, input.receipt, "private");
    const payment = await trx
      .insertInto("offline_payments")
      .values({
        enrolment_id: enrolment.id,
        method: input.method,
        amount_centavos: input.amountCentavos,
        paid_on: input.paidOn,
        reference: input.reference,
        receipt_file_id: receiptId,
        recorded_by: actorLabel(ctx),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const confirmation = await confirmEnrolment(trx, enrolment.id, { paid: true });
    if (!confirmation.ok) throw new Error(`confirmEnrolment refused a paid enrolment: ${confirmation.reason}`);
    const refundNeeded = "refund" in confirmation;
    const after = await trx
      .selectFrom("enrolments")
      .select(["status", "modality", "refund_reason"])
      .where("id", "=", enrolment.id)
      .executeTakeFirstOrThrow();
    await audit(trx, ctx, {
      action: "pago.registrar_fuera_de_linea",
      entity: "offline_payment",
      entityId: payment.id,
      before: null,
      after: {
        enrolment_id: enrolment.id,
        method: input.method,
        amount_centavos: input.amountCentavos,
        paid_on: input.paidOn,
        reference: input.reference,
        receipt_file_id: receiptId,
      },
    });
    await audit(trx, ctx, {
      action: refundNeeded ? "inscripcion.cancelar_sin_cupo" : "inscripcion.confirmar_por_pago",
      entity: "enrolment",
      entityId: enrolment.id,
      before: { status: enrolment.status, modality: enrolment.modality },
      after,
    });
    return {
      ok: true,
      offlinePaymentId: payment.id,
      confirmed: !refundNeeded,
      movedOnline: !refundNeeded && "movedOnline" in confirmation && confirmation.movedOnline,
      refundNeeded,
    } as const;
  });
  if (result.ok && result.confirmed) await sendEnrolmentConfirmedMail(db, input.enrolmentId, null, input.origin);
  return result;
}
