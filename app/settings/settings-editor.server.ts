import { parseWithZod } from "@conform-to/zod/v4";
import type { Kysely } from "kysely";
import { z } from "zod";
import { parseSessionVideo } from "~/content/session-video.server";
import type { DB } from "~/db.server";
import { recordAudit } from "~/staff/audit.server";
import type { StaffUser } from "~/staff/staff";
import { cleanText, hasForbiddenCharacters, normalizeText } from "~/utils/text";
import { MAX_SOCIAL_LINKS, type Settings } from "./settings";
import * as clock from "~/utils/clock.server";

export { MAX_SOCIAL_LINKS };
import { getSettings } from "./settings.server";

/**
 * The site settings screen (/admin/ajustes, admin only; issue 12, decision 0025): the
 * institution's name, address, phone, e-mail, social links, the session video and the bank
 * transfer details shown on /donacion (issue 13) and, for course fees, on /payment with the Teaching
 * office's contact (issue 19). One save is
 * one transaction with one audit row naming what changed; the page cache follows by the
 * content_version triggers on site_settings (migration 0014).
 */

/** The settings this screen edits (the payment prefix and the rest stay with developers). */
export const EDITABLE_SETTINGS = [
  "institutionName",
  "institutionAcronym",
  "addressStreet",
  "addressNeighbourhood",
  "addressBorough",
  "addressCity",
  "addressPostalCode",
  "phone",
  "email",
  "socialLinks",
  "sessionVideoEmbedUrl",
  "donationBankName",
  "donationAccountHolder",
  "donationClabe",
  "courseBankName",
  "courseAccountHolder",
  "courseClabe",
  "teachingPhone",
  "teachingEmail",
] as const satisfies readonly (keyof Settings)[];

export type EditableSettings = Pick<Settings, (typeof EDITABLE_SETTINGS)[number]>;

const line = (what: string, max: number) =>
  cleanText({ required: `Escriba ${what}.`, max, tooLong: `El campo tiene más de ${max} caracteres; acórtelo.` });

const HTTP_URL = /^https?:\/\/[^/\s]/i;

function isHttpUrl(value: string): boolean {
  if (!HTTP_URL.test(value) || /[\s\\]/.test(value) || hasForbiddenCharacters(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
  } catch {
    return false;
  }
}

const socialRow = z.object({ name: z.string().optional(), url: z.string().optional() });

/** An optional line: blank is "not published" (the pages then say whom to call). */
const optionalLine = (what: string, max: number) =>
  z
    .preprocess(
      // Blank (also when not parsed through conform, which already turns "" into undefined) is "not published".
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      cleanText({
        required: `Escriba ${what}, o deje el campo vacío.`,
        max,
        tooLong: `El campo tiene más de ${max} caracteres; acórtelo.`,
      }).optional(),
    )
    .transform((value) => value ?? "");

const optionalClabe = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ?? "").replace(/[\s-]/g, ""))
  .refine((value) => /^(\d{18})?$/.test(value), "La CLABE son 18 dígitos (puede escribirla con espacios), o deje el campo vacío.");

