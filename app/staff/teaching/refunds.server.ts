import type { Kysely } from "kysely";
import { formatMoney } from "~/courses/pricing";
import type { DB } from "~/db.server";
import { canTransition } from "~/enrolment/enrolment.server";
import { actorLabel, audit, type StaffContext } from "./staff-context.server";

export type RefundSource = { kind: "tarjeta"; paymentAttemptId: number } | { kind: "fuera_de_linea"; offlinePaymentId: number };

export type RefundOutcome =
  | { ok: true; refundId: number; cancelled: boolean }
  | { ok: false; status: 400 | 404 | 409; formErrors: readonly string[]; fieldErrors: Record<string, string[]> };

/**
 * Records money given back for one payment of an enrolment (an approved card attempt or an
 * off-line payment), with its reason. At most the amount paid, once per payment (UNIQUE in the
 * database too). A confirmed enrolment whose money went back is cancelled through the
 * transition table. The refund itself is made at the bank; this is its record.
 */
export async function recordRefund(
  db: Kysely<DB>,
  ctx: StaffContext,
  input: { enrolmentId: number; source: RefundSource; amountCentavos: number; reason: string },
): Promise<RefundOutcome> {
  const reason = input.reason.trim();
  const fieldErrors: Record<string, string[]> = {};
  if (!reason) fieldErrors.reason = ["Escriba el motivo del reembolso."];
  else if (reason.length > 500) fieldErrors.reason = ["El motivo es demasiado largo (máximo 500 caracteres)."];
  else if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(reason)) fieldErrors.reason = ["Quite los caracteres de control del motivo."];
  if (!Number.isSafeInteger(input.amountCentavos) || input.amountCentavos <= 0) fieldErrors.amount = ["Escriba un monto mayor que cero."];

  return db.transaction().execute(async (trx) => {
    const enrolment = await trx.selectFrom("enrolments").selectAll().where("id", "=", input.enrolmentId).executeTakeFirst();
    if (!enrolment) return { ok: false, status: 404, formErrors: ["La inscripción no existe."], fieldErrors: {} } as const;
    let paid: number;
    if (input.source.kind === "tarjeta") {
      const attempt = await trx
        .selectFrom("payment_attempts")
        .select(["id", "status", "amount_centavos"])
        .where("id", "=", input.source.paymentAttemptId)
        .where("enrolment_id", "=", enrolment.id)
        .executeTakeFirst();
      if (!attempt) return { ok: false, status: 404, formErrors: ["Ese pago no es de esta inscripción."], fieldErrors: {} } as const;
      if (attempt.status !== "approved")
        return { ok: false, status: 409, formErrors: ["Solo se reembolsa un pago con tarjeta aprobado."], fieldErrors: {} } as const;
      paid = attempt.amount_centavos;
      if (await trx.selectFrom("refunds").select("id").where("payment_attempt_id", "=", attempt.id).executeTakeFirst()) {
        return { ok: false, status: 409, formErrors: ["Ese pago ya tiene un reembolso registrado."], fieldErrors: {} } as const;
      }
    } else {
      const payment = await trx
        .selectFrom("offline_payments")
        .select(["id", "amount_centavos"])
        .where("id", "=", input.source.offlinePaymentId)
        .where("enrolment_id", "=", enrolment.id)
        .executeTakeFirst();
      if (!payment) return { ok: false, status: 404, formErrors: ["Ese pago no es de esta inscripción."], fieldErrors: {} } as const;
      paid = payment.amount_centavos;
      if (await trx.selectFrom("refunds").select("id").where("offline_payment_id", "=", payment.id).executeTakeFirst()) {
        return { ok: false, status: 409, formErrors: ["Ese pago ya tiene un reembolso registrado."], fieldErrors: {} } as const;
      }
    }
    if (!fieldErrors.amount && input.amountCentavos > paid)
      fieldErrors.amount = [`El reembolso no puede ser mayor que lo pagado (${formatMoney(paid)}).`];
    if (Object.keys(fieldErrors).length > 0) return { ok: false, status: 400, formErrors: [], fieldErrors } as const;

    const refund = await trx
      .insertInto("refunds")
      .values({
        enrolment_id: enrolment.id,
        payment_attempt_id: input.source.kind === "tarjeta" ? input.source.paymentAttemptId : null,
        offline_payment_id: input.source.kind === "fuera_de_linea" ? input.source.offlinePaymentId : null,
        amount_centavos: input.amountCentavos,
        reason,
        recorded_by: actorLabel(ctx),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const cancel = enrolment.status === "confirmada" && canTransition(enrolment.status, "cancelada");
    if (cancel) {
      await trx
        .updateTable("enrolments")
        .set({ status: "cancelada", seat_held_until: null, updated_at: new Date().toISOString() })
        .where("id", "=", enrolment.id)
        .execute();
    }
    await audit(trx, ctx, {
      action: "pago.reembolsar",
      entity: "refund",
      entityId: refund.id,
      before: { enrolment_status: enrolment.status },
      after: {
        enrolment_id: enrolment.id,
        source: input.source,
        amount_centavos: input.amountCentavos,
        reason,
        enrolment_status: cancel ? "cancelada" : enrolment.status,
      },
    });
    return { ok: true, refundId: refund.id, cancelled: cancel } as const;
  });
}
