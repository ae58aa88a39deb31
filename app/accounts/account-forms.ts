/**
 * The account forms' fields, choices and zod schemas with their Spanish messages (pure: the
 * routes parse with them on the server and render their choices). Field names are the seed's
 * registration payload (student_*), so other clients can post the same form.
 */
import { z } from "zod";
import { cleanText, strictInteger } from "~/utils/text";
import { PROFILES } from "~/courses/pricing";
import { FIELD_MESSAGES as M } from "./field-messages";
import { MAX_PASSWORD_LENGTH, passwordProblem } from "./password-policy";

export {
  MEXICAN_STATES,
  ROLE_OPTIONS,
  GRADE_OPTIONS,
  INSTITUTION_OPTIONS,
  OTHER,
  STUDENT_GRADE,
  SUMMARY_WARNING,
  MODALITY_CHOICES,
  type ModalityChoice,
} from "./account-options";
import { MEXICAN_STATES } from "./account-options";

export { EMAIL_TAKEN_MESSAGE, EMAIL_TAKEN_TITLE } from "./account-options";

const text = (message: string, max: number, maxMessage: string) => cleanText({ required: message, max, tooLong: maxMessage });
/** An optional free text ("Otro"): blank is absent; otherwise the same rules as any text. */
const optionalText = (max: number, maxMessage: string) => cleanText({ required: "Escriba el texto.", max, tooLong: maxMessage }).optional();

const email = z
  .string({ error: M.email })
  .trim()
  .max(254, "El correo electrónico es demasiado largo.")
  .pipe(z.email(M.emailInvalid))
  .transform((value) => value.toLowerCase());

// One message at a time: the length rules and the common-password list live in passwordProblem.
const newPassword = z.string({ error: M.password }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

// Digits only: "0x22", "3.4e1" or "+34" are not an age (Number() would read them as 34).
const age = strictInteger({
  required: M.age,
  message: M.age,
  maxDigits: 3,
}).pipe(z.number().min(15, M.ageRange).max(100, M.ageRange));

const phone = z
  .string({ error: M.phone })
  .transform((value) => value.replace(/[\s().-]/g, ""))
  .pipe(z.string().regex(/^\d{10}$/, M.phoneInvalid));

const graduated = z.enum(["SÍ", "NO"], { error: M.graduated });
const nationality = text(M.nationality, 80, "La nacionalidad es demasiado larga.");
const state = z.string({ error: M.state }).refine((value) => MEXICAN_STATES.includes(value), "Elija un estado de la lista.");
const name = text(M.name, 150, M.nameTooLong);

/**
 * The registration fields that do not depend on each other. Grade and institution depend on the
 * profile and on "Otro", so `resolveGradeAndInstitution` checks them (zod skips an object's
 * refinements once a field fails, and every error must show at once).
 */
export const registrationSchema = z.object({
  student_name: name,
  student_role: z.enum(PROFILES, { error: M.role }),
  student_grade: optionalText(100, "El grado es demasiado largo (máximo 100 caracteres)."),
  student_grade_other: optionalText(100, "El grado es demasiado largo (máximo 100 caracteres)."),
  student_institution: optionalText(150, "El nombre de la institución es demasiado largo."),
  student_institution_other: optionalText(150, "El nombre de la institución es demasiado largo."),
  student_email: email,
  student_password: newPassword,
  student_age: age,
  student_graduated: graduated,
  student_nationality: nationality,
  student_state: state,
  student_phone: phone,
  student_modality: z.enum(["presencial", "en_linea"]).optional(),
});

export { resolveGradeAndInstitution, type FieldErrors } from "./grade-institution";

export const loginSchema = z.object({
  student_email: z
    .string({ error: "Escriba su correo electrónico." })
    .trim()
    .max(254)
    .transform((value) => value.toLowerCase()),
  student_password: z.string({ error: "Escriba su contraseña." }).max(MAX_PASSWORD_LENGTH),
  redirectTo: z.string().optional(),
});

/** The editable part of the profile: not the e-mail nor the profile (they decide prices and documents). */
export const profileUpdateSchema = z.object({
  student_name: name,
  student_grade: optionalText(100, "El grado es demasiado largo (máximo 100 caracteres)."),
  student_grade_other: optionalText(100, "El grado es demasiado largo (máximo 100 caracteres)."),
  student_institution: optionalText(150, "El nombre de la institución es demasiado largo."),
  student_institution_other: optionalText(150, "El nombre de la institución es demasiado largo."),
  student_age: age,
  student_graduated: graduated,
  student_nationality: nationality,
  student_state: state,
  student_phone: phone,
});

/** The one question asked at sign-in of a participant registered (through the API) without it. */
export const graduatedAnswerSchema = z.object({
  student_graduated: z.enum(["SÍ", "NO"], { error: "Indique si ya se graduó: elija Sí o No." }),
  redirectTo: z.string().optional(),
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
