import type { SubmissionResult } from "@conform-to/react";
import { usePlainForm } from "~/components/plain-form";
import type { z } from "zod";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { EmailField, PasswordField } from "~/components/credential-fields";
import { ErrorSummary, Field, FileField, RadioGroup, summaryErrors } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { UPLOAD_NOT_RECEIVED } from "~/components/upload-failure";
import { MODALITY } from "~/courses/modality";
import type { Profile } from "~/courses/pricing";
import {
  AgeField,
  GradeFields,
  GraduatedField,
  InstitutionFields,
  participantDetailFields,
  PhoneField,
  StateOfResidenceField,
} from "./account-fields";
import type { registrationSchema } from "./account-forms";
import { EMAIL_TAKEN_MESSAGE, EMAIL_TAKEN_TITLE, MODALITY_CHOICES, ROLE_OPTIONS, STUDENT_GRADE, SUMMARY_WARNING } from "./account-options";
import { DOCUMENTS_BY_ROLE, MISSING_DOCUMENT_MESSAGES, UPLOAD_FAILED_MESSAGE } from "./documents";
import { FIELD_MESSAGES } from "./field-messages";
import type { RegistrationCourse } from "./registration.server";

type RegistrationFields = z.input<typeof registrationSchema> & { student_license?: File; student_license_part_2?: File };

const FORM_REFUSED_TITLE = "No pudimos completar su registro";

/** Each profile's label of document 1 and 2, for the page script (data-texts). */
function documentLabels(position: 0 | 1): string {
  const labels: Partial<Record<Profile, string>> = {};
  for (const [role, documents] of Object.entries(DOCUMENTS_BY_ROLE)) {
    const document = documents[position];
    if (document) labels[role as Profile] = document.label;
  }
  return JSON.stringify(labels);
}

/**
 * The registration form (plain HTML; the page does not hydrate, issue 22). Without JavaScript
 * every field shows, the profile-dependent ones saying when to fill them, and the server applies
 * the rules. The page script checks it before sending (data-checks), sends it with fetch so a
 * refusal keeps the chosen files (data-upload), and shows the fields of the chosen profile
 * (data-show-if, data-text-by).
 */
