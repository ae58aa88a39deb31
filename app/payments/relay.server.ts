import type { Kysely } from "kysely";
import type { DB, PaymentAttemptStatus, PaymentPurpose, PaymentVerification } from "~/db.server";
import type { ConfirmOutcome } from "~/enrolment/enrolment.server";
import { decryptResponseText } from "./banorte/cipher.server";
import { parseBanorteResponse } from "./banorte/response.server";
import type { PaymentProvider } from "./provider-types";
import { relayTokenMatches } from "./relay-token.server";
import { claimApprovalIn, confirmPaymentIn, logPaymentEvent, mailApproval, recordClaimIn, settleWithoutMoney } from "./settle.server";
import { now } from "~/utils/clock.server";

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
      /** The relay's approval contradicted by the bank (logged as tampering). */
      tampering?: string;
      /** Why an approval waits "en verificación". */
      pendingReason?: string;
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
 * strictly (./banorte/response.server.ts) and an approval is only a claim (decision 0030): the
 * bank is asked at once (provider.verifyPayment) and only its word fulfils; without it the
 * attempt waits "en verificación" (seat held, nothing sent) until verification, Banorte's report
 * or a finance member's confirmation from the bank's console settles it.
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
  const clock = options.clock ?? now;
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
    outcome: outcome.applied ? (outcome.tampering ? "tampering" : "applied") : outcome.tampering ? "tampering" : "ignored",
    reason: outcome.applied
      ? [
          `${outcome.status}${outcome.verification ? ` (${outcome.verification})` : ""}`,
          outcome.refundReason,
          outcome.tampering,
          outcome.pendingReason,
        ]
          .filter(Boolean)
          .join("; ")
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
    if (!parsed.valid) return ignore(`respuesta alterada o mal formada: ${parsed.problems.join("; ")}`, true);
    const responseJson = text.slice(0, 4_000);

    if (parsed.result === "A") return approvalClaimed(attempt, parsed.referencia, parsed.codigoAut, text.slice(0, 4_000));

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

  /**
   * The relay says approved: a claim (its ciphertext is malleable), never proof. The bank is asked
   * at once, server to server; only its "approved" fulfils (through confirmPaymentIn). Without its
   * word (no verification configured, the bank unreachable or not knowing the payment yet) the
   * attempt waits "en verificación" for the next verification, Banorte's report or finance.
   */
  async function approvalClaimed(
    attempt: { id: number; amount_centavos: number; purpose: PaymentPurpose; enrolment_id: number | null; donation_id: number | null },
    referencia: string,
    codigoAut: string,
    responseJson: string,
  ): Promise<RelayOutcome> {
    // decide() only gets here with a valid control number.
    const control = controlNumber as string;
    const owner = { purpose: attempt.purpose, enrolmentId: attempt.enrolment_id, donationId: attempt.donation_id, controlNumber: control };
    const bank = await provider.verifyPayment({ controlNumber: control, amountCentavos: attempt.amount_centavos });
    if (bank.kind === "approved" && bank.amountCentavos !== null && bank.amountCentavos !== attempt.amount_centavos) {
      const reason = `el banco aprobó otro importe (${bank.amountCentavos} centavos, esperado ${attempt.amount_centavos})`;
      const done = await db.transaction().execute(async (trx) => {
        await recordClaimIn(trx, attempt.id, { referencia, codigoAut });
        return settleWithoutMoney(trx, attempt.id, "error", { responseJson, verification: "discrepancia" });
      });
      if (!done) return { applied: false, tampering: true, reason, controlNumber: control };
      return { applied: true, status: "error", ...owner, verification: "discrepancia", tampering: reason };
    }
    if (bank.kind === "approved") {
      if (bank.codigoAut !== codigoAut || bank.referencia !== referencia) {
        // The money is real (the bank says so) but the relay's codes are not the bank's: the bank's count.
        await logPaymentEvent(db, {
          attemptId: attempt.id,
          controlNumber: control,
          kind: "verify",
          outcome: "tampering",
          reason: "los códigos del relevo no son los del banco; se usan los del banco",
          payload: { relay: { referencia, codigoAut }, bank },
        });
      }
      const settled = await db.transaction().execute(async (trx) => {
        await recordClaimIn(trx, attempt.id, { referencia, codigoAut });
        return confirmPaymentIn(trx, attempt.id, { source: "bank", referencia: bank.referencia, codigoAut: bank.codigoAut }, { responseJson });
      });
      if (!settled.settled) return { applied: false, tampering: false, reason: "el intento ya está resuelto", controlNumber: control };
      return {
        applied: true,
        status: "approved",
        ...owner,
        confirm: settled.confirm,
        verification: "verificado",
        refundReason: settled.refundReason,
      };
    }
    if (bank.kind === "declined" || bank.kind === "rejected") {
      // The bank says no to what the browser says yes: a forged or replayed approval.
      const reason = `el banco no confirma la aprobación (${bank.kind})`;
      const status = bank.kind === "declined" ? "declined" : "rejected";
      const done = await db.transaction().execute(async (trx) => {
        await recordClaimIn(trx, attempt.id, { referencia, codigoAut });
        return settleWithoutMoney(trx, attempt.id, status, { responseJson, verification: "verificado" });
      });
      if (!done) return { applied: false, tampering: true, reason, controlNumber: control };
      return { applied: true, status, ...owner, verification: "verificado", tampering: reason };
    }
    const claimed = await db.transaction().execute((trx) => claimApprovalIn(trx, attempt.id, { referencia, codigoAut, responseJson }));
    if (!claimed) return { applied: false, tampering: false, reason: "el intento ya está resuelto", controlNumber: control };
    const why =
      bank.kind === "unavailable"
        ? "sin verificación con el banco: espera el reporte o la confirmación de finanzas"
        : bank.kind === "error"
          ? `el banco no respondió; se reintentará: ${bank.message}`
          : `el banco aún no lo confirma (${bank.kind}); se reintentará`;
    return { applied: true, status: "in_verification", ...owner, pendingReason: why };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
