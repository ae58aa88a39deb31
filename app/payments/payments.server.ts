import type { Kysely } from "kysely";
import type { DB, PaymentAttemptStatus } from "~/db.server";
import { getSettings } from "~/settings/settings.server";
import { holdSeat, confirmEnrolment, releaseSeat, startEnrolment, type ConfirmOutcome } from "~/enrolment/enrolment.server";
import type { Profile } from "~/courses/pricing";
import type { EnrolmentModality } from "~/db.server";
import { decryptResponse } from "./banorte/cipher.server";
import { isUniqueViolation, makeControlNumber } from "./control-number.server";
import { encryptOrder, type PaymentProvider } from "./provider.server";

export type StartCardPaymentOutcome =
  | { ok: true; controlNumber: string; params: string; enrolmentId: number; amountCentavos: number; heldUntil: string | null }
  | { ok: false; reason: "course-closed" | "already-enrolled" | "no-seats" | "modality-unavailable" | "not-a-card-payment" };

/**
 * Starts a card payment: the enrolment (our price for the profile), a held seat, a fresh
 * control number and the encrypted Params, all decided here. The held seat and the attempt are
 * written in one transaction, so of many participants racing for the last seat exactly one
 * gets Params.
 */
export async function startCardPayment(
  db: Kysely<DB>,
  provider: PaymentProvider,
  input: { participantId: number; profile: Profile; courseId: number; modality: EnrolmentModality },
): Promise<StartCardPaymentOutcome> {
  const enrolment = await startEnrolment(db, input);
  if (!enrolment.ok) return enrolment;
  if (enrolment.path !== "card") return { ok: false, reason: "not-a-card-payment" };
  const prefix = (await getSettings(db)).coursePrefix;
  const certificatePem = await provider.certificatePem();
  const cachedProvider: PaymentProvider = { ...provider, certificatePem: async () => certificatePem };

  for (let tries = 0; tries < 5; tries++) {
    const controlNumber = makeControlNumber(prefix, input.courseId);
    try {
      return await db.transaction().execute(async (trx) => {
        const hold = await holdSeat(trx, enrolment.enrolmentId);
        if (!hold.ok) return { ok: false, reason: hold.reason === "no-seats" ? "no-seats" : "already-enrolled" } as const;
        // Only one attempt per enrolment is alive: an earlier, abandoned one expires.
        await trx
          .updateTable("payment_attempts")
          .set({ status: "expired", vi_hex: null, salt_hex: null, passphrase: null, settled_at: now(), updated_at: now() })
          .where("enrolment_id", "=", enrolment.enrolmentId)
          .where("status", "=", "pending")
          .execute();
        const { params, keys } = await encryptOrder(cachedProvider, {
          controlNumber,
          amountCentavos: enrolment.amountCentavos,
          reference: String(enrolment.enrolmentId),
        });
        await trx
          .insertInto("payment_attempts")
          .values({
            enrolment_id: enrolment.enrolmentId,
            control_number: controlNumber,
            amount_centavos: enrolment.amountCentavos,
            vi_hex: keys.viHex,
            salt_hex: keys.saltHex,
            passphrase: keys.passphrase,
            provider: provider.name,
            mode: provider.mode,
            settled_at: null,
            referencia: null,
            codigo_aut: null,
            response_json: null,
          })
          .execute();
        return {
          ok: true,
          controlNumber,
          params,
          enrolmentId: enrolment.enrolmentId,
          amountCentavos: enrolment.amountCentavos,
          heldUntil: hold.heldUntil,
        } as const;
      });
    } catch (error) {
      if (isUniqueViolation(error, "control_number")) continue;
      throw error;
    }
  }
  throw new Error("Could not make a unique control number");
}

const now = () => new Date().toISOString();

export type RelayKind = "success" | "error" | "cancel" | "closed";

export type RelayOutcome =
  | { applied: true; status: PaymentAttemptStatus; controlNumber: string; enrolmentId: number; confirm?: ConfirmOutcome }
  | { applied: false; reason: string; controlNumber: string | null };

/**
 * Decides what a relayed lightbox callback means. Accepts a payment only when the decrypted
 * result says A, has an authorisation code, names this attempt's control number and our merchant,
 * and the attempt is still pending (payments-banorte.md, "What not to trust"). Everything
 * received, applied or not, is logged in payment_events; a replay or a doctored relay changes
 * nothing else.
 */
