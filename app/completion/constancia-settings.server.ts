import type { Kysely } from "kysely";
import { z } from "zod";
import { notFound, refuse, type Outcome } from "~/actions/outcome";
import type { DB } from "~/db.server";
import { audit, type StaffContext } from "~/staff/teaching/staff-context.server";
import * as clock from "~/utils/clock.server";

/** Who signs a course's constancias (1–3 people). */
export interface Signatory {
  name: string;
  title: string;
}

export interface CompletionSettings {
  hours: number;
  requiredAttendancePercent: number;
  signatories: Signatory[];
  /** False while the Teaching office has not saved them (the defaults below apply). */
  saved: boolean;
}

const signatorySchema = z.object({ name: z.string().min(1).max(150), title: z.string().min(1).max(200) });
const storedSignatories = z.array(signatorySchema).max(3);

/** The signatories as stored (JSON), or none when the text is not what we write. */
export function parseSignatories(json: string): Signatory[] {
  try {
    const parsed = storedSignatories.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** A course's completion settings: its saved row, or 0 hours, 80 % and no signatories. */
export async function getCompletionSettings(db: Kysely<DB>, courseId: number): Promise<CompletionSettings> {
  const row = await db.selectFrom("course_completion").selectAll().where("course_id", "=", courseId).executeTakeFirst();
  if (!row) return { hours: 0, requiredAttendancePercent: 80, signatories: [], saved: false };
  return {
    hours: row.hours,
    requiredAttendancePercent: row.required_attendance_percent,
    signatories: parseSignatories(row.signatories),
    saved: true,
  };
}

const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

/** The settings form: hours, required share and up to three signatories (name and title each). */
export const completionSettingsSchema = z
  .object({
    hours: z
      .number({ error: "Escriba las horas del curso (un número entero)." })
      .int("Escriba las horas del curso (un número entero).")
      .min(1, "El curso debe tener al menos 1 hora.")
      .max(2000, "Escriba como máximo 2,000 horas."),
    required_attendance_percent: z
      .number({ error: "Escriba el porcentaje de asistencia requerido (0 a 100)." })
      .int("Escriba el porcentaje de asistencia requerido (0 a 100).")
      .min(0, "Escriba el porcentaje de asistencia requerido (0 a 100).")
      .max(100, "Escriba el porcentaje de asistencia requerido (0 a 100)."),
    signatory_1_name: text(150, "El nombre es demasiado largo (máximo 150 caracteres).").optional(),
    signatory_1_title: text(200, "El cargo es demasiado largo (máximo 200 caracteres).").optional(),
    signatory_2_name: text(150, "El nombre es demasiado largo (máximo 150 caracteres).").optional(),
    signatory_2_title: text(200, "El cargo es demasiado largo (máximo 200 caracteres).").optional(),
    signatory_3_name: text(150, "El nombre es demasiado largo (máximo 150 caracteres).").optional(),
    signatory_3_title: text(200, "El cargo es demasiado largo (máximo 200 caracteres).").optional(),
  })
  .superRefine((value, ctx) => {
    let count = 0;
    for (const n of [1, 2, 3] as const) {
      const name = value[`signatory_${n}_name`] ?? "";
      const title = value[`signatory_${n}_title`] ?? "";
      if (name && !title) ctx.addIssue({ code: "custom", path: [`signatory_${n}_title`], message: "Escriba el cargo de quien firma." });
      if (title && !name) ctx.addIssue({ code: "custom", path: [`signatory_${n}_name`], message: "Escriba el nombre de quien firma." });
      if (name || title) count += 1;
    }
    if (count === 0) ctx.addIssue({ code: "custom", path: ["signatory_1_name"], message: "Escriba al menos una persona que firma las constancias." });
  });

export type CompletionSettingsInput = z.infer<typeof completionSettingsSchema>;

/** The signatories of the form, in order, without the empty rows. */
export function signatoriesOf(input: CompletionSettingsInput): Signatory[] {
  return ([1, 2, 3] as const)
    .map((n) => ({ name: input[`signatory_${n}_name`] ?? "", title: input[`signatory_${n}_title`] ?? "" }))
    .filter((signatory) => signatory.name && signatory.title);
}

/** Saves a course's completion settings (audited in the same transaction). */
export async function saveCompletionSettings(
  db: Kysely<DB>,
  ctx: StaffContext,
  courseId: number,
  input: CompletionSettingsInput,
  now: Date = clock.now(),
): Promise<Outcome> {
  const signatories = signatoriesOf(input);
  if (signatories.length === 0 || signatories.length > 3)
    return refuse(400, { fields: { signatory_1_name: "Escriba de una a tres personas que firman." } });
  return db.transaction().execute(async (trx) => {
    const course = await trx.selectFrom("courses").select("course_id").where("course_id", "=", courseId).executeTakeFirst();
    if (!course) return notFound("El curso no existe.");
    const before = await trx.selectFrom("course_completion").selectAll().where("course_id", "=", courseId).executeTakeFirst();
    const values = {
      hours: input.hours,
      required_attendance_percent: input.required_attendance_percent,
      signatories: JSON.stringify(signatories),
      updated_at: now.toISOString(),
    };
    await trx
      .insertInto("course_completion")
      .values({ course_id: courseId, ...values })
      .onConflict((oc) => oc.column("course_id").doUpdateSet(values))
      .execute();
    await audit(trx, ctx, {
      action: "curso.ajustar_constancias",
      entity: "course",
      entityId: courseId,
      before: before
        ? { hours: before.hours, required_attendance_percent: before.required_attendance_percent, signatories: parseSignatories(before.signatories) }
        : null,
      after: { hours: input.hours, required_attendance_percent: input.required_attendance_percent, signatories },
    });
    return { ok: true };
  });
}
