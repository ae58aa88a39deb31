import { useForm, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import type { z } from "zod";
import { GradeFields, GraduatedField, InstitutionFields, participantDetailFields, StateOfResidenceField } from "~/accounts/account-fields";
import { GRADE_OPTIONS, GRADUATED_TERM, graduatedLabel, INSTITUTION_OPTIONS, OTHER, STUDENT_GRADE } from "~/accounts/account-options";
import { parseWithZod, profileUpdateSchema, resolveGradeAndInstitution, type FieldErrors } from "~/accounts/account-forms.server";
import { DOCUMENT_KIND_LABELS, DOCUMENT_STATUS_LABELS, FILE_MESSAGES } from "~/accounts/documents";
import { getParticipant, listDocuments, type DocumentListItem } from "~/accounts/participants.server";
import { replaceParticipantDocument, saveProfile } from "~/accounts/profile.server";
import { parseUploadForm, REQUEST_TOO_LARGE_MESSAGE, MAX_REQUEST_BYTES } from "~/accounts/uploads.server";
import { requireUser } from "~/accounts/session.server";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ENROLMENT_MODALITY_LABELS } from "~/courses/modality";
import { ErrorSummary, Field, FileField, summaryErrors, formProps } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { isUploadNotReceived, sendUpload, type UploadNotReceived } from "~/components/upload-failure";
import { formatMoney, PROFILE_LABELS } from "~/courses/pricing";
import { getCalendarFeedToken, privateFeedPath } from "~/calendar/ical.server";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";
import { enrolmentStateText } from "~/enrolment/enrolment-labels";
import { listEnrolments } from "~/enrolment/enrolment.server";
import { describeFile } from "~/files/file-types";
import { offlineIntentsOf } from "~/payments/checkout.server";
import { BankDetails, OfflineNextSteps } from "~/payments/offline-payment-ui";
import { courseOfflineDetails } from "~/settings/settings";
import { getSettings } from "~/settings/settings.server";
import formStyles from "~/styles/forms.css";
import paymentStyles from "~/styles/payment.css";
import { privatePageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = MAX_REQUEST_BYTES;
export const bodyTooLargeMessage = REQUEST_TOO_LARGE_MESSAGE;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: paymentStyles },
];

// Personal data: never stored by a shared cache or the browser's back-forward cache.
export { passCacheControl as headers } from "~/utils/cache-control";

