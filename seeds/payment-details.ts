import type { Kysely } from "kysely";
import type { DB } from "../app/db.server";
import type { SettingKey } from "../app/settings/settings";

/**
 * Demo content only (issue 19): bank details and a Teaching-office contact for the pages that
 * offer an off-line payment, clearly marked "(ejemplo)" so nobody mistakes them for the hospital's
 * account (the CLABE is all zeros: no bank accepts it). A value staff already typed is kept: only
 * settings still blank are filled. Real use (SEED_DEMO_CONTENT=false) never gets them, and the
 * server warns at start-up while they are empty (server/serve.ts).
 */
export const PAYMENT_DETAIL_EXAMPLES = {
  courseBankName: "Banco de ejemplo (ejemplo)",
  courseAccountHolder: "Hospital Infantil de México Federico Gómez (ejemplo)",
  courseClabe: "000000000000000000",
  teachingPhone: "55 5228 9917 ext. 0000 (ejemplo)",
  teachingEmail: "ensenanza.ejemplo@example.org",
  donationBankName: "Banco de ejemplo (ejemplo)",
  donationClabe: "000000000000000000",
} as const satisfies Partial<Record<SettingKey, string>>;

export async function seedPaymentDetailExamples(trx: Kysely<DB>) {
  const blank = JSON.stringify("");
  for (const [key, example] of Object.entries(PAYMENT_DETAIL_EXAMPLES)) {
    const value = JSON.stringify(example);
    await trx
      .insertInto("site_settings")
      .values({ key, value })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: new Date().toISOString() }).where("site_settings.value", "=", blank))
      .execute();
  }
}
