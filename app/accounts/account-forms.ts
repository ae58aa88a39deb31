/**
 * The account forms' fields, choices and zod schemas with their Spanish messages (pure: the
 * routes parse with them on the server and render their choices). Field names are the seed's
 * registration payload (student_*), so other clients can post the same form.
 */
import { z } from "zod";
import { ENROLMENT_MODALITY_LABELS, type EnrolmentModality } from "~/courses/modality";
import { PROFILES, type Profile } from "~/courses/pricing";
import mexicanStates from "./data/mexican-states";
import { MAX_PASSWORD_LENGTH, passwordProblem } from "./password-policy";

export const MEXICAN_STATES = mexicanStates;

export const ROLE_OPTIONS: { value: Profile; label: string; hint: string }[] = [
  { value: "PERSONAL_HIMFG", label: "Personal HIMFG", hint: "Trabaja en el Hospital Infantil de México Federico Gómez." },
  { value: "ESTUDIANTE", label: "Estudiante", hint: "Cursa una carrera o un posgrado y tiene credencial de estudiante vigente." },
  { value: "EXTERNO", label: "Externo", hint: "Profesional de la salud de otra institución, con cédula profesional." },
];

/** The seed's grade choices for staff and external participants; "Otro" asks for free text. */
export const GRADE_OPTIONS = ["Médico", "Enfermero(a)", "Biólogo", "Químico", "Odontólogo", "Trabajador(a) social"] as const;
export const INSTITUTION_OPTIONS = ["IMSS", "SSA", "ISSSTE", "GDF", "HIMFG"] as const;
export const OTHER = "Otro";
/** A student's grade is always this (the seed: choosing ESTUDIANTE sets it). */
export const STUDENT_GRADE = "ESTUDIANTE";

export const SUMMARY_WARNING = "Complete los campos requeridos o revise sus archivos seleccionados (JPG, .PNG, .PDF y máximo 1MB)";

export const MODALITY_CHOICES = ENROLMENT_MODALITY_LABELS;
export type ModalityChoice = EnrolmentModality;

const text = (message: string, max: number, maxMessage: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, maxMessage);

const email = z
  .string({ error: "Escriba su correo electrónico." })
  .trim()
  .max(254, "El correo electrónico es demasiado largo.")
  .pipe(z.email("Escriba un correo electrónico válido, por ejemplo nombre@dominio.com."))
  .transform((value) => value.toLowerCase());

// One message at a time: the length rules and the common-password list live in passwordProblem.
const newPassword = z
  .string({ error: "Escriba una contraseña." })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const age = z
  .number({ error: "Escriba su edad en números, por ejemplo 34." })
  .int("Escriba su edad en años cumplidos, sin decimales.")
  .min(15, "La edad debe estar entre 15 y 100 años.")
  .max(100, "La edad debe estar entre 15 y 100 años.");

const phone = z
  .string({ error: "Escriba su número de teléfono de 10 dígitos." })
  .transform((value) => value.replace(/[\s().-]/g, ""))
  .pipe(z.string().regex(/^\d{10}$/, "Escriba su teléfono con 10 dígitos, solo números, por ejemplo 5552289917."));

const graduated = z.enum(["SÍ", "NO"], { error: "Indique si es egresado: Sí o No." });
const nationality = text("Escriba su nacionalidad, por ejemplo Mexicana.", 80, "La nacionalidad es demasiado larga.");
const state = z.string({ error: "Elija su estado de residencia." }).refine((value) => MEXICAN_STATES.includes(value), "Elija un estado de la lista.");
const name = text("Escriba su nombre completo.", 150, "El nombre es demasiado largo (máximo 150 caracteres).");

/**
 * The registration fields that do not depend on each other. Grade and institution depend on the
 * profile and on "Otro", so `resolveGradeAndInstitution` checks them (zod skips an object's
 * refinements once a field fails, and every error must show at once).
 */
export const registrationSchema = z.object({
  student_name: name,
  student_role: z.enum(PROFILES, { error: "Elija su perfil: Personal HIMFG, Estudiante o Externo." }),
  student_grade: z.string().trim().max(100).optional(),
  student_grade_other: z.string().trim().max(100, "El grado es demasiado largo (máximo 100 caracteres).").optional(),
  student_institution: z.string().trim().max(150).optional(),
  student_institution_other: z.string().trim().max(150, "El nombre de la institución es demasiado largo.").optional(),
  student_email: email,
  student_password: newPassword,
  student_age: age,
  student_graduated: graduated,
  student_nationality: nationality,
  student_state: state,
  student_phone: phone,
  student_modality: z.enum(["presencial", "en_linea"]).optional(),
});

