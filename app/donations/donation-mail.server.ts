import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import { mailFor } from "~/mail/message";
import { sendFailure, sendMail } from "~/mail/mailer.server";
import { donationReceipt } from "~/mail/messages/donation-receipt";
import { renderDonationReceiptPdf } from "./donation-receipt.server";
import * as clock from "~/utils/clock.server";

/**
 * The thank-you mail with the PDF receipt, once per approved donation (receipt_sent_at is claimed
 * first, so a replayed approval or a second caller never mails twice). A mail or PDF failure never
 * undoes the donation: the claim is released so a later call can try again. A refunded donation
 * is never thanked for (a refunds row for it stops the claim).
 */
export async function sendDonationReceipt(db: Kysely<DB>, donationId: number, _origin?: string): Promise<boolean> {
  const stamp = clock.nowIso();
  const claimed = await db
    .updateTable("donations")
    .set({ receipt_sent_at: stamp })
    .where("id", "=", donationId)
    .where("status", "=", "aprobada")
    .where("receipt_sent_at", "is", null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("refunds").select("refunds.id").whereRef("refunds.donation_id", "=", "donations.id"))),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  try {
    const row = await db
      .selectFrom("donations")
      .innerJoin("payment_attempts", "payment_attempts.donation_id", "donations.id")
      .leftJoin("invoice_requests", "invoice_requests.donation_id", "donations.id")
      .select([
        "donations.donor_name",
        "donations.donor_email",
        "donations.control_number",
        "donations.amount_centavos",
        "donations.approved_at",
        "payment_attempts.codigo_aut",
        "payment_attempts.referencia",
        "invoice_requests.id as invoice_id",
      ])
      .where("donations.id", "=", donationId)
      .executeTakeFirstOrThrow();
    const data = {
      donorName: row.donor_name,
      controlNumber: row.control_number,
      amountCentavos: row.amount_centavos,
      approvedAt: row.approved_at ?? stamp,
      authorisationCode: row.codigo_aut,
      bankReference: row.referencia,
      invoiceRequested: row.invoice_id !== null,
    };
    const pdf = await renderDonationReceiptPdf(data);
    const sent = await sendMail(
      mailFor(donationReceipt, data, {
        to: row.donor_email,
        attachments: [{ filename: `Recibo de donativo ${row.control_number}.pdf`, content: pdf, contentType: "application/pdf" }],
      }),
    );
    if (!sent.ok) throw new Error(sendFailure(sent).error);
    return true;
  } catch (error) {
    await db.updateTable("donations").set({ receipt_sent_at: null }).where("id", "=", donationId).execute();
    console.error("donation receipt failed", error);
    return false;
  }
}
