import type { SubmissionResult } from "@conform-to/react";
import { usePlainForm } from "~/components/plain-form";
import type { z } from "zod";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ErrorSummary, Field, FileField, summaryErrors } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { UPLOAD_NOT_RECEIVED } from "~/components/upload-failure";
import { ENROLMENT_MODALITY_LABELS } from "~/courses/modality";
import { formatMoney, PROFILE_LABELS, type Profile } from "~/courses/pricing";
import { enrolmentStateText } from "~/enrolment/enrolment-labels";
import type { EnrolmentListItem } from "~/enrolment/enrolment.server";
import { describeFile } from "~/files/file-types";
import type { OfflineIntent } from "~/payments/checkout.server";
import { BankDetails, OfflineNextSteps } from "~/payments/offline-payment-ui";
import type { OfflinePaymentDetails } from "~/settings/settings";
import {
  AgeField,
  GradeFields,
  GraduatedField,
  InstitutionFields,
  participantDetailFields,
  PhoneField,
  StateOfResidenceField,
} from "./account-fields";
import type { profileUpdateSchema } from "./account-forms";
import { GRADE_OPTIONS, GRADUATED_TERM, graduatedLabel, INSTITUTION_OPTIONS, OTHER, STUDENT_GRADE } from "./account-options";
import { DOCUMENT_KIND_LABELS, DOCUMENT_STATUS_LABELS, UPLOAD_FAILED_MESSAGE } from "./documents";
import { FIELD_MESSAGES } from "./field-messages";
import type { DocumentListItem } from "./participants.server";

/** What /profile shows of the participant. */
export interface ProfileParticipant {
  id: number;
  name: string;
  email: string;
  role: Profile;
  grade: string;
  institution: string;
  age: number;
  graduated: string | null;
  nationality: string;
  state: string;
  phone: string;
}

/** The action's last answer (the pipeline's ActionReply): which form it is about and conform's result. */
export interface ProfileAnswer {
  intent: string | null;
  result: SubmissionResult<string[]>;
}

/** The document a replace-document answer is about: the form's own documentId, sent back with its values. */
function answeredDocumentId(answer: ProfileAnswer | undefined): number | null {
  const value = (answer?.result.initialValue as Record<string, unknown> | null | undefined)?.documentId;
  return typeof value === "string" && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null;
}

type ProfileFields = z.input<typeof profileUpdateSchema>;

const longDate = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: "America/Mexico_City" });

/** "Credencial de trabajador del HIMFG" → "credencial de trabajador del HIMFG" (acronyms keep their case). */
function lowerFirst(label: string): string {
  return label.charAt(0).toLowerCase() + label.slice(1);
}

function splitChoice(value: string, options: readonly string[]) {
  return options.includes(value) ? { choice: value, other: "" } : { choice: OTHER, other: value };
}

/**
 * /profile (plain HTML; the page does not hydrate, issue 22): the participant's data, the form
 * to update it, the documents with a replacement form each, the enrolments and the calendar.
 * The page script checks the forms before sending (data-checks) and sends a document with fetch
 * (data-upload), so a refusal keeps the chosen file.
 */
export function ProfilePage({
  participant,
  documents,
  enrolments,
  calendarUrl,
  offline,
  answer,
}: {
  participant: ProfileParticipant;
  documents: DocumentListItem[];
  enrolments: EnrolmentListItem[];
  calendarUrl: string | null;
  offline: { intents: OfflineIntent[]; details: OfflinePaymentDetails } | null;
  answer: ProfileAnswer | undefined;
}) {
  return (
    <div className="container page form-page">
      <Breadcrumbs items={[{ label: "Mi perfil", href: "/profile" }]} />
      <h1>Mi perfil</h1>
      <ParticipantData participant={participant} />
      <ProfileForm participant={participant} lastResult={answer?.intent !== "replace-document" ? answer?.result : undefined} />
      <section aria-labelledby="mis-documentos">
        <h2 id="mis-documentos">Mis documentos</h2>
        <p>
          La Dirección de Enseñanza revisa sus documentos. Puede reemplazar un documento mientras no esté aprobado; el nuevo queda pendiente de
          revisión. Si el documento no es válido o está vencido, no se entregará constancia y no habrá reembolso.
        </p>
        {documents.length === 0 ? (
          <p>No tiene documentos registrados.</p>
        ) : (
          <ul className="document-list">
            {documents.map((document) => (
              <DocumentCard
                key={document.id}
                document={document}
                lastResult={answer?.intent === "replace-document" && answeredDocumentId(answer) === document.id ? answer.result : undefined}
              />
            ))}
          </ul>
        )}
      </section>
      <EnrolmentsSection enrolments={enrolments} offline={offline} />
      <CalendarSection calendarUrl={calendarUrl} />
    </div>
  );
}

