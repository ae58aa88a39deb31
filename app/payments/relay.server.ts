import type { Kysely } from "kysely";
import type { DB, PaymentAttemptStatus, PaymentPurpose, PaymentVerification } from "~/db.server";
import type { ConfirmOutcome } from "~/enrolment/enrolment.server";
import { decryptResponseText } from "./banorte/cipher.server";
import { parseBanorteResponse } from "./banorte/response.server";
import type { PaymentProvider } from "./provider-types";
import { relayTokenMatches } from "./relay-token.server";
import { logPaymentEvent, mailApproval, settleApproval, settleWithoutMoney } from "./settle.server";

export type RelayKind = "success" | "error" | "cancel" | "closed";

export type RelayOutcome =
  | {
      applied: true;
      status: PaymentAttemptStatus;
      controlNumber: string;
      purpose: PaymentPurpose;
      enrolmentId: number | null;
      donationId: number | null;
      confirm?: ConfirmOutcome | null;
      verification?: PaymentVerification;
      refundReason?: string | null;
    }
  | { applied: false; tampering: boolean; reason: string; controlNumber: string | null };

export interface RelayInput {
  kind: RelayKind;
  payload: unknown;
  controlNumber: unknown;
  /** The per-attempt secret the starting browser was given (./relay-token.server.ts). */
  relayToken: unknown;
  clientAddress?: string | null;
}

/**
 * Decides what a relayed lightbox callback means (the route only parses JSON). Only a relay that
 * carries the attempt's secret token may speak for it: for a course payment or a donation alike,
 * whoever started the payment in that browser, signed in or not.
 *
 * The relay passed through the buyer's browser and its ciphertext is malleable, so it is read
 * strictly (./banorte/response.server.ts) and an approval is then put to the bank itself
 * (provider.verifyPayment): with verification, only what the bank confirms is confirmed; without
 * it, the approval is confirmed "por conciliar" and Banorte's report settles it later.
 * Anything that is not a well-formed answer for this attempt is logged as tampering and settles
 * nothing. Every relay, applied or not, is appended to payment_events; the receipt is mailed as a
 * step here (never by the route), after the transaction.
 */