export async function handleRelay(
  db: Kysely<DB>,
  provider: PaymentProvider,
  relay: { kind: RelayKind; payload: unknown; controlNumber: unknown; participantId: number; clientAddress?: string | null },
): Promise<RelayOutcome> {
  const payload = isObject(relay.payload) ? relay.payload : {};
  const data = typeof payload.data === "string" ? payload.data : null;
  const claimedControl =
    typeof payload.numeroControl === "string" ? payload.numeroControl : typeof relay.controlNumber === "string" ? relay.controlNumber : null;
  const controlNumber = claimedControl && /^[A-Z0-9]{1,30}$/.test(claimedControl) ? claimedControl : null;

  const outcome = await db.transaction().execute(async (trx): Promise<RelayOutcome & { attemptId: number | null }> => {
    const ignore = (reason: string, attemptId: number | null = null) => ({ applied: false as const, reason, controlNumber, attemptId });
    if (!controlNumber) return ignore("sin número de control válido");
    const attempt = await trx
      .selectFrom("payment_attempts")
      .innerJoin("enrolments", "enrolments.id", "payment_attempts.enrolment_id")
      .select([
        "payment_attempts.id",
        "payment_attempts.status",
        "payment_attempts.vi_hex",
        "payment_attempts.salt_hex",
        "payment_attempts.passphrase",
        "payment_attempts.enrolment_id",
        "enrolments.participant_id",
      ])
      .where("payment_attempts.control_number", "=", controlNumber)
      .executeTakeFirst();
    if (!attempt) return ignore("número de control desconocido");
    if (attempt.participant_id !== relay.participantId) return ignore("el intento es de otro participante", attempt.id);
    if (attempt.status !== "pending" || !attempt.vi_hex || !attempt.salt_hex || !attempt.passphrase) {
      return ignore(`el intento ya está resuelto (${attempt.status})`, attempt.id);
    }

    const settle = async (status: PaymentAttemptStatus, extra: { referencia?: string | null; codigo_aut?: string | null; response_json?: string | null } = {}) => {
      const result = await trx
        .updateTable("payment_attempts")
        .set({ status, vi_hex: null, salt_hex: null, passphrase: null, settled_at: now(), updated_at: now(), ...extra })
        .where("id", "=", attempt.id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    };

    if (!data) {
      // onCancel / onClosed / onError without a result: the buyer left; the seat goes back.
      const status: PaymentAttemptStatus = relay.kind === "cancel" ? "cancelled" : relay.kind === "closed" ? "closed" : "error";
      if (relay.kind === "success") return ignore("respuesta sin datos cifrados", attempt.id);
      if (!(await settle(status))) return ignore("el intento ya está resuelto", attempt.id);
      await releaseSeat(trx, attempt.enrolment_id);
      return { applied: true, status, controlNumber, enrolmentId: attempt.enrolment_id, attemptId: attempt.id };
    }

    let result: Record<string, unknown>;
    try {
      result = decryptResponse(data, { viHex: attempt.vi_hex, saltHex: attempt.salt_hex, passphrase: attempt.passphrase });
    } catch {
      return ignore("la respuesta no se pudo descifrar", attempt.id);
    }
    if (String(result.numeroControl ?? "") !== controlNumber) return ignore("el número de control de la respuesta no coincide", attempt.id);
    if (String(result.idAfiliacion ?? "") !== provider.credentials.merchantId) return ignore("la afiliación no es la nuestra", attempt.id);
    const code = String(result.resultadoPayw ?? "");
    const responseJson = JSON.stringify(result);
    if (code === "A") {
      const codigoAut = typeof result.codigoAut === "string" || typeof result.codigoAut === "number" ? String(result.codigoAut).trim() : "";
      if (!codigoAut) return ignore("aprobación sin código de autorización", attempt.id);
      const referencia = result.referencia == null ? null : String(result.referencia);
      if (!(await settle("approved", { referencia, codigo_aut: codigoAut, response_json: responseJson }))) {
        return ignore("el intento ya está resuelto", attempt.id);
      }
      // The same transaction confirms the enrolment and takes the seat.
      const confirm = await confirmEnrolment(trx, attempt.enrolment_id, { paid: true });
      return { applied: true, status: "approved", controlNumber, enrolmentId: attempt.enrolment_id, confirm, attemptId: attempt.id };
    }
    const status: PaymentAttemptStatus | null = code === "D" ? "declined" : code === "R" ? "rejected" : code === "T" ? "no_answer" : null;
    if (!status) return ignore(`resultado desconocido: ${code.slice(0, 10)}`, attempt.id);
    if (!(await settle(status, { response_json: responseJson }))) return ignore("el intento ya está resuelto", attempt.id);
    await releaseSeat(trx, attempt.enrolment_id);
    return { applied: true, status, controlNumber, enrolmentId: attempt.enrolment_id, attemptId: attempt.id };
  });

  await db
    .insertInto("payment_events")
    .values({
      payment_attempt_id: outcome.attemptId,
      control_number: controlNumber ?? (typeof claimedControl === "string" ? claimedControl.slice(0, 60) : null),
      kind: relay.kind,
      outcome: outcome.applied ? "applied" : "ignored",
      reason: outcome.applied ? outcome.status : outcome.reason,
      payload: JSON.stringify(relay.payload ?? null).slice(0, 20_000),
      client_address: relay.clientAddress ?? null,
    })
    .execute();
  const { attemptId: _attemptId, ...rest } = outcome;
  return rest;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export interface AttemptView {
  controlNumber: string;
  status: PaymentAttemptStatus;
  amountCentavos: number;
  enrolmentId: number;
  enrolmentStatus: string;
  modality: EnrolmentModality;
  modalityNote: string | null;
  refundReason: string | null;
  courseName: string;
  mode: string;
  provider: string;
}

/** A payment attempt, only for its owner. */
export async function getAttemptForOwner(db: Kysely<DB>, controlNumber: string, participantId: number): Promise<AttemptView | null> {
  const row = await db
    .selectFrom("payment_attempts")
    .innerJoin("enrolments", "enrolments.id", "payment_attempts.enrolment_id")
    .innerJoin("courses", "courses.course_id", "enrolments.course_id")
    .select([
      "payment_attempts.control_number",
      "payment_attempts.status",
      "payment_attempts.amount_centavos",
      "payment_attempts.mode",
      "payment_attempts.provider",
      "enrolments.id as enrolment_id",
      "enrolments.status as enrolment_status",
      "enrolments.modality",
      "enrolments.modality_note",
      "enrolments.refund_reason",
      "enrolments.participant_id",
      "courses.course_name",
    ])
    .where("payment_attempts.control_number", "=", controlNumber)
    .executeTakeFirst();
  if (!row || row.participant_id !== participantId) return null;
  return {
    controlNumber: row.control_number,
    status: row.status,
    amountCentavos: row.amount_centavos,
    enrolmentId: row.enrolment_id,
    enrolmentStatus: row.enrolment_status,
    modality: row.modality,
    modalityNote: row.modality_note,
    refundReason: row.refund_reason,
    courseName: row.course_name,
    mode: row.mode,
    provider: row.provider,
  };
}
