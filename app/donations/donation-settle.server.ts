import type { Kysely, Transaction } from "kysely";
import type { DB, DonationStatus, PaymentAttemptStatus } from "~/db.server";

// The donation's side of settling a card attempt. The payments module calls these inside the
// transaction that settles the attempt (app/payments/settle.server.ts), so a donation is approved
// exactly when its attempt is, and never otherwise.

type Executor = Kysely<DB> | Transaction<DB>;

export const DUPLICATE_DONATION_NOTE = "Pago aprobado para un donativo que ya estaba aprobado: reembolsar.";

/** Marks the donation approved. False when it already was (the caller flags the money for refund). */
export async function approveDonationIn(trx: Executor, donationId: number, stamp: string): Promise<boolean> {
  const result = await trx
    .updateTable("donations")
    .set({ status: "aprobada", approved_at: stamp, updated_at: stamp })
    .where("id", "=", donationId)
    .where("status", "<>", "aprobada")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const CLOSED_STATUS: Partial<Record<PaymentAttemptStatus, DonationStatus>> = {
  declined: "rechazada",
  rejected: "rechazada",
  cancelled: "cancelada",
  closed: "cancelada",
  error: "cancelada",
  no_answer: "sin_respuesta",
  expired: "expirada",
};

/** The attempt ended without money (or without an answer yet): the donation says so. */
export async function closeDonationIn(trx: Executor, donationId: number, attemptStatus: PaymentAttemptStatus, stamp: string): Promise<void> {
  const status = CLOSED_STATUS[attemptStatus];
  if (!status) return;
  await trx
    .updateTable("donations")
    .set({ status, updated_at: stamp })
    .where("id", "=", donationId)
    .where("status", "in", ["pendiente", "sin_respuesta", "expirada"])
    .execute();
}
