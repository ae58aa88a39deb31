/**
 * The Spanish messages of the account forms' fields, one place for the server's zod schemas
 * (account-forms.ts, grade-institution.ts) and the forms' markup, which hands them to the page
 * script's checks (data-message-*, app/enhance/form-checks.ts): the browser says what the server
 * would. Pure, no zod.
 */
import { MIN_PASSWORD_LENGTH } from "./password-policy";

export const FIELD_MESSAGES = {
  role: "Elija su perfil: Personal HIMFG, Estudiante o Externo.",
  name: "Escriba su nombre completo.",
  nameTooLong: "El nombre es demasiado largo (máximo 150 caracteres).",
  email: "Escriba su correo electrónico.",
  emailInvalid: "Escriba un correo electrónico válido, por ejemplo nombre@dominio.com.",
  password: "Escriba una contraseña.",
  passwordTooShort: `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`,
  age: "Escriba su edad en números, por ejemplo 34.",
  ageRange: "La edad debe estar entre 15 y 100 años.",
  phone: "Escriba su número de teléfono de 10 dígitos.",
  phoneInvalid: "Escriba su teléfono con 10 dígitos, solo números, por ejemplo 5552289917.",
  graduated: "Indique si es egresado: Sí o No.",
  nationality: "Escriba su nacionalidad, por ejemplo Mexicana.",
  state: "Elija su estado de residencia.",
  grade: "Elija su grado académico (o «Otro» y escríbalo).",
  gradeOther: "Escriba su grado académico.",
  institution: "Elija su institución (o «Otro» y escríbala).",
  institutionOther: "Escriba el nombre de su institución.",
  modality: "Elija cómo tomará el curso: presencial o en línea.",
} as const;

/** What the age field takes, for the page script (data-pattern, data-min, data-max). */
export const AGE_CHECKS = { "data-pattern": "[0-9]{1,3}", "data-min": "15", "data-max": "100" } as const;

/** A phone of 10 digits, with the spaces, dots, dashes and brackets the server strips. */
export const PHONE_PATTERN = "[\\s().\\-]*(?:[0-9][\\s().\\-]*){10}";