export async function handleRelay(
  db: Kysely<DB>,
  provider: PaymentProvider,
  relay: RelayInput,
  options: { origin?: string; clock?: () => Date } = {},
): Promise<RelayOutcome> {
  const clock = options.clock ?? (() => new Date());
  const payload = isObject(relay.payload) ? relay.payload : {};
  const data = typeof payload.data === "string" ? payload.data : null;
  const claimedControl =
    typeof payload.numeroControl === "string" ? payload.numeroControl : typeof relay.controlNumber === "string" ? relay.controlNumber : null;
  const controlNumber = claimedControl && /^[A-Z0-9]{1,30}$/.test(claimedControl) ? claimedControl : null;

  let attemptId: number | null = null;
  const outcome = await decide();
  await logPaymentEvent(db, {
    attemptId,
    controlNumber: controlNumber ?? claimedControl,
    kind: relay.kind,
    outcome: outcome.applied ? "applied" : outcome.tampering ? "tampering" : "ignored",
    reason: outcome.applied
      ? `${outcome.status}${outcome.verification ? ` (${outcome.verification})` : ""}${outcome.refundReason ? `; ${outcome.refundReason}` : ""}`
      : outcome.reason,
    payload: relay.payload ?? null,
    clientAddress: relay.clientAddress ?? null,
  });
  if (outcome.applied && outcome.status === "approved" && attemptId !== null && options.origin) {
    await mailApproval(db, attemptId, options.origin);
  }
  return outcome;

  async function decide(): Promise<RelayOutcome> {
    const ignore = (reason: string, tampering = false): RelayOutcome => ({ applied: false, tampering, reason, controlNumber });
    if (!controlNumber) return ignore("sin número de control válido");
    const attempt = await db
      .selectFrom("payment_attempts")
      .select([
        "id",
        "status",
        "vi_hex",
        "salt_hex",
        "passphrase",
        "amount_centavos",
        "created_at",
        "purpose",
        "enrolment_id",
        "donation_id",
        "relay_token_hash",
      ])
      .where("control_number", "=", controlNumber)
      .executeTakeFirst();
    if (!attempt) return ignore("número de control desconocido");
    attemptId = attempt.id;
    if (!relayTokenMatches(relay.relayToken, attempt.relay_token_hash)) return ignore("el relevo no trae el comprobante de este intento", true);
    const owner = { purpose: attempt.purpose, enrolmentId: attempt.enrolment_id, donationId: attempt.donation_id };

    if (!data) {
      // onCancel / onClosed / onError without a result: the buyer left; the seat goes back.
      if (relay.kind === "success") return ignore("respuesta sin datos cifrados", true);
      if (attempt.status !== "pending") return ignore(`el intento ya está resuelto (${attempt.status})`);
      const status: PaymentAttemptStatus = relay.kind === "cancel" ? "cancelled" : relay.kind === "closed" ? "closed" : "error";
      const done = await db.transaction().execute((trx) => settleWithoutMoney(trx, attempt.id, status as "cancelled" | "closed" | "error"));
      if (!done) return ignore("el intento ya está resuelto");
      return { applied: true, status, controlNumber, ...owner };
    }

    // An expired attempt (a second tab started another) keeps its secrets for a while: an
    // approval for it is money taken and must still be read.
    if ((attempt.status !== "pending" && attempt.status !== "expired") || !attempt.vi_hex || !attempt.salt_hex || !attempt.passphrase) {
      return ignore(`el intento ya está resuelto (${attempt.status})`);
    }
    let text: string;
    try {
      text = decryptResponseText(data, { viHex: attempt.vi_hex, saltHex: attempt.salt_hex, passphrase: attempt.passphrase });
    } catch {
      return ignore("la respuesta no se pudo descifrar", true);
    }
    const parsed = parseBanorteResponse(text, {
      controlNumber,
      merchantId: provider.credentials.merchantId,
      notBefore: new Date(attempt.created_at),
      notAfter: clock(),
    });
    if (!parsed.ok) return ignore(`respuesta alterada o mal formada: ${parsed.problems.join("; ")}`, true);
    const responseJson = text.slice(0, 4_000);

    if (parsed.result === "A") {
      // The relay says approved. Ask the bank, server to server; its word is the one that counts.
      const bank = await provider.verifyPayment({ controlNumber, amountCentavos: attempt.amount_centavos });
      let approval: { referencia: string; codigoAut: string; verification: PaymentVerification };
      if (bank.kind === "unavailable") {
        approval = { referencia: parsed.referencia, codigoAut: parsed.codigoAut, verification: "por_conciliar" };
      } else if (bank.kind === "approved") {
        if (bank.amountCentavos !== null && bank.amountCentavos !== attempt.amount_centavos) {
          return ignore(`el banco aprobó otro importe (${bank.amountCentavos} centavos, esperado ${attempt.amount_centavos})`, true);
        }
        if (bank.codigoAut !== parsed.codigoAut || bank.referencia !== parsed.referencia) {
          // The money is real (the bank says so) but the relay's codes are not the bank's: keep
          // the bank's and record the edit.
          await logPaymentEvent(db, {
            attemptId: attempt.id,
            controlNumber,
            kind: "verify",
            outcome: "tampering",
            reason: "los códigos del relevo no son los del banco; se usan los del banco",
            payload: { relay: { referencia: parsed.referencia, codigoAut: parsed.codigoAut }, bank },
          });
        }
        approval = { referencia: bank.referencia, codigoAut: bank.codigoAut, verification: "verificado" };
      } else if (bank.kind === "error") {
        return ignore(`no se pudo verificar con el banco; se reintentará: ${bank.message}`);
      } else {
        return ignore(`el banco no confirma la aprobación (${bank.kind})`, true);
      }
      const settled = await db.transaction().execute((trx) => settleApproval(trx, attempt.id, { ...approval, responseJson }));
      if (!settled.settled) return ignore("el intento ya está resuelto");
      return {
        applied: true,
        status: "approved",
        controlNumber,
        ...owner,
        confirm: settled.confirm,
        verification: approval.verification,
        refundReason: settled.refundReason,
      };
    }

    const status = parsed.result === "D" ? "declined" : parsed.result === "R" ? "rejected" : "no_answer";
    // No answer from the authoriser: the card may have been charged. Until the bank's word or
    // Banorte's report settles it, no new card payment is offered for this enrolment.
    const done = await db.transaction().execute((trx) =>
      settleWithoutMoney(trx, attempt.id, status, {
        referencia: parsed.referencia,
        responseJson,
        verification: status === "no_answer" ? "por_conciliar" : null,
      }),
    );
    if (!done) return ignore("el intento ya está resuelto");
    return { applied: true, status, controlNumber, ...owner };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
