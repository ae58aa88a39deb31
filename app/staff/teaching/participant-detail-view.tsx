import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { DOCUMENT_KIND_LABELS, DOCUMENT_STATUS_LABELS } from "~/accounts/documents";
import { GRADUATED_TERM, graduatedLabel } from "~/accounts/account-options";
import type { ActionReply } from "~/actions/reply.server";
import { ErrorSummary, RadioGroup, SelectField, summaryErrors, type FieldMeta } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { ENROLMENT_MODALITY_LABELS } from "~/courses/modality";
import { formatMoney, PROFILE_LABELS } from "~/courses/pricing";
import { ENROLMENT_STATUS_LABELS } from "~/enrolment/enrolment-labels";
import { describeFile } from "~/files/file-types";
import { CardAttemptsTable } from "./card-attempts-table";
import { formatDay, formatInstant, MODALITY_CHOICE_LABELS, OFFLINE_METHOD_LABELS } from "./format";
import { OfflinePaymentFields, offlinePaymentMetaList, type OfflinePaymentMetas } from "./offline-payment-fields";
import type { OpenCourseOption, ParticipantDetail } from "./participants-admin.server";

// The parts of a participant's staff page (/admin/estudiantes/:participantId); the route keeps
// the loader, the action and the order of the sections.

type Participant = ParticipantDetail["participant"];
type Documents = ParticipantDetail["documents"];

export function ParticipantRegistration({ participant }: { participant: Participant }) {
  return (
    <section aria-labelledby="registro">
      <h2 id="registro">Datos de registro</h2>
      <dl className="data-list">
        <dt>Número de participante</dt>
        <dd>{participant.id}</dd>
        <dt>Perfil</dt>
        <dd>{PROFILE_LABELS[participant.role]}</dd>
        <dt>Correo electrónico</dt>
        <dd>{participant.email}</dd>
        <dt>Teléfono</dt>
        <dd>{participant.phone}</dd>
        <dt>Grado</dt>
        <dd>{participant.grade}</dd>
        <dt>Institución</dt>
        <dd>{participant.institution}</dd>
        <dt>Edad</dt>
        <dd>{participant.age}</dd>
        <dt>{GRADUATED_TERM}</dt>
        <dd>{graduatedLabel(participant.graduated)}</dd>
        <dt>Nacionalidad</dt>
        <dd>{participant.nationality}</dd>
        <dt>Estado</dt>
        <dd>{participant.state}</dd>
        <dt>Registro</dt>
        <dd>{formatInstant(participant.created_at)}</dd>
      </dl>
    </section>
  );
}

