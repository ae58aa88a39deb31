import { sql, type Kysely } from "kysely";
import { readConfig } from "~/config.server";
import type { DB, PaymentAttemptStatus } from "~/db.server";
import type { PaymentProvider } from "./provider-types";
import { closeDonationIn } from "~/donations/donation-settle.server";
import { confirmPaymentIn, logPaymentEvent, mailApproval, mailPaymentNotConfirmed, settleWithoutMoney } from "./settle.server";
import * as clock from "~/utils/clock.server";

/** An abandoned attempt (the lightbox never reported back) expires this long after its hold would have. */
export const ATTEMPT_GRACE_MINUTES = 15;
/**
 * An expired attempt keeps its secrets this long, so a late approval (a second tab, a slow bank)
 * can still be read; after that only Banorte's report can bring it in.
 */
export const LATE_APPROVAL_HOURS = 24;
/** The bank is asked about an attempt still pending this long after it started (scheduler). */
export const VERIFY_AFTER_MINUTES = 2;

export interface MaintenanceReport {
  holdsReleased: number;
  attemptsExpired: number;
  secretsForgotten: number;
  sessionsDeleted: number;
  verified: number;
}

/**
 * The payment housekeeping, as a plain function with an injected clock (the scheduler below
 * calls it on a timer; tests call it directly):
 * - seats whose hold ran out are released (seat counting already ignores them; this tidies);
 * - attempts nobody finished expire (keeping their secrets for LATE_APPROVAL_HOURS);
 * - expired attempts older than that forget their secrets;
 * - with a provider that can ask the bank, claims "en verificación" and attempts left pending or
 *   answered "T" are verified and settled by the bank's word (an approval is never dropped);
 *   a claim never expires: only the bank, its report or finance settles it;
 * - expired sessions are deleted.
 */
export async function runPaymentMaintenance(
  db: Kysely<DB>,
  options: { now?: Date; holdMinutes?: number; provider?: PaymentProvider | null; origin?: string | null } = {},
): Promise<MaintenanceReport> {
  const now = options.now ?? clock.now();
  const nowIso = now.toISOString();
  const holdMinutes = options.holdMinutes ?? readConfig().SEAT_HOLD_MINUTES;
  const report: MaintenanceReport = { holdsReleased: 0, attemptsExpired: 0, secretsForgotten: 0, sessionsDeleted: 0, verified: 0 };

  if (options.provider) report.verified = await verifyOpenAttempts(db, options.provider, now, options.origin ?? null);

  await db.transaction().execute(async (trx) => {
    const holds = await trx
      .updateTable("enrolments")
      .set({ seat_held_until: null, updated_at: nowIso })
      .where("seat_held_until", "<=", nowIso)
      .executeTakeFirst();
    report.holdsReleased = Number(holds.numUpdatedRows);
    const abandonedBefore = new Date(now.getTime() - (holdMinutes + ATTEMPT_GRACE_MINUTES) * 60_000).toISOString();
    const expired = await trx
      .updateTable("payment_attempts")
      .set({ status: "expired", settled_at: nowIso, updated_at: nowIso })
      .where("status", "=", "pending")
      .where("created_at", "<=", abandonedBefore)
      .returning(["id", "control_number", "donation_id"])
      .execute();
    report.attemptsExpired = expired.length;
    for (const attempt of expired) {
      // A donation whose card step was abandoned says so (its purpose's "on closed" step).
      if (attempt.donation_id !== null) await closeDonationIn(trx, attempt.donation_id, "expired", nowIso);
      await logPaymentEvent(trx, {
        attemptId: attempt.id,
        controlNumber: attempt.control_number,
        kind: "expire",
        outcome: "applied",
        reason: "abandonado: sin respuesta del navegador",
        payload: null,
      });
    }
    const forgetBefore = new Date(now.getTime() - LATE_APPROVAL_HOURS * 3_600_000).toISOString();
    const forgotten = await trx
      .updateTable("payment_attempts")
      .set({ vi_hex: null, salt_hex: null, passphrase: null, updated_at: nowIso })
      .where("status", "=", "expired")
      .where("vi_hex", "is not", null)
      .where("created_at", "<=", forgetBefore)
      .executeTakeFirst();
    report.secretsForgotten = Number(forgotten.numUpdatedRows);
    const sessions = await trx.deleteFrom("sessions").where("expires_at", "<=", nowIso).executeTakeFirst();
    report.sessionsDeleted = Number(sessions.numDeletedRows);
  });
  return report;
}

/**
 * Asks the bank about attempts whose outcome we do not know — claims "en verificación" first
 * (oldest first: a person is waiting), then attempts left pending or answered "T" — and settles
 * what it says: an approval through the one fulfilment transition, a "no" for a claim releases
 * the seat and tells the person.
 */
