/**
 * The account forms' choices and fixed texts, for the forms the browser renders. Kept apart from
 * the zod schemas (account-forms.ts) so that importing a choice list does not put zod in the
 * browser bundle (issue 11: 93 KB of zod on /profile and /register). account-forms re-exports
 * everything here, so either import works on the server.
 */
import type { Profile } from "~/courses/pricing";
import { ENROLMENT_MODALITY_LABELS } from "~/courses/modality";
import mexicanStates from "./data/mexican-states";
import { DOCUMENT_LIMITS } from "./documents";

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

/** The seed's registration warning, with its formats and size written properly. */
export const SUMMARY_WARNING = `Complete los campos requeridos o revise sus archivos seleccionados (${DOCUMENT_LIMITS})`;

/** The graduated question's name where an answer is shown (the profile and the staff's participant page). */
export const GRADUATED_TERM = "Egresado(a)";

/**
 * How a graduated answer reads, on every screen: "Sí", "No", or "Sin respuesta" for a participant
 * registered through the API without it (NULL since migration 0031).
 */
export function graduatedLabel(value: string | null): string {
  if (value === "SÍ") return "Sí";
  if (value === "NO") return "No";
  return "Sin respuesta";
}

export const MODALITY_CHOICES = ENROLMENT_MODALITY_LABELS;
export type ModalityChoice = keyof typeof MODALITY_CHOICES;

export const EMAIL_TAKEN_MESSAGE = "Ya existe una cuenta con este correo electrónico. Inicie sesión o recupere su contraseña si la olvidó.";
/** The heading of the registration's error summary when the e-mail is the only problem. */
export const EMAIL_TAKEN_TITLE = "Ya existe una cuenta con este correo electrónico";

/** A password-reset link that is unknown, used or expired (the page and the reset's refusal). */
export const INVALID_RESET_LINK = "El enlace para restablecer la contraseña no es válido, ya se usó o venció. Solicite uno nuevo.";
