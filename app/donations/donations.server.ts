import type { Kysely } from "kysely";
import { refuse, type Outcome } from "~/actions/outcome";
import type { CheckedUpload } from "~/accounts/uploads.server";
import type { DB, DonationStatus, PaymentAttemptStatus } from "~/db.server";
import { storeFile } from "~/files/files.server";
import type { InvoiceInput } from "~/payments/invoices.server";
import { isUniqueViolation, makeControlNumber } from "~/payments/control-number.server";
import { createAttemptIn } from "~/payments/payments.server";
import type { PaymentProvider } from "~/payments/provider-types";
import { relayTokenMatches } from "~/payments/relay-token.server";
import { consumeAttempt, type ThrottleRule } from "~/security/throttle.server";
import { getSettings } from "~/settings/settings.server";
import * as clock from "~/utils/clock.server";

// Donations by card (issue 13, docs/decisions/0022). A donation and its one card attempt are
// created together; the payments module settles the attempt and, in the same transaction, the
// donation (app/donations/donation-settle.server.ts). Finance reads donations through the
// queries at the end of this file.

/** Limits per client address and per e-mail (counted only for forms that would start a payment). */
export const DONATION_LIMITS = {
  perAddressPerHour: 10,
  perEmailPerHour: 5,
  /** Declined cards from one address within the hour after which it must wait (card testing). */
  declinedPerAddressPerHour: 3,
} as const;

export interface StartDonationInput {
  amountCentavos: number;
  donorName: string;
  donorEmail: string;
  invoice: InvoiceInput | null;
  letter: CheckedUpload | null;
  taxCertificate: CheckedUpload | null;
  clientAddress: string;
}

/** Refused 429 with the page's message and the reason as `problem.code`: "throttled" or "declined-burst". */
export type StartDonationOutcome = Outcome<{ donationId: number; controlNumber: string; params: string; relayToken: string; amountCentavos: number }>;

/**
 * Whether this address and e-mail may start a donation now: a reading like the throttle's (it
 * counts the attempt). Refused after a burst of declined cards from the address, or over the
 * limits per address and per e-mail; the route answers 429 with `message` and Retry-After.
 */
export type DonationAdmission =
  { allowed: true } | { allowed: false; code: "throttled" | "declined-burst"; retryAfterSeconds: number; message: string };

/** The limits' Spanish message, with the wait in minutes. */
export function donationRefusalMessage(code: "throttled" | "declined-burst", retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return code === "declined-burst"
    ? `El banco rechazó varios pagos hechos desde su conexión en la última hora. Por seguridad, espere ${minutes} minutos antes de intentarlo de nuevo, o haga su donativo por transferencia bancaria.`
    : `Se hicieron demasiados intentos de donativo desde su conexión o con su correo. Espere ${minutes} minutos e inténtelo de nuevo, o haga su donativo por transferencia bancaria.`;
}

export async function admitDonation(
  db: Kysely<DB>,
  input: Pick<StartDonationInput, "clientAddress" | "donorEmail">,
  now: Date = clock.now(),
): Promise<DonationAdmission> {
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const declined = await db
    .selectFrom("donations")
    .select(["updated_at"])
    .where("client_address", "=", input.clientAddress.slice(0, 100))
    .where("status", "=", "rechazada")
    .where("updated_at", ">", hourAgo)
    .orderBy("updated_at", "desc")
    .execute();
  if (declined.length >= DONATION_LIMITS.declinedPerAddressPerHour) {
    const oldestCounted = declined[DONATION_LIMITS.declinedPerAddressPerHour - 1]!.updated_at;
    const retryAfterSeconds = Math.max(1, Math.ceil((new Date(oldestCounted).getTime() + 3_600_000 - now.getTime()) / 1000));
    return { allowed: false, code: "declined-burst", retryAfterSeconds, message: donationRefusalMessage("declined-burst", retryAfterSeconds) };
  }
  const rules: ThrottleRule[] = [
    { bucket: "donation-address", key: input.clientAddress || "-", limit: DONATION_LIMITS.perAddressPerHour, windowMinutes: 60 },
    { bucket: "donation-email", key: input.donorEmail.toLowerCase(), limit: DONATION_LIMITS.perEmailPerHour, windowMinutes: 60 },
  ];
  const throttle = await consumeAttempt(db, rules, now);
  if (!throttle.allowed) {
    const retryAfterSeconds = throttle.retryAfterSeconds;
    return { allowed: false, code: "throttled", retryAfterSeconds, message: donationRefusalMessage("throttled", retryAfterSeconds) };
  }
  return { allowed: true };
}

/**
 * Accepts a valid donation form: admitDonation (the limits), then createDonation. The /donacion
 * route calls the two itself, so its 429 carries Retry-After.
 */