function ParticipantData({ participant }: { participant: ProfileParticipant }) {
  return (
    <section aria-labelledby="mis-datos">
      <h2 id="mis-datos">Mis datos</h2>
      <dl className="data-list">
        <dt>Número de participante</dt>
        <dd data-testid="participant-id">{participant.id}</dd>
        <dt>Nombre</dt>
        <dd>{participant.name}</dd>
        <dt>Correo electrónico</dt>
        <dd>{participant.email}</dd>
        <dt>Perfil</dt>
        <dd>{PROFILE_LABELS[participant.role]}</dd>
        <dt>Grado</dt>
        <dd>{participant.grade}</dd>
        <dt>Institución</dt>
        <dd>{participant.institution}</dd>
        <dt>Edad</dt>
        <dd>{participant.age} años</dd>
        <dt>{GRADUATED_TERM}</dt>
        <dd>{graduatedLabel(participant.graduated)}</dd>
        <dt>Nacionalidad</dt>
        <dd>{participant.nationality}</dd>
        <dt>Estado de residencia</dt>
        <dd>{participant.state}</dd>
        <dt>Teléfono</dt>
        <dd>{participant.phone}</dd>
      </dl>
    </section>
  );
}

function ProfileForm({ participant, lastResult }: { participant: ProfileParticipant; lastResult: SubmissionResult<string[]> | undefined }) {
  const isStudent = participant.role === "ESTUDIANTE";
  const grade = splitChoice(participant.grade, GRADE_OPTIONS);
  const institution = splitChoice(participant.institution, INSTITUTION_OPTIONS);
  const [form, fields] = usePlainForm<ProfileFields>({
    id: "editar-perfil",
    lastResult,
    defaultValue: {
      student_name: participant.name,
      student_grade: isStudent ? undefined : grade.choice,
      student_grade_other: isStudent ? undefined : grade.other,
      student_institution: institution.choice,
      student_institution_other: institution.other,
      student_age: String(participant.age),
      student_graduated: (participant.graduated ?? undefined) as "SÍ" | "NO" | undefined,
      student_nationality: participant.nationality,
      student_state: participant.state,
      student_phone: participant.phone,
    },
  });
  const title = "Revise los datos marcados";

  return (
    <section aria-labelledby="editar-datos">
      <h2 id="editar-datos">Actualizar mis datos</h2>
      <p>El correo electrónico y el perfil no se pueden cambiar aquí; si necesita corregirlos, comuníquese con la Dirección de Enseñanza.</p>
      <ErrorSummary title={title} errors={summaryErrors([fields.student_name, ...participantDetailFields(fields)])} formErrors={form.errors} />
      <form method="post" action="/profile" id={form.id} className="form" noValidate data-checks="" data-summary-title={title}>
        <input type="hidden" name="intent" value="update-profile" />
        <Field
          meta={fields.student_name}
          label="Nombre completo"
          autoComplete="name"
          required
          maxLength={150}
          data-message-missing={FIELD_MESSAGES.name}
        />
        <AgeField meta={fields.student_age} />
        <PhoneField meta={fields.student_phone} hint="10 dígitos." />
        <GraduatedField meta={fields.student_graduated} />
        <Field meta={fields.student_nationality} label="Nacionalidad" required maxLength={80} data-message-missing={FIELD_MESSAGES.nationality} />
        <StateOfResidenceField meta={fields.student_state} />
        {isStudent ? (
          <p>
            <strong>Grado:</strong> {STUDENT_GRADE} (se asigna por su perfil Estudiante)
          </p>
        ) : (
          <GradeFields select={fields.student_grade} other={fields.student_grade_other} initialChoice={grade.choice} required />
        )}
        <InstitutionFields select={fields.student_institution} other={fields.student_institution_other} initialChoice={institution.choice} required />
        <div className="form-actions">
          <SubmitButton formActionPath="/profile" pendingLabel="Guardando…">
            Guardar cambios
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

function DocumentCard({ document, lastResult }: { document: DocumentListItem; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = usePlainForm<{ document?: File }>({ id: `documento-${document.id}`, lastResult });
  const titleId = `documento-${document.id}-titulo`;
  return (
    <li className="document-card">
      <h3 id={titleId} className="document-card__title">
        {DOCUMENT_KIND_LABELS[document.kind]}
      </h3>
      <p>
        Estado: <span className={`status status--${document.status}`}>{DOCUMENT_STATUS_LABELS[document.status]}</span>
        {document.reviewedAt ? ` (revisado el ${longDate.format(new Date(document.reviewedAt))})` : null}
      </p>
      {document.status === "rechazado" && document.rejectionReason ? (
        <p>
          <strong>Motivo del rechazo:</strong> {document.rejectionReason}
        </p>
      ) : null}
      <p>
        <a href={`/profile/documentos/${document.id}`} download>
          Descargar {lowerFirst(DOCUMENT_KIND_LABELS[document.kind])}
        </a>{" "}
        <span className="field__hint">
          ({describeFile({ content_type: document.contentType, file_name: document.fileName, byte_size: document.byteSize })})
        </span>
      </p>
      {document.status !== "aprobado" ? (
        <form
          method="post"
          action="/profile"
          encType="multipart/form-data"
          id={form.id}
          className="form"
          noValidate
          data-checks=""
          data-upload=""
          data-upload-failed={UPLOAD_FAILED_MESSAGE}
          data-not-received={UPLOAD_NOT_RECEIVED}
        >
          <input type="hidden" name="intent" value="replace-document" />
          <input type="hidden" name="documentId" value={document.id} />
          <p className="field__error" role="alert" data-form-errors="" hidden={!form.errors?.length}>
            {form.errors?.join(" ")}
          </p>
          <FileField meta={fields.document} label={`Nuevo archivo: ${lowerFirst(DOCUMENT_KIND_LABELS[document.kind])}`} required />
          <div className="form-actions">
            <SubmitButton formActionPath="/profile" pendingLabel="Subiendo…" className="button--secondary">
              Reemplazar documento
            </SubmitButton>
          </div>
        </form>
      ) : null}
    </li>
  );
}

function EnrolmentsSection({
  enrolments,
  offline,
}: {
  enrolments: EnrolmentListItem[];
  offline: { intents: OfflineIntent[]; details: OfflinePaymentDetails } | null;
}) {
  const offlineIntent = new Map((offline?.intents ?? []).map((intent) => [intent.enrolmentId, intent]));
  return (
    <section aria-labelledby="mis-inscripciones">
      <h2 id="mis-inscripciones">Mis inscripciones</h2>
      {enrolments.length === 0 ? (
        <p>Aún no tiene inscripciones.</p>
      ) : (
        <ul className="enrolment-list">
          {enrolments.map((enrolment) => {
            const intent = offlineIntent.get(enrolment.id);
            return (
              <li key={enrolment.id}>
                <strong>{enrolment.courseName}</strong> · {ENROLMENT_MODALITY_LABELS[enrolment.modality]} · Estado:{" "}
                {intent && !enrolment.paymentInVerification
                  ? `Esperando su pago por transferencia o ventanilla (referencia ${intent.reference ?? "—"}, ${formatMoney(intent.amountCentavos)})`
                  : enrolmentStateText(enrolment)}
                {enrolment.status === "confirmada" ? (
                  <>
                    {" "}
                    · <a href={`/payment/acceso/${enrolment.id}.pdf`}>Descargar acceso (PDF) de {enrolment.courseName}</a> ·{" "}
                    <a href={`/profile/cursos/${enrolment.id}`}>Acceso y contenido de {enrolment.courseName}</a>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {offline ? (
        <div className="enrolment-offline" id="pago-fuera-de-linea">
          <h3>Cómo pagar por transferencia o en ventanilla</h3>
          <p>Indique al pagar la referencia de su inscripción (arriba).</p>
          <BankDetails details={offline.details} />
          <OfflineNextSteps details={offline.details} />
        </div>
      ) : null}
      <p>
        <a href="/ensenanza/offer">Consultar la oferta académica</a>
      </p>
    </section>
  );
}

function CalendarSection({ calendarUrl }: { calendarUrl: string | null }) {
  return (
    <section aria-labelledby="mi-calendario-titulo" id="mi-calendario">
      <h2 id="mi-calendario-titulo">Mi calendario</h2>
      <p>
        Suscríbase desde su aplicación de calendario (Google Calendar, Outlook, Calendario de Apple) a una dirección privada con sus cursos
        confirmados y sus sesiones; se actualiza sola. No comparta la dirección: quien la tenga ve sus cursos. Si la compartió por error, regenérela y
        la anterior dejará de funcionar.
      </p>
      {calendarUrl ? (
        <div className="field">
          <label className="field__label" htmlFor="calendar-url">
            Dirección privada de su calendario
          </label>
          <input id="calendar-url" className="field__input" type="text" readOnly value={calendarUrl} spellCheck={false} />
        </div>
      ) : null}
      <form method="post" action="/profile/calendario" className="form-actions">
        <SubmitButton formActionPath="/profile/calendario" pendingLabel="Generando…">
          {calendarUrl ? "Regenerar la dirección" : "Crear la dirección de mi calendario"}
        </SubmitButton>
      </form>
    </section>
  );
}