export type FieldErrors = Record<string, string[]>;

/**
 * The grade and the institution as they are stored, or the messages for their fields. A student's
 * grade is ESTUDIANTE whatever was sent; anyone else must give one ("Otro" with its text). A value
 * outside the lists is taken as free text, so other clients can post the seed's payload as is.
 */
export function resolveGradeAndInstitution(values: {
  role: string | null;
  grade: string | null;
  gradeOther: string | null;
  institution: string | null;
  institutionOther: string | null;
}): { grade: string | null; institution: string | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  let grade: string | null = null;
  if (values.role === "ESTUDIANTE") {
    grade = STUDENT_GRADE;
  } else {
    const chosen = values.grade?.trim() ?? "";
    if (chosen === OTHER) {
      const other = values.gradeOther?.trim() ?? "";
      if (!other) errors.student_grade_other = ["Escriba su grado académico."];
      else grade = other;
    } else if (!chosen) {
      errors.student_grade = ["Elija su grado académico (o «Otro» y escríbalo)."];
    } else {
      grade = chosen;
    }
    if (grade && grade.toUpperCase() === STUDENT_GRADE) {
      errors[chosen === OTHER ? "student_grade_other" : "student_grade"] = ["El grado ESTUDIANTE corresponde al perfil Estudiante. Elija ese perfil o escriba su grado."];
      grade = null;
    }
    if (grade && grade.length > 100) {
      errors.student_grade = ["El grado es demasiado largo (máximo 100 caracteres)."];
      grade = null;
    }
  }
  let institution: string | null = null;
  const chosenInstitution = values.institution?.trim() ?? "";
  if (chosenInstitution === OTHER) {
    const other = values.institutionOther?.trim() ?? "";
    if (!other) errors.student_institution_other = ["Escriba el nombre de su institución."];
    else institution = other;
  } else if (!chosenInstitution) {
    errors.student_institution = ["Elija su institución (o «Otro» y escríbala)."];
  } else {
    institution = chosenInstitution;
  }
  if (institution && institution.length > 150) {
    errors.student_institution = ["El nombre de la institución es demasiado largo."];
    institution = null;
  }
  return { grade, institution, errors };
}

export const loginSchema = z.object({
  student_email: z.string({ error: "Escriba su correo electrónico." }).trim().max(254).transform((value) => value.toLowerCase()),
  student_password: z.string({ error: "Escriba su contraseña." }).max(MAX_PASSWORD_LENGTH),
  redirectTo: z.string().optional(),
});

/** The editable part of the profile: not the e-mail nor the profile (they decide prices and documents). */
export const profileUpdateSchema = z.object({
  student_name: name,
  student_grade: z.string().trim().max(100).optional(),
  student_grade_other: z.string().trim().max(100, "El grado es demasiado largo (máximo 100 caracteres).").optional(),
  student_institution: z.string().trim().max(150).optional(),
  student_institution_other: z.string().trim().max(150, "El nombre de la institución es demasiado largo.").optional(),
  student_age: age,
  student_graduated: graduated,
  student_nationality: nationality,
  student_state: state,
  student_phone: phone,
});

export const passwordRecoverySchema = z.object({ student_email: email });

export const passwordResetSchema = z
  .object({
    token: z.string({ error: "El enlace no es válido." }).min(1),
    password: newPassword,
    password_confirmation: z.string({ error: "Escriba de nuevo la contraseña." }),
  })
  .refine((value) => value.password === value.password_confirmation, {
    message: "Las contraseñas no coinciden. Escríbala igual en los dos campos.",
    path: ["password_confirmation"],
  });

/**
 * Where to go after signing in: only a path on this site ("/profile", "/payment?x=1"), never
 * another origin ("//evil.example", "https://…", "/\\evil").
 */
export function safeRedirectPath(value: unknown, fallback = "/profile"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // Control characters (a tab or newline in a path) are refused outright.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  try {
    const url = new URL(value, "http://himfg.invalid");
    if (url.origin !== "http://himfg.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
