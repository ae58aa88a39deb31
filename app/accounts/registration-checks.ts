/**
 * What the browser can check in the registration form before sending it, so nobody loses the
 * chosen files and the typed password to a round trip (issue 11). The same messages as the
 * server's schema; the server checks everything again (and what only it can: files by content,
 * a taken e-mail). Pure and synchronous: conform's onValidate runs it at submit.
 */
import { MEXICAN_STATES } from "./account-options";
import { resolveGradeAndInstitution, type FieldErrors } from "./grade-institution";
import { DOCUMENTS_BY_ROLE, FILE_MESSAGES, MAX_UPLOAD_BYTES } from "./documents";
import { passwordProblem } from "./password-policy";
import type { Profile } from "~/courses/pricing";
import { hasForbiddenCharacters, INVISIBLE_CHARACTERS_MESSAGE, normalizeText } from "~/utils/text-checks";

const PROFILES: readonly string[] = ["PERSONAL_HIMFG", "ESTUDIANTE", "EXTERNO"];
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|pdf)$/i;
const ACCEPTED_TYPES = new Set(["image/jpeg", "image/png", "application/pdf", ""]);

function text(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? normalizeText(value) : "";
}

function requiredText(errors: FieldErrors, formData: FormData, name: string, missing: string, max: number, tooLong: string) {
  const value = text(formData, name);
  if (!value) errors[name] = [missing];
  else if (value.length > max) errors[name] = [tooLong];
  else if (hasForbiddenCharacters(value)) errors[name] = [INVISIBLE_CHARACTERS_MESSAGE];
}

/** The message for a chosen file the browser can already refuse, or null. */
export function fileProblem(file: File): string | null {
  if (file.size === 0) return FILE_MESSAGES.empty;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_MESSAGES.tooLarge;
  if (!ACCEPTED_EXTENSIONS.test(file.name) && !ACCEPTED_TYPES.has(file.type)) return FILE_MESSAGES.wrongType;
  return null;
}

/**
 * The errors the browser can see, by field. `refusedFiles` are messages the page already found by
 * reading a file's first bytes (FileField), kept as they are.
 */
export function registrationClientErrors(
  formData: FormData,
  options: { modalityAsked: boolean; refusedFiles?: Record<string, string> } = { modalityAsked: false },
): FieldErrors {
  const errors: FieldErrors = {};
  const role = text(formData, "student_role");
  if (!PROFILES.includes(role)) errors.student_role = ["Elija su perfil: Personal HIMFG, Estudiante o Externo."];
  requiredText(errors, formData, "student_name", "Escriba su nombre completo.", 150, "El nombre es demasiado largo (máximo 150 caracteres).");

  const email = text(formData, "student_email");
  if (!email) errors.student_email = ["Escriba su correo electrónico."];
  else if (email.length > 254) errors.student_email = ["El correo electrónico es demasiado largo."];
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    errors.student_email = ["Escriba un correo electrónico válido, por ejemplo nombre@dominio.com."];

  const password = formData.get("student_password");
  const problem = passwordProblem(typeof password === "string" ? password : "");
  if (problem) errors.student_password = [problem];

  const age = text(formData, "student_age");
  if (!/^[0-9]{1,3}$/.test(age)) errors.student_age = ["Escriba su edad en números, por ejemplo 34."];
  else if (Number(age) < 15 || Number(age) > 100) errors.student_age = ["La edad debe estar entre 15 y 100 años."];

  const phone = text(formData, "student_phone").replace(/[\s().-]/g, "");
  if (!phone) errors.student_phone = ["Escriba su número de teléfono de 10 dígitos."];
  else if (!/^\d{10}$/.test(phone)) errors.student_phone = ["Escriba su teléfono con 10 dígitos, solo números, por ejemplo 5552289917."];

  if (!["SÍ", "NO"].includes(text(formData, "student_graduated"))) errors.student_graduated = ["Indique si es egresado: Sí o No."];
  requiredText(errors, formData, "student_nationality", "Escriba su nacionalidad, por ejemplo Mexicana.", 80, "La nacionalidad es demasiado larga.");
  const state = text(formData, "student_state");
  if (!state) errors.student_state = ["Elija su estado de residencia."];
  else if (!MEXICAN_STATES.includes(state)) errors.student_state = ["Elija un estado de la lista."];

  const resolved = resolveGradeAndInstitution({
    role: role || null,
    grade: text(formData, "student_grade"),
    gradeOther: text(formData, "student_grade_other"),
    institution: text(formData, "student_institution"),
    institutionOther: text(formData, "student_institution_other"),
  });
  Object.assign(errors, resolved.errors);

  if (options.modalityAsked && !["presencial", "en_linea"].includes(text(formData, "student_modality"))) {
    errors.student_modality = ["Elija cómo tomará el curso: presencial o en línea."];
  }

  if (PROFILES.includes(role)) {
    for (const document of DOCUMENTS_BY_ROLE[role as Profile]) {
      const refused = options.refusedFiles?.[document.field];
      const file = formData.get(document.field);
      if (refused) errors[document.field] = [refused];
      else if (!(file instanceof File) || (file.name === "" && file.size === 0)) errors[document.field] = [FILE_MESSAGES.missing];
      else {
        const problem = fileProblem(file);
        if (problem) errors[document.field] = [problem];
      }
    }
  }
  return errors;
}