export const meta = privatePageMeta({
  title: "Mi perfil",
  description: "Sus datos, documentos e inscripciones.",
  path: "/profile",
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [participant, documents, enrolments, calendarToken, offlineIntents, settings] = await Promise.all([
    getParticipant(db, user.id),
    listDocuments(db, user.id),
    listEnrolments(db, user.id),
    getCalendarFeedToken(db, user.id),
    offlineIntentsOf(db, user.id),
    getSettings(db),
  ]);
  if (!participant) throw new Response("Not found", { status: 404 });
  const calendarUrl = calendarToken ? new URL(privateFeedPath(calendarToken), siteOrigin()).href : null;
  // Enrolments waiting for the off-line payment the participant chose (issue 19): what to quote and where to pay.
  const offline = offlineIntents.length > 0 ? { intents: offlineIntents, details: courseOfflineDetails(settings) } : null;
  return data({ participant, documents, enrolments, calendarUrl, offline }, { headers: { "Cache-Control": "private, no-store" } });
}

type Intent = "update-profile" | "replace-document";

function refusal(intent: Intent | null, documentId: number | null, result: SubmissionResult<string[]>, status: number) {
  return data({ intent, documentId, result }, { status });
}

/**
 * Two forms: the editable data (intent=update-profile) and one document's replacement
 * (intent=replace-document, multipart, the same checks as registration). The route parses and
 * maps outcomes to HTTP; saveProfile and replaceParticipantDocument do the work.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await parseUploadForm(request, ["document"]);
  if (!form.ok) {
    const result = parseWithZod(new FormData(), { schema: profileUpdateSchema }).reply({
      formErrors: [form.reason === "too-large" ? REQUEST_TOO_LARGE_MESSAGE : "No pudimos leer el formulario. Vuelva a intentarlo."],
    });
    return refusal(null, null, result, form.reason === "too-large" ? 413 : 400);
  }

  if (form.fields.get("intent") === "replace-document") {
    const rawId = String(form.fields.get("documentId") ?? "");
    const documentId = /^[1-9][0-9]{0,9}$/.test(rawId) ? Number(rawId) : null;
    const submission = parseWithZod(form.fields, { schema: profileUpdateSchema.pick({}) });
    if (documentId === null) return refusal("replace-document", null, submission.reply({ formErrors: ["El documento no existe."] }), 404);
    const file = form.files.get("document");
    if (!file) {
      return refusal(
        "replace-document",
        documentId,
        submission.reply({ fieldErrors: { document: form.fileErrors.document ?? [FILE_MESSAGES.missing] } }),
        400,
      );
    }
    const outcome = await replaceParticipantDocument(db, user.id, documentId, { fileName: file.fileName, bytes: file.data });
    if (!outcome.ok) {
      if (outcome.reason === "invalid-file")
        return refusal("replace-document", documentId, submission.reply({ fieldErrors: { document: [outcome.message] } }), 400);
      const approved = outcome.reason === "approved";
      const message = approved ? "Este documento ya fue aprobado y no se puede reemplazar." : "El documento no existe.";
      return refusal("replace-document", documentId, submission.reply({ formErrors: [message] }), approved ? 400 : 404);
    }
    return redirectWithToast("/profile", { type: "success", description: "Recibimos su documento. Quedó pendiente de revisión." });
  }

  const submission = parseWithZod(form.fields, { schema: profileUpdateSchema });
  const field = (name: string) => {
    const value = form.fields.get(name);
    return typeof value === "string" ? value : null;
  };
  const resolved = resolveGradeAndInstitution({
    role: user.profile,
    grade: field("student_grade"),
    gradeOther: field("student_grade_other"),
    institution: field("student_institution"),
    institutionOther: field("student_institution_other"),
  });
  if (submission.status !== "success" || Object.keys(resolved.errors).length > 0 || !resolved.grade || !resolved.institution) {
    const fieldErrors: FieldErrors = { ...resolved.errors };
    const schemaErrors = submission.status === "success" ? {} : (submission.error ?? {});
    for (const [name, messages] of Object.entries(schemaErrors)) if (messages?.length) fieldErrors[name] = messages;
    return refusal("update-profile", null, submission.reply({ fieldErrors }), 400);
  }
  const value = submission.value;
  const outcome = await saveProfile(db, user.id, {
    name: value.student_name,
    grade: resolved.grade,
    institution: resolved.institution,
    age: value.student_age,
    graduated: value.student_graduated,
    nationality: value.student_nationality,
    state: value.student_state,
    phone: value.student_phone,
  });
  if (!outcome.ok) throw new Response("Not found", { status: 404 });
  return redirectWithToast("/profile", { type: "success", description: "Guardamos sus datos." });
}

/**
 * With JavaScript, a document replacement that is refused or whose request fails shows the seed's
 * closable upload-failure message; the profile data form is sent as it always was.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  if (intent !== "replace-document") return serverAction<typeof action>();
  // Anything but a redirect is a refusal of the new document; its message is the first error.
  return sendUpload(
    () => serverAction<typeof action>(),
    ({ result }: { result: SubmissionResult<string[]> }) => result.error?.document?.[0] ?? result.error?.[""]?.[0] ?? null,
  );
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

export default function ProfilePage() {
  const { participant, documents, enrolments, calendarUrl, offline } = useLoaderData<typeof loader>();
  const offlineIntent = new Map((offline?.intents ?? []).map((intent) => [intent.enrolmentId, intent]));
  const answer = useActionData<typeof action>() as ReturnType<typeof useActionData<typeof action>> | UploadNotReceived;
  // A replacement whose request failed outright leaves the forms as they were (the toast says so).
  const actionData = isUploadNotReceived(answer) ? undefined : answer;
  const isStudent = participant.role === "ESTUDIANTE";

  return (
    <div className="container page form-page">
      <Breadcrumbs items={[{ label: "Mi perfil", href: "/profile" }]} />
      <h1>Mi perfil</h1>

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

      {/* A new key after each save: the form starts clean (no error summary or field errors left from a failed try). */}
      <ProfileForm
        key={participant.updated_at}
        participant={participant}
        isStudent={isStudent}
        lastResult={actionData?.intent !== "replace-document" ? (actionData?.result as SubmissionResult<string[]> | undefined) : undefined}
      />

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
                lastResult={
                  actionData?.intent === "replace-document" && actionData.documentId === document.id
                    ? (actionData.result as SubmissionResult<string[]>)
                    : undefined
                }
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="mis-inscripciones">
        <h2 id="mis-inscripciones">Mis inscripciones</h2>
        {enrolments.length === 0 ? (
          <p>Aún no tiene inscripciones.</p>
        ) : (
          <ul className="enrolment-list">
            {enrolments.map((enrolment) => (
              <li key={enrolment.id}>
                <strong>{enrolment.courseName}</strong> · {ENROLMENT_MODALITY_LABELS[enrolment.modality]} · Estado:{" "}
                {offlineIntent.has(enrolment.id) && !enrolment.paymentInVerification
                  ? `Esperando su pago por transferencia o ventanilla (referencia ${offlineIntent.get(enrolment.id)!.reference ?? "—"}, ${formatMoney(offlineIntent.get(enrolment.id)!.amountCentavos)})`
                  : enrolmentStateText(enrolment)}
                {enrolment.status === "confirmada" ? (
                  <>
                    {" "}
                    · <a href={`/payment/acceso/${enrolment.id}.pdf`}>Descargar acceso (PDF) de {enrolment.courseName}</a>
                  </>
                ) : null}
              </li>
            ))}
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
          <Link to="/ensenanza/offer">Consultar la oferta académica</Link>
        </p>
      </section>

      <section aria-labelledby="mi-calendario-titulo" id="mi-calendario">
        <h2 id="mi-calendario-titulo">Mi calendario</h2>
        <p>
          Suscríbase desde su aplicación de calendario (Google Calendar, Outlook, Calendario de Apple) a una dirección privada con sus cursos
          confirmados y sus sesiones; se actualiza sola. No comparta la dirección: quien la tenga ve sus cursos. Si la compartió por error, regenérela
          y la anterior dejará de funcionar.
        </p>
        {calendarUrl ? (
          <div className="field">
            <label className="field__label" htmlFor="calendar-url">
              Dirección privada de su calendario
            </label>
            <input id="calendar-url" className="field__input" type="text" readOnly value={calendarUrl} spellCheck={false} />
          </div>
        ) : null}
        <Form method="post" action="/profile/calendario" className="form-actions">
          <SubmitButton formActionPath="/profile/calendario" pendingLabel="Generando…">
            {calendarUrl ? "Regenerar la dirección" : "Crear la dirección de mi calendario"}
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}

function ProfileForm({
  participant,
  isStudent,
  lastResult,
}: {
  participant: {
    name: string;
    grade: string;
    institution: string;
    age: number;
    graduated: string | null;
    nationality: string;
    state: string;
    phone: string;
  };
  isStudent: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const grade = splitChoice(participant.grade, GRADE_OPTIONS);
  const institution = splitChoice(participant.institution, INSTITUTION_OPTIONS);
  const [form, fields] = useForm<ProfileFields>({
    id: "editar-perfil",
    lastResult,
    shouldValidate: "onSubmit",
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

  return (
    <section aria-labelledby="editar-datos">
      <h2 id="editar-datos">Actualizar mis datos</h2>
      <p>El correo electrónico y el perfil no se pueden cambiar aquí; si necesita corregirlos, comuníquese con la Dirección de Enseñanza.</p>
      <ErrorSummary
        title="Revise los datos marcados"
        errors={summaryErrors([fields.student_name, ...participantDetailFields(fields)])}
        formErrors={form.errors}
        focusKey={lastResult}
      />
      <Form method="post" action="/profile" {...formProps(form)} className="form">
        <input type="hidden" name="intent" value="update-profile" />
        <Field meta={fields.student_name} label="Nombre completo" autoComplete="name" required maxLength={150} />
        <Field meta={fields.student_age} label="Edad (años cumplidos)" inputMode="numeric" required />
        <Field meta={fields.student_phone} label="Teléfono" type="tel" inputMode="numeric" autoComplete="tel" hint="10 dígitos." required />
        <GraduatedField meta={fields.student_graduated} />
        <Field meta={fields.student_nationality} label="Nacionalidad" required maxLength={80} />
        <StateOfResidenceField meta={fields.student_state} />
        {isStudent ? (
          <p>
            <strong>Grado:</strong> {STUDENT_GRADE} (se asigna por su perfil Estudiante)
          </p>
        ) : (
          <>
            <GradeFields select={fields.student_grade} other={fields.student_grade_other} initialChoice={grade.choice} required />
          </>
        )}
        <InstitutionFields select={fields.student_institution} other={fields.student_institution_other} initialChoice={institution.choice} required />
        <div className="form-actions">
          <SubmitButton formActionPath="/profile" pendingLabel="Guardando…">
            Guardar cambios
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function DocumentCard({ document, lastResult }: { document: DocumentListItem; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm<{ document?: File }>({ id: `documento-${document.id}`, lastResult, shouldValidate: "onSubmit" });
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
        <Form method="post" action="/profile" encType="multipart/form-data" {...formProps(form)} className="form">
          <input type="hidden" name="intent" value="replace-document" />
          <input type="hidden" name="documentId" value={document.id} />
          {form.errors?.length ? (
            <p className="field__error" role="alert">
              {form.errors.join(" ")}
            </p>
          ) : null}
          <FileField meta={fields.document} label={`Nuevo archivo: ${lowerFirst(DOCUMENT_KIND_LABELS[document.kind])}`} required />
          <div className="form-actions">
            <SubmitButton formActionPath="/profile" pendingLabel="Subiendo…" className="button--secondary">
              Reemplazar documento
            </SubmitButton>
          </div>
        </Form>
      ) : null}
    </li>
  );
}
