import type { Kysely } from "kysely";
import { z } from "zod";
import { refuse, type Outcome } from "~/actions/outcome";
import type { DB, PaymentPurpose } from "~/db.server";
import { confirmPaymentIn, logPaymentEvent, mailApproval, mailPaymentNotConfirmed, settleWithoutMoney } from "~/payments/settle.server";
import { actorLabel, audit, type StaffContext } from "~/staff/teaching/staff-context.server";
import { cleanText, strictInteger } from "~/utils/text";

/**
 * Finance settles a claim "en verificación" by hand, from Banorte's console (decision 0013,
 * issue 19). The browser's relayed codes are never shown to staff: the finance member reads the
 * payment in the bank's console and types its referencia and authorisation code, and only codes
 * equal to the relayed ones confirm it (through the one fulfilment transition, `confirmPaymentIn`
 * with a manual proof). A payment the console shows as not charged is rejected with a reason.
 * Each is one transaction with its audit row; the person's mail goes after the commit.
 */

export const CODES_DO_NOT_MATCH =
  "Los datos no coinciden con los que recibimos del banco: revise la referencia y el código de autorización en la consola de Banorte";

const attemptField = strictInteger({ required: "Falta el pago.", message: "El pago no es válido.", maxDigits: 12 });

/** The referencia typed is already the bank's proof of another payment. */
export function referenciaAlreadyUsed(controlNumber: string): string {
  return `Esa referencia ya confirma el pago ${controlNumber}: compruebe en la consola de Banorte el número de control y el importe de este pago.`;
}

export const manualConfirmationSchema = z.object({
  pago: attemptField,
  referencia: z
    .string({ error: "Escriba la referencia de 12 dígitos." })
    .trim()
    .regex(/^\d{12}$/, "Escriba la referencia tal como la muestra la consola de Banorte: 12 dígitos."),
  codigo: z
    .string({ error: "Escriba el código de autorización de 6 caracteres." })
    .trim()
    .regex(/^[A-Za-z0-9]{6}$/, "Escriba el código de autorización tal como lo muestra la consola de Banorte: 6 letras o números."),
});

export const claimRejectionSchema = z.object({
  pago: attemptField,
  motivo: cleanText({
    required: "Escriba el motivo del rechazo (por ejemplo, «la consola de Banorte no muestra el cargo»).",
    max: 500,
    tooLong: "Escriba el motivo en 500 caracteres como máximo.",
  }),
});

export type ClaimOutcome = Outcome<{ attemptId: number; controlNumber: string; refundReason: string | null }>;

function claimOf(db: Kysely<DB>, attemptId: number) {
  return db
    .selectFrom("payment_attempts")
    .select(["id", "control_number", "status", "verification", "amount_centavos", "claimed_referencia", "claimed_codigo_aut", "purpose"])
    .where("id", "=", attemptId)
    .executeTakeFirst();
}

const notInVerification = (controlNumber: string) =>
  `El pago ${controlNumber} ya no está en verificación: otra persona, el banco o el reporte ya lo resolvió. Actualice la página.`;

/**
 * «Confirmar pago»: only a claim en verificación; the typed referencia and code (case aside) must
 * be the relayed ones, else a 409 and a payment_events row (outcome tampering) naming the actor.
 */
export async function confirmPaymentByHand(
  db: Kysely<DB>,
  staff: StaffContext,
  input: { attemptId: number; referencia: string; codigoAut: string },
  options: { origin: string },
): Promise<ClaimOutcome> {
  const referencia = input.referencia.trim();
  const codigoAut = input.codigoAut.trim().toUpperCase();
  const outcome = await db.transaction().execute(async (trx): Promise<ClaimOutcome> => {
    const attempt = await claimOf(trx, input.attemptId);
    if (!attempt) return refuse(404, "No existe ese pago.");
    if (attempt.status !== "in_verification") return refuse(409, notInVerification(attempt.control_number));
    const matches =
      attempt.claimed_referencia === referencia && attempt.claimed_codigo_aut !== null && attempt.claimed_codigo_aut.toUpperCase() === codigoAut;
    if (!matches) {
      await logPaymentEvent(trx, {
        attemptId: attempt.id,
        controlNumber: attempt.control_number,
        kind: "verify",
        outcome: "tampering",
        reason: "confirmación manual rechazada: los datos escritos no son los recibidos del banco",
        payload: { actor: actorLabel(staff), staffId: staff.actor.id, typed: { referencia, codigoAut } },
      });
      return refuse(409, CODES_DO_NOT_MATCH);
    }
    // A relayed claim may reuse the codes of a real approval of another purchase: one bank
    // referencia confirms one payment.
    const reused = await trx
      .selectFrom("payment_attempts")
      .select("control_number")
      .where("referencia", "=", referencia)
      .where("id", "!=", attempt.id)
      .executeTakeFirst();
    if (reused) {
      await logPaymentEvent(trx, {
        attemptId: attempt.id,
        controlNumber: attempt.control_number,
        kind: "verify",
        outcome: "tampering",
        reason: `confirmación manual rechazada: la referencia ya confirma el pago ${reused.control_number}`,
        payload: { actor: actorLabel(staff), staffId: staff.actor.id, typed: { referencia, codigoAut } },
      });
      return refuse(409, referenciaAlreadyUsed(reused.control_number));
    }
    const settled = await confirmPaymentIn(
      trx,
      attempt.id,
      { source: "manual", referencia, codigoAut, actor: actorLabel(staff) },
      { from: ["in_verification"] },
    );
    if (!settled.settled) return refuse(409, notInVerification(attempt.control_number));
    await logPaymentEvent(trx, {
      attemptId: attempt.id,
      controlNumber: attempt.control_number,
      kind: "verify",
      outcome: "applied",
      reason: `confirmado por finanzas con la consola del banco (${actorLabel(staff)})${settled.refundReason ? `; ${settled.refundReason}` : ""}`,
      payload: { actor: actorLabel(staff), staffId: staff.actor.id },
    });
    await audit(trx, staff, {
      action: "pago.confirmar_manual",
      entity: "payment_attempt",
      entityId: attempt.id,
      before: { status: attempt.status, verification: attempt.verification, referencia: null, codigo_aut: null },
      after: {
        status: "approved",
        verification: "confirmado_manual",
        referencia,
        codigo_aut: codigoAut,
        confirmed_by: actorLabel(staff),
        purpose: settled.purpose,
        enrolment_id: settled.enrolmentId,
        donation_id: settled.donationId,
        refund_reason: settled.refundReason,
      },
    });
    return { ok: true, attemptId: attempt.id, controlNumber: attempt.control_number, refundReason: settled.refundReason };
  });
  if (outcome.ok) await mailApproval(db, outcome.attemptId, options.origin);
  return outcome;
}