export function RegistrationPage({ course, lastResult }: { course: RegistrationCourse | null; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = usePlainForm<RegistrationFields>({ id: "registro", lastResult });
  const role = fields.student_role.initialValue;
  const ordered = [
    fields.student_role,
    fields.student_name,
    fields.student_email,
    fields.student_password,
    ...participantDetailFields(fields),
    fields.student_modality,
    fields.student_license,
    fields.student_license_part_2,
  ];
  const summary = summaryErrors(ordered);
  const summaryTitle =
    summary.length > 0 && summary.every((error) => error.message === EMAIL_TAKEN_MESSAGE)
      ? EMAIL_TAKEN_TITLE
      : summary.length === 0 && form.errors?.length
        ? FORM_REFUSED_TITLE
        : SUMMARY_WARNING;
  const initialChoice = (meta: { initialValue?: unknown }) => (typeof meta.initialValue === "string" ? meta.initialValue : "");

  return (
    <div className="container page form-page">
      <Breadcrumbs items={[{ label: "Registro", href: "/register" }]} />
      <h1>Registro de participantes</h1>
      <p>Cree su cuenta para inscribirse a los cursos de educación continua. Todos los campos son obligatorios.</p>
      {course ? (
        <p className="notice">
          Curso elegido: <strong>{course.name}</strong>. Al terminar su registro continuará con la inscripción.
        </p>
      ) : null}

      <ErrorSummary title={summaryTitle} errors={summary} formErrors={form.errors} />

      <form
        method="post"
        action="/register"
        encType="multipart/form-data"
        id={form.id}
        className="form"
        noValidate
        data-checks=""
        data-upload=""
        data-summary-title={SUMMARY_WARNING}
        data-summary-form-title={FORM_REFUSED_TITLE}
        data-summary-titles={JSON.stringify({ [EMAIL_TAKEN_MESSAGE]: EMAIL_TAKEN_TITLE })}
        data-upload-failed={UPLOAD_FAILED_MESSAGE}
        data-not-received={UPLOAD_NOT_RECEIVED}
      >
        <RadioGroup
          meta={fields.student_role}
          legend="Perfil"
          hint="Su perfil define el precio de los cursos y los documentos que debe subir."
          options={ROLE_OPTIONS}
          required
          missingMessage={FIELD_MESSAGES.role}
        />

        <fieldset className="form-section">
          <legend>Datos personales</legend>
          <Field
            meta={fields.student_name}
            label="Nombre completo"
            autoComplete="name"
            required
            maxLength={150}
            data-message-missing={FIELD_MESSAGES.name}
          />
          <EmailField meta={fields.student_email} data-message-missing={FIELD_MESSAGES.email} data-message-invalid={FIELD_MESSAGES.emailInvalid} />
          <PasswordField
            meta={fields.student_password}
            autoComplete="new-password"
            hint="Al menos 8 caracteres. Evite contraseñas comunes como «12345678» o «contraseña»."
            minLength={8}
            data-message-missing={FIELD_MESSAGES.password}
            data-message-too-short={FIELD_MESSAGES.passwordTooShort}
          />
          <AgeField meta={fields.student_age} className="field--short" />
          <PhoneField meta={fields.student_phone} hint="10 dígitos, por ejemplo 5552289917." />
          <GraduatedField meta={fields.student_graduated} />
          <Field
            meta={fields.student_nationality}
            label="Nacionalidad"
            hint="Por ejemplo: Mexicana."
            required
            maxLength={80}
            data-message-missing={FIELD_MESSAGES.nationality}
          />
          <StateOfResidenceField meta={fields.student_state} />
        </fieldset>

        <fieldset className="form-section">
          <legend>Datos académicos</legend>
          <div className="field" data-show-if="student_role=ESTUDIANTE" hidden={role !== "ESTUDIANTE"}>
            <p className="field__label">Grado del perfil Estudiante</p>
            <p>
              {STUDENT_GRADE} <span className="field__hint">(se asigna por su perfil Estudiante)</span>
            </p>
          </div>
          <div className="field-group" data-show-if="student_role!=ESTUDIANTE" data-js-hidden={role === "ESTUDIANTE" ? "" : undefined}>
            <GradeFields
              select={fields.student_grade}
              other={fields.student_grade_other}
              initialChoice={initialChoice(fields.student_grade)}
              hint="Si su perfil es Estudiante, no lo elija: se asigna ESTUDIANTE."
            />
          </div>
          <InstitutionFields
            select={fields.student_institution}
            other={fields.student_institution_other}
            initialChoice={initialChoice(fields.student_institution)}
            required
          />
        </fieldset>

        {course && course.modalityId === MODALITY.PRESENCIAL_Y_EN_LINEA ? (
          <RadioGroup
            meta={fields.student_modality}
            legend={`Modalidad del curso «${course.name}»`}
            hint={course.presencialAvailable ? undefined : "No quedan lugares presenciales en este curso; se toma en línea."}
            options={
              course.presencialAvailable
                ? [
                    { value: "presencial", label: MODALITY_CHOICES.presencial },
                    { value: "en_linea", label: MODALITY_CHOICES.en_linea },
                  ]
                : [{ value: "en_linea", label: MODALITY_CHOICES.en_linea }]
            }
            required
            missingMessage={FIELD_MESSAGES.modality}
          />
        ) : null}

        <fieldset className="form-section">
          <legend>Documentos</legend>
          <div className="notice notice--warning">
            <p>
              <strong>Importante:</strong> el personal del HIMFG sube ambos lados de su credencial de trabajador; los estudiantes, ambos lados de su
              credencial de estudiante vigente; los participantes externos, su cédula profesional.
            </p>
            <p>Si el documento no es válido o está vencido, no se entregará constancia y no habrá reembolso del pago.</p>
          </div>
          <FileField
            meta={fields.student_license}
            label={
              <span data-text-by="student_role" data-texts={documentLabels(0)}>
                Documento 1: frente de su credencial o su cédula profesional
              </span>
            }
            required
            missingMessage={MISSING_DOCUMENT_MESSAGES.student_license}
          />
          <div data-show-if="student_role!=EXTERNO" data-js-hidden={role === "EXTERNO" ? "" : undefined}>
            <FileField
              meta={fields.student_license_part_2}
              label={
                <span data-text-by="student_role" data-texts={documentLabels(1)}>
                  Documento 2: reverso de su credencial (no se pide para el perfil Externo)
                </span>
              }
              requiredWithScript
              missingMessage={MISSING_DOCUMENT_MESSAGES.student_license_part_2}
            />
          </div>
        </fieldset>

        <p className="notice">
          Sus datos personales se usan para su registro, inscripción y constancias, conforme a la Ley General de Protección de Datos Personales en
          Posesión de Sujetos Obligados. Consulte el <a href="/avisos-de-privacidad">aviso de privacidad</a>.
        </p>

        <div className="form-actions">
          <SubmitButton formActionPath="/register" pendingLabel="Registrando…">
            Registrarme
          </SubmitButton>
        </div>
      </form>

      <ul className="form-links">
        <li>
          ¿Ya tiene cuenta? <a href="/userlogin">Inicie sesión</a>
        </li>
      </ul>
    </div>
  );
}
