import { normalizeText } from "~/utils/text-checks";
import { OTHER, STUDENT_GRADE } from "./account-options";
import { FIELD_MESSAGES } from "./field-messages";

// Shared by the server's schema (account-forms.ts) and the browser's checks
// (the account forms' markup, through field-messages.ts); kept free of zod so the browser bundle does not carry it.

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
    const chosen = normalizeText(values.grade ?? "");
    if (chosen === OTHER) {
      const other = normalizeText(values.gradeOther ?? "");
      if (!other) errors.student_grade_other = [FIELD_MESSAGES.gradeOther];
      else grade = other;
    } else if (!chosen) {
      errors.student_grade = [FIELD_MESSAGES.grade];
    } else {
      grade = chosen;
    }
    if (grade && grade.toUpperCase() === STUDENT_GRADE) {
      errors[chosen === OTHER ? "student_grade_other" : "student_grade"] = [
        "El grado ESTUDIANTE corresponde al perfil Estudiante. Elija ese perfil o escriba su grado.",
      ];
      grade = null;
    }
    if (grade && grade.length > 100) {
      errors.student_grade = ["El grado es demasiado largo (máximo 100 caracteres)."];
      grade = null;
    }
  }
  let institution: string | null = null;
  const chosenInstitution = normalizeText(values.institution ?? "");
  if (chosenInstitution === OTHER) {
    const other = normalizeText(values.institutionOther ?? "");
    if (!other) errors.student_institution_other = [FIELD_MESSAGES.institutionOther];
    else institution = other;
  } else if (!chosenInstitution) {
    errors.student_institution = [FIELD_MESSAGES.institution];
  } else {
    institution = chosenInstitution;
  }
  if (institution && institution.length > 150) {
    errors.student_institution = ["El nombre de la institución es demasiado largo."];
    institution = null;
  }
  return { grade, institution, errors };
}