/** «Rechazar pago»: the bank's console shows no charge for a claim en verificación. The seat is released and the person told. */
export async function rejectClaimByHand(db: Kysely<DB>, staff: StaffContext, input: { attemptId: number; reason: string }): Promise<ClaimOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<ClaimOutcome> => {
    const attempt = await claimOf(trx, input.attemptId);
    if (!attempt) return refuse(404, "No existe ese pago.");
    if (attempt.status !== "in_verification") return refuse(409, notInVerification(attempt.control_number));
    const done = await settleWithoutMoney(trx, attempt.id, "declined");
    if (!done) return refuse(409, notInVerification(attempt.control_number));
    await logPaymentEvent(trx, {
      attemptId: attempt.id,
      controlNumber: attempt.control_number,
      kind: "verify",
      outcome: "tampering",
      reason: `rechazado por finanzas: la consola del banco no muestra el cargo (${actorLabel(staff)}): ${input.reason}`.slice(0, 2_000),
      payload: { actor: actorLabel(staff), staffId: staff.actor.id, reason: input.reason },
    });
    await audit(trx, staff, {
      action: "pago.rechazar",
      entity: "payment_attempt",
      entityId: attempt.id,
      before: { status: attempt.status, verification: attempt.verification },
      after: { status: "declined", verification: null, reason: input.reason, purpose: attempt.purpose },
    });
    return { ok: true, attemptId: attempt.id, controlNumber: attempt.control_number, refundReason: null };
  });
  if (outcome.ok) await mailPaymentNotConfirmed(db, outcome.attemptId);
  return outcome;
}

export interface ClaimQueueRow {
  id: number;
  controlNumber: string;
  amountCentavos: number;
  purpose: PaymentPurpose;
  /** The course's name, or null for a donation. */
  courseName: string | null;
  personName: string;
  personEmail: string;
  claimedAt: string;
  createdAt: string;
}

export const CLAIM_QUEUE_LIMIT = 50;

/**
 * The claims waiting "en verificación", oldest first (someone is waiting for each), at most
 * CLAIM_QUEUE_LIMIT, through the partial index on claimed_at. The relayed codes are not read.
 */
export async function listClaimsInVerification(db: Kysely<DB>): Promise<{ rows: ClaimQueueRow[]; total: number }> {
  const total = await db
    .selectFrom("payment_attempts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "in_verification")
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("payment_attempts as a")
    .leftJoin("enrolments as e", "e.id", "a.enrolment_id")
    .leftJoin("participants as p", "p.id", "e.participant_id")
    .leftJoin("courses as c", "c.course_id", "e.course_id")
    .leftJoin("donations as d", "d.id", "a.donation_id")
    .select([
      "a.id",
      "a.control_number",
      "a.amount_centavos",
      "a.purpose",
      "a.claimed_at",
      "a.created_at",
      "c.course_name",
      "p.name as participant_name",
      "p.email as participant_email",
      "d.donor_name",
      "d.donor_email",
    ])
    .where("a.status", "=", "in_verification")
    .orderBy("a.claimed_at")
    .orderBy("a.id")
    .limit(CLAIM_QUEUE_LIMIT)
    .execute();
  return {
    total: Number(total.n),
    rows: rows.map((row) => ({
      id: row.id,
      controlNumber: row.control_number,
      amountCentavos: row.amount_centavos,
      purpose: row.purpose,
      courseName: row.purpose === "donativo" ? null : row.course_name,
      personName: row.participant_name ?? row.donor_name ?? "—",
      personEmail: row.participant_email ?? row.donor_email ?? "",
      claimedAt: row.claimed_at ?? row.created_at,
      createdAt: row.created_at,
    })),
  };
}