export function ParticipantDocuments({ documents, path }: { documents: Documents; path: string }) {
  return (
    <section aria-labelledby="documentos">
      <h2 id="documentos">Documentos</h2>
      {documents.length === 0 ? <p>No tiene documentos.</p> : null}
      <ul className="staff-documents">
        {documents.map((d) => (
          <li key={d.id}>
            <a href={`${path}/documentos/${d.id}`} target="_blank" rel="noreferrer">
              {DOCUMENT_KIND_LABELS[d.kind]}
            </a>{" "}
            ({describeFile({ content_type: d.contentType, file_name: d.fileName, byte_size: d.byteSize })}) — {DOCUMENT_STATUS_LABELS[d.status]}
            {d.reviewedBy ? ` por ${d.reviewedBy}` : ""}
            {d.rejectionReason ? `. Motivo: ${d.rejectionReason}` : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The review decisions on the pending documents, and the confirmation of enrolments that wait for it. */
export function ParticipantReview({ documents, path, actionData }: { documents: Documents; path: string; actionData: ActionReply | undefined }) {
  const pending = documents.filter((d) => d.status === "pendiente");
  const [form, fields] = useForm<{ documents: { documentId: string; decision: string; reason: string }[] }>({
    // A new set of pending documents is a new form: the state of the last one must not carry over.
    id: `review-${pending.map((d) => `${d.id}.${d.updatedAt}`).join("-") || "enrolments"}`,
    lastResult: actionData?.intent === "revision" ? actionData.result : undefined,
    defaultValue: { documents: pending.map((d) => ({ documentId: String(d.id) })) },
    shouldValidate: "onSubmit",
  });
  const items = fields.documents.getFieldList();
  const summary = items.flatMap((item, index) => {
    const set = item.getFieldset();
    const label = DOCUMENT_KIND_LABELS[pending[index]?.kind ?? "professional_license"];
    return [
      ...(set.decision.errors ?? []).map((message) => ({ fieldId: set.decision.id, message: `${label}: ${message}` })),
      ...(set.reason.errors ?? []).map((message) => ({ fieldId: set.reason.id, message: `${label}: ${message}` })),
    ];
  });
  return (
    <section aria-labelledby="revision" id="revision">
      <h2 id="revision-title">Revisión</h2>
      <Form method="post" action={path} {...getFormProps(form)} noValidate className="staff-form" aria-labelledby="revision-title">
        <input type="hidden" name="intent" value="revision" />
        <ErrorSummary title="Revise las decisiones" errors={summary} formErrors={form.errors} focusKey={actionData} />
        {items.map((item, index) => {
          const set = item.getFieldset();
          const document = pending[index];
          if (!document) return null;
          const reasonInvalid = Boolean(set.reason.errors?.length);
          return (
            <fieldset key={item.key} className="staff-form__group">
              <legend>{DOCUMENT_KIND_LABELS[document.kind]}</legend>
              <input type="hidden" name={set.documentId.name} value={document.id} />
              <p>
                <a href={`${path}/documentos/${document.id}`} target="_blank" rel="noreferrer">
                  Ver el documento<span className="visually-hidden">: {DOCUMENT_KIND_LABELS[document.kind]}</span>
                </a>
              </p>
              <RadioGroup
                meta={set.decision as FieldMeta}
                legend="Decisión"
                options={[
                  { value: "aprobar", label: "Aprobar" },
                  { value: "rechazar", label: "Rechazar" },
                ]}
                inline
                required
              />
              <div className={["field", reasonInvalid ? "field--invalid" : null].filter(Boolean).join(" ")}>
                <label htmlFor={set.reason.id} className="field__label">
                  Motivo del rechazo
                </label>
                <p id={set.reason.descriptionId} className="field__hint">
                  Solo si lo rechaza. Se le envía al participante por correo.
                </p>
                {reasonInvalid ? (
                  <p id={set.reason.errorId} className="field__error">
                    <span className="visually-hidden">Error: </span>
                    {set.reason.errors!.join(" ")}
                  </p>
                ) : null}
                <textarea
                  id={set.reason.id}
                  name={set.reason.name}
                  rows={3}
                  maxLength={500}
                  defaultValue={typeof set.reason.initialValue === "string" ? set.reason.initialValue : undefined}
                  aria-invalid={reasonInvalid || undefined}
                  aria-describedby={[set.reason.descriptionId, reasonInvalid ? set.reason.errorId : null].filter(Boolean).join(" ")}
                  className="field__input"
                />
              </div>
            </fieldset>
          );
        })}
        {pending.length === 0 ? <p>Sus documentos ya están aprobados. Confirme las inscripciones que esperan revisión.</p> : null}
        <SubmitButton formActionPath={path} pendingLabel="Guardando…">
          {pending.length > 0 ? "Guardar decisiones" : "Confirmar inscripciones"}
        </SubmitButton>
      </Form>
    </section>
  );
}

export function ParticipantEnrolments({ enrolments }: { enrolments: ParticipantDetail["enrolments"] }) {
  return (
    <section aria-labelledby="inscripciones">
      <h2 id="inscripciones">Inscripciones</h2>
      {enrolments.length === 0 ? (
        <p>No tiene inscripciones.</p>
      ) : (
        <ul className="staff-list">
          {enrolments.map((e) => (
            <li key={e.id}>
              <Link to={`/admin/cursos/${e.courseId}/inscripciones`}>{e.courseName}</Link>: {ENROLMENT_STATUS_LABELS[e.status]},{" "}
              {MODALITY_CHOICE_LABELS[e.modality]}, {formatMoney(e.amountCentavos)}
              {e.status === "pendiente_de_pago" && e.offlineIntentAt
                ? `. Espera su pago fuera de línea (lo eligió el ${formatInstant(e.offlineIntentAt)}; referencia ${e.reference ?? "—"})`
                : ""}
              {e.manualReason ? `. Inscripción manual: ${e.manualReason}` : ""}
              {e.refundReason ? `. ${e.refundReason}` : ""} —{" "}
              <Link to={`/admin/pagos/${e.id}`}>
                pagos<span className="visually-hidden"> de {e.courseName}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** «Inscribir con pago fuera de línea» (issue 19): the course, the modality, the payment and its receipt. */
export function EnrolWithPayment({
  participant,
  courses,
  path,
  actionData,
}: {
  participant: Participant;
  courses: OpenCourseOption[];
  path: string;
  actionData: ActionReply | undefined;
}) {
  const [payForm, pay] = useForm<{
    course_id: string;
    modality: string;
    method: string;
    amount: string;
    paid_on: string;
    reference: string;
    below_price_reason: string;
    receipt: string;
  }>({
    id: "enrol-with-payment",
    lastResult: actionData?.intent === "inscribir_pago" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
  });
  const courseOptions = courses.map((course) => ({ value: String(course.id), label: `${course.name} (${formatMoney(course.priceCentavos)})` }));
  return (
    <section aria-labelledby="inscribir-pago">
      <h2 id="inscribir-pago">Inscribir con pago fuera de línea</h2>
      <p>
        Para quien pagó por transferencia, en tienda, en ventanilla o con una referencia de la Dirección de Enseñanza. El precio lo decide su perfil (
        {PROFILE_LABELS[participant.role]}); al registrar el pago se confirma la inscripción y el participante recibe su acceso por correo. Si ya
        tiene una inscripción que espera pago en ese curso, se usa esa.
      </p>
      {courseOptions.length === 0 ? (
        <p>No hay cursos abiertos con costo para su perfil.</p>
      ) : (
        <Form method="post" encType="multipart/form-data" action={path} {...getFormProps(payForm)} noValidate className="staff-form">
          <input type="hidden" name="intent" value="inscribir_pago" />
          <ErrorSummary
            title="Revise la inscripción y el pago"
            errors={summaryErrors([pay.course_id, pay.modality, ...offlinePaymentMetaList(pay as unknown as OfflinePaymentMetas)] as FieldMeta[])}
            formErrors={payForm.errors}
            focusKey={actionData}
          />
          <SelectField meta={pay.course_id as FieldMeta} label="Curso" options={courseOptions} placeholder="Elija un curso abierto" required />
          <RadioGroup
            meta={pay.modality as FieldMeta}
            legend="Modalidad"
            options={Object.entries(ENROLMENT_MODALITY_LABELS).map(([value, label]) => ({ value, label }))}
            inline
            required
          />
          <OfflinePaymentFields fields={pay as unknown as OfflinePaymentMetas} priceCentavos={null} />
          <SubmitButton formActionPath={path} pendingLabel="Inscribiendo…">
            Inscribir y registrar el pago
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}

export function ParticipantPayments({
  cardAttempts,
  offlinePayments,
  refunds,
}: Pick<ParticipantDetail, "cardAttempts" | "offlinePayments" | "refunds">) {
  return (
    <section aria-labelledby="pagos">
      <h2 id="pagos">Pagos</h2>
      {cardAttempts.length === 0 && offlinePayments.length === 0 ? <p>No tiene pagos.</p> : null}
      {cardAttempts.length > 0 ? <CardAttemptsTable caption="Pagos con tarjeta" attempts={cardAttempts} show="course" /> : null}
      {offlinePayments.length > 0 ? (
        <ul className="staff-list">
          {offlinePayments.map((o) => (
            <li key={o.id}>
              {OFFLINE_METHOD_LABELS[o.method]} por {formatMoney(o.amountCentavos)} el {formatDay(o.paidOn)}, referencia {o.reference} ({o.courseName}
              ), registrado por {o.recordedBy}
              {o.refunded ? " (reembolsado)" : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {refunds.length > 0 ? (
        <ul className="staff-list">
          {refunds.map((r) => (
            <li key={r.id}>
              Reembolso de {formatMoney(r.amountCentavos)} el {formatInstant(r.createdAt)} por {r.recordedBy}: {r.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