export async function startDonation(
  db: Kysely<DB>,
  provider: PaymentProvider,
  input: StartDonationInput,
  now: Date = clock.now(),
): Promise<StartDonationOutcome> {
  if (input.invoice && !input.taxCertificate) throw new Error("an invoice request needs its constancia");
  const admission = await admitDonation(db, input, now);
  if (!admission.allowed) return refuse(429, { form: admission.message, code: admission.code });
  return createDonation(db, provider, input);
}

/**
 * In ONE transaction stores the files (private), the donation, its invoice request (the course
 * invoice module's table) and its card attempt. The amount is the server's (parsed from the form);
 * the browser only gets the opaque Params, the control number and the relay token.
 */
export async function createDonation(db: Kysely<DB>, provider: PaymentProvider, input: StartDonationInput): Promise<StartDonationOutcome> {
  if (input.invoice && !input.taxCertificate) throw new Error("an invoice request needs its constancia");
  const settings = await getSettings(db);
  const certificatePem = await provider.certificatePem();
  const cachedProvider: PaymentProvider = { ...provider, certificatePem: async () => certificatePem };
  for (let tries = 0; tries < 5; tries++) {
    const controlNumber = makeControlNumber(settings.coursePrefix, settings.donationCode);
    try {
      return await db.transaction().execute(async (trx) => {
        const letterId = input.letter ? await storeFile(trx, input.letter, "private") : null;
        const certificateId = input.taxCertificate ? await storeFile(trx, input.taxCertificate, "private") : null;
        const donation = await trx
          .insertInto("donations")
          .values({
            control_number: controlNumber,
            amount_centavos: input.amountCentavos,
            donor_name: input.donorName,
            donor_email: input.donorEmail,
            letter_file_id: letterId,
            tax_certificate_file_id: certificateId,
            client_address: input.clientAddress.slice(0, 100) || null,
            receipt_sent_at: null,
            approved_at: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const { params, relayToken } = await createAttemptIn(trx, cachedProvider, {
          owner: { purpose: "donativo", donationId: donation.id },
          controlNumber,
          amountCentavos: input.amountCentavos,
          reference: `DON${donation.id}`,
        });
        if (input.invoice && certificateId) {
          const attempt = await trx.selectFrom("payment_attempts").select("id").where("donation_id", "=", donation.id).executeTakeFirstOrThrow();
          await trx
            .insertInto("invoice_requests")
            .values({
              enrolment_id: null,
              donation_id: donation.id,
              payment_attempt_id: attempt.id,
              rfc: input.invoice.rfc,
              legal_name: input.invoice.legalName,
              tax_regime: input.invoice.taxRegime,
              postcode: input.invoice.postcode,
              cfdi_use: input.invoice.cfdiUse,
              constancia_file_id: certificateId,
              cfdi_folio: null,
              invoiced_at: null,
              invoiced_by: null,
            })
            .execute();
        }
        return { ok: true, donationId: donation.id, controlNumber, params, relayToken, amountCentavos: input.amountCentavos } as const;
      });
    } catch (error) {
      if (isUniqueViolation(error, "control_number")) continue;
      throw error;
    }
  }
  throw new Error("Could not make a unique control number");
}

export interface DonationResult {
  controlNumber: string;
  status: DonationStatus;
  attemptStatus: PaymentAttemptStatus;
  amountCentavos: number;
  donorName: string;
  approvedAt: string | null;
  createdAt: string;
  mode: string;
  refundReason: string | null;
}

/**
 * The result page's facts, only for the browser that started the donation (it holds the relay
 * token, kept in an HttpOnly cookie): anyone else gets null, as for an unknown control number.
 */
export async function getDonationResult(db: Kysely<DB>, controlNumber: string, relayToken: string | null): Promise<DonationResult | null> {
  if (!/^[A-Z0-9]{1,30}$/.test(controlNumber)) return null;
  const row = await db
    .selectFrom("donations")
    .innerJoin("payment_attempts", "payment_attempts.donation_id", "donations.id")
    .select([
      "donations.control_number",
      "donations.status",
      "donations.amount_centavos",
      "donations.donor_name",
      "donations.approved_at",
      "donations.created_at",
      "payment_attempts.status as attempt_status",
      "payment_attempts.mode",
      "payment_attempts.relay_token_hash",
      "payment_attempts.refund_reason",
    ])
    .where("donations.control_number", "=", controlNumber)
    .executeTakeFirst();
  if (!row || !relayTokenMatches(relayToken, row.relay_token_hash)) return null;
  return {
    controlNumber: row.control_number,
    status: row.status,
    attemptStatus: row.attempt_status,
    amountCentavos: row.amount_centavos,
    donorName: row.donor_name,
    approvedAt: row.approved_at,
    createdAt: row.created_at,
    mode: row.mode,
    refundReason: row.refund_reason,
  };
}