export const siteSettingsSchema = z.object({
  institutionName: line("el nombre de la institución", 200),
  institutionAcronym: line("las siglas de la institución (por ejemplo HIMFG)", 20),
  addressStreet: line("la calle y el número", 120),
  addressNeighbourhood: line("la colonia", 120),
  addressBorough: line("la alcaldía o el municipio", 120),
  addressCity: line("la ciudad", 120),
  addressPostalCode: z
    .string({ error: "Escriba el código postal (5 dígitos)." })
    .trim()
    .regex(/^\d{5}$/, "El código postal son 5 dígitos, por ejemplo 06720."),
  phone: line("el teléfono", 40).refine(
    (value) =>
      /^\+?[0-9 ().-]+((\s*ext\.?\s*|\s*extensión\s*)[0-9]{1,6})?$/i.test(value) && (value.split(/ext/i)[0]!.match(/[0-9]/g)?.length ?? 0) >= 10,
    "Escriba el teléfono con sus 10 dígitos (puede usar espacios, guiones y «ext.»), por ejemplo 55 5228 9917.",
  ),
  email: z
    .string({ error: "Escriba el correo electrónico de contacto." })
    .trim()
    .pipe(z.email("Escriba un correo electrónico válido, por ejemplo contacto@himfg.edu.mx.").max(200, "El correo tiene más de 200 caracteres.")),
  socialLinks: z
    .array(socialRow)
    .max(MAX_SOCIAL_LINKS, `Puede haber ${MAX_SOCIAL_LINKS} redes sociales como máximo.`)
    .optional()
    .transform((rows) => rows ?? [])
    .superRefine((rows, ctx) => {
      rows.forEach((row, index) => {
        const name = normalizeText(row.name ?? "");
        const url = (row.url ?? "").trim();
        // A row left blank is simply not a link.
        if (!name && !url) return;
        if (!name) ctx.addIssue({ code: "custom", path: [index, "name"], message: "Escriba el nombre de la red social (por ejemplo Facebook)." });
        else if (name.length > 60 || hasForbiddenCharacters(name)) {
          ctx.addIssue({
            code: "custom",
            path: [index, "name"],
            message: "El nombre de la red social tiene más de 60 caracteres o caracteres invisibles.",
          });
        }
        if (!isHttpUrl(url)) {
          ctx.addIssue({
            code: "custom",
            path: [index, "url"],
            message: "La dirección de la red social debe empezar con https:// (o http://), sin espacios.",
          });
        }
      });
    })
    .transform((rows) =>
      rows.map((row) => ({ name: normalizeText(row.name ?? ""), url: (row.url ?? "").trim() })).filter((row) => row.name !== "" || row.url !== ""),
    ),
  sessionVideoEmbedUrl: z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? "")
    .refine(
      (value) => value === "" || (isHttpUrl(value) && parseSessionVideo(value) !== null),
      "Pegue la dirección para insertar el video (https://www.youtube-nocookie.com/embed/…) u otra dirección https, o deje el campo vacío.",
    ),
  // The transfer option for donations: blank fields make /donacion say to ask finance.
  donationBankName: cleanText({
    required: "Escriba el nombre del banco, o deje el campo vacío.",
    max: 100,
    tooLong: "El nombre del banco tiene más de 100 caracteres; acórtelo.",
  })
    .optional()
    .transform((value) => value ?? ""),
  donationAccountHolder: cleanText({
    required: "Escriba el titular de la cuenta, o deje el campo vacío.",
    max: 200,
    tooLong: "El titular de la cuenta tiene más de 200 caracteres; acórtelo.",
  })
    .optional()
    .transform((value) => value ?? ""),
  donationClabe: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ?? "").replace(/[\s-]/g, ""))
    .refine((value) => /^(\d{18})?$/.test(value), "La CLABE son 18 dígitos (puede escribirla con espacios), o deje el campo vacío."),
  // Course fees paid off-line (issue 19): shown on /payment and the profile; blank: call the Teaching office.
  courseBankName: optionalLine("el nombre del banco", 100),
  courseAccountHolder: optionalLine("el titular de la cuenta", 200),
  courseClabe: optionalClabe,
  teachingPhone: optionalLine("el teléfono de la Dirección de Enseñanza", 80).refine(
    (value) => value === "" || (value.match(/[0-9]/g)?.length ?? 0) >= 10,
    "Escriba el teléfono de la Dirección de Enseñanza con sus 10 dígitos (puede añadir «ext.»), o deje el campo vacío.",
  ),
  teachingEmail: z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? "")
    .refine(
      (value) => value === "" || (value.length <= 200 && z.email().safeParse(value).success),
      "Escriba un correo electrónico válido para la Dirección de Enseñanza, o deje el campo vacío.",
    ),
});

export type SiteSettingsInput = z.output<typeof siteSettingsSchema>;

export async function getEditableSettings(db: Kysely<DB>): Promise<EditableSettings> {
  const settings = await getSettings(db);
  return Object.fromEntries(EDITABLE_SETTINGS.map((key) => [key, settings[key]])) as EditableSettings;
}

/** Saves the settings that changed, with one audit row (before and after of each). */
export async function updateSiteSettings(
  db: Kysely<DB>,
  input: SiteSettingsInput,
  actor: StaffUser,
  requestId: string | null,
): Promise<{ ok: true; message: string }> {
  return db.transaction().execute(async (trx) => {
    const current = await getSettings(trx);
    const changed = EDITABLE_SETTINGS.filter((key) => JSON.stringify(current[key]) !== JSON.stringify(input[key]));
    if (changed.length === 0) return { ok: true as const, message: "No había cambios que guardar." };
    const stamp = clock.nowIso();
    for (const key of changed) {
      const value = JSON.stringify(input[key]);
      await trx
        .insertInto("site_settings")
        .values({ key, value, updated_at: stamp })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: stamp }))
        .execute();
    }
    await recordAudit(trx, {
      actor,
      action: "settings.update",
      entity: "site_settings",
      entityId: null,
      before: Object.fromEntries(changed.map((key) => [key, current[key]])),
      after: Object.fromEntries(changed.map((key) => [key, input[key]])),
      requestId,
    });
    return { ok: true as const, message: "Se guardaron los ajustes del sitio." };
  });
}

export function parseSiteSettingsForm(form: FormData) {
  return parseWithZod(form, { schema: siteSettingsSchema });
}