async function verifyOpenAttempts(db: Kysely<DB>, provider: PaymentProvider, now: Date, origin: string | null): Promise<number> {
  const startedBefore = new Date(now.getTime() - VERIFY_AFTER_MINUTES * 60_000).toISOString();
  const forgetBefore = new Date(now.getTime() - LATE_APPROVAL_HOURS * 3_600_000).toISOString();
  const claims = await db
    .selectFrom("payment_attempts")
    .select(["id", "control_number", "amount_centavos", "status"])
    .where("status", "=", "in_verification")
    .where("provider", "=", provider.name)
    .orderBy("claimed_at")
    .limit(50)
    .execute();
  // Two range reads of partial indexes (migration 0045), not one OR that read the whole table. Each
  // reads only the rows of its kind (the last 24 h of stale attempts; the unanswered ones).
  const stale = await db
    .selectFrom("payment_attempts")
    .select(["id", "control_number", "amount_centavos", "status"])
    .where("provider", "=", provider.name)
    // Literal statuses: SQLite proves the partial index payment_attempts_open's WHERE only from those.
    .where("status", "in", [sql.lit<PaymentAttemptStatus>("pending"), sql.lit<PaymentAttemptStatus>("expired")])
    .where("created_at", "<=", startedBefore)
    .where("created_at", ">", forgetBefore)
    .orderBy(sql`random()`)
    .limit(50)
    .execute();
  const unanswered = await db
    .selectFrom("payment_attempts")
    .select(["id", "control_number", "amount_centavos", "status"])
    .where("provider", "=", provider.name)
    .where("status", "=", "no_answer")
    .where("verification", "=", "por_conciliar")
    .orderBy(sql`random()`)
    .limit(50)
    .execute();
  // Taking turns, so that neither kind can keep the other waiting; each list is a random 50 of its
  // kind, so that with more than 50 waiting every one is asked about within a few runs (in the
  // table's order the same 50 were asked every minute and the rest never).
  const open = interleave(unanswered, stale).slice(0, 50);
  let settled = 0;
  for (const attempt of [...claims, ...open]) {
    const bank = await provider.verifyPayment({ controlNumber: attempt.control_number, amountCentavos: attempt.amount_centavos });
    if (bank.kind === "unavailable") return settled;
    const event = (reason: string, outcome: "applied" | "tampering" = "applied") =>
      logPaymentEvent(db, { attemptId: attempt.id, controlNumber: attempt.control_number, kind: "verify", outcome, reason, payload: bank });
    if (bank.kind === "approved" && (bank.amountCentavos === null || bank.amountCentavos === attempt.amount_centavos)) {
      const outcome = await db
        .transaction()
        .execute((trx) => confirmPaymentIn(trx, attempt.id, { source: "bank", referencia: bank.referencia, codigoAut: bank.codigoAut }));
      if (outcome.settled) {
        settled += 1;
        await event(`approved (verificado)${outcome.refundReason ? `; ${outcome.refundReason}` : ""}`);
        if (origin) await mailApproval(db, attempt.id, origin);
      }
    } else if (bank.kind === "approved" && attempt.status === "in_verification") {
      // Money taken, but not the amount we asked for: finance must look; the seat is released.
      const done = await db.transaction().execute((trx) => settleWithoutMoney(trx, attempt.id, "error", { verification: "discrepancia" }));
      if (done) {
        settled += 1;
        await event(`discrepancia: el banco aprobó ${bank.amountCentavos} centavos, esperado ${attempt.amount_centavos}`, "tampering");
        await mailPaymentNotConfirmed(db, attempt.id);
      }
    } else if ((bank.kind === "declined" || bank.kind === "rejected") && attempt.status !== "expired") {
      const claimed = attempt.status === "in_verification";
      const done = await db.transaction().execute((trx) =>
        settleWithoutMoney(trx, attempt.id, bank.kind === "declined" ? "declined" : "rejected", {
          verification: attempt.status === "no_answer" || claimed ? "verificado" : null,
        }),
      );
      if (done) {
        settled += 1;
        await event(claimed ? `el banco no confirma la aprobación relevada (${bank.kind})` : bank.kind, claimed ? "tampering" : "applied");
        if (claimed) await mailPaymentNotConfirmed(db, attempt.id);
      }
    }
  }
  return settled;
}

/** a₀, b₀, a₁, b₁, … then the rest of the longer list. */
function interleave<T>(a: readonly T[], b: readonly T[]): T[] {
  const result: T[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (i < a.length) result.push(a[i]!);
    if (i < b.length) result.push(b[i]!);
  }
  return result;
}
