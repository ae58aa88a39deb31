import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "~/db.server";
import { defaultSettings, type SettingKey, type Settings } from "./settings";
import * as clock from "~/utils/clock.server";

export { defaultSettings, type Settings } from "./settings";

// Only http(s): a stored javascript: or data: address must never become a footer link.
const socialLinkSchema = z.object({ name: z.string().min(1), url: z.string().regex(/^https?:\/\/[^/\s]/i) });

/**
 * The site's settings: one record per key in site_settings, each validated here. A missing or
 * invalid stored value falls back to its default, so the site always renders.
 */
export const settingsSchema = z.object({
  institutionName: z.string().min(1),
  institutionAcronym: z.string().min(1),
  addressStreet: z.string().min(1),
  addressNeighbourhood: z.string().min(1),
  addressBorough: z.string().min(1),
  addressCity: z.string().min(1),
  addressPostalCode: z.string().regex(/^\d{5}$/),
  phone: z.string().min(1),
  email: z.string().email(),
  socialLinks: z.array(socialLinkSchema),
  coursePrefix: z.string().regex(/^[A-Z0-9]{1,15}$/),
  // Prefix + code + 10 random characters must fit Banorte's 30.
  donationCode: z.string().regex(/^[A-Z0-9]{1,4}$/),
  donationBankName: z.string().max(100),
  donationAccountHolder: z.string().max(200),
  donationClabe: z.string().regex(/^(\d{18})?$/),
  courseBankName: z.string().max(100),
  courseAccountHolder: z.string().max(200),
  courseClabe: z.string().regex(/^(\d{18})?$/),
  teachingPhone: z.string().max(80),
  teachingEmail: z.union([z.literal(""), z.string().email().max(200)]),
  transparencyPlatformUrl: z.string().url(),
  sessionVideoEmbedUrl: z.string(),
}) satisfies z.ZodType<Settings>;

const settingKeys = Object.keys(defaultSettings) as SettingKey[];

export async function getSettings(db: Kysely<DB>): Promise<Settings> {
  const rows = await db.selectFrom("site_settings").select(["key", "value"]).execute();
  const settings: Record<string, unknown> = { ...defaultSettings };
  for (const row of rows) {
    if (!settingKeys.includes(row.key as SettingKey)) continue;
    const field = settingsSchema.shape[row.key as SettingKey];
    let value: unknown;
    try {
      value = JSON.parse(row.value);
    } catch {
      continue;
    }
    const parsed = field.safeParse(value);
    if (parsed.success) settings[row.key] = parsed.data;
  }
  return settings as unknown as Settings;
}

export async function updateSetting<K extends SettingKey>(db: Kysely<DB>, key: K, value: Settings[K]) {
  const parsed = settingsSchema.shape[key].parse(value);
  await db
    .insertInto("site_settings")
    .values({ key, value: JSON.stringify(parsed) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(parsed), updated_at: clock.nowIso() }))
    .execute();
}

/** Writes the defaults for keys that have no stored value; never overwrites one. */
export async function insertMissingSettings(db: Kysely<DB>) {
  for (const key of settingKeys) {
    await db
      .insertInto("site_settings")
      .values({ key, value: JSON.stringify(defaultSettings[key]) })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  }
}
