import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { DOCUMENT_KIND_LABELS, DOCUMENT_STATUS_LABELS } from "~/accounts/documents";
import { GRADUATED_TERM, graduatedLabel } from "~/accounts/account-options";
import { ErrorSummary, RadioGroup, SelectField, summaryErrors, type FieldMeta } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { ENROLMENT_MODALITY_LABELS } from "~/courses/modality";
import { formatMoney, PROFILE_LABELS } from "~/courses/pricing";
import { db } from "~/db.server";
import { ENROLMENT_STATUS_LABELS } from "~/enrolment/enrolment-labels";
import { describeFile } from "~/files/file-types";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { reviewParticipant } from "~/staff/teaching/document-review.server";
import { formatDay, formatInstant, MODALITY_CHOICE_LABELS, OFFLINE_METHOD_LABELS } from "~/staff/teaching/format";
import { enrolWithOfflinePayment } from "~/enrolment/offline-payments.server";
import { OfflinePaymentFields, offlinePaymentMetaList, type OfflinePaymentMetas } from "~/staff/teaching/offline-payment-fields";
import { getParticipantDetail, listOpenCoursesFor } from "~/staff/teaching/participants-admin.server";
import { enrolWithPaymentSchema, readOfflinePaymentForm } from "~/staff/teaching/payment-forms.server";
import { idParam, orNotFound, originFor, staffContextFor, replyRefused } from "~/staff/teaching/route-helpers.server";
import { redirectWithToast } from "~/utils/toast.server";
import teachingStyles from "~/styles/teaching.css";
import { CardAttemptsTable } from "~/staff/teaching/card-attempts-table";
import { hasForbiddenCharacters, INVISIBLE_CHARACTERS_MESSAGE } from "~/utils/text-checks";
import { countOf, pluralForm } from "~/utils/plural";
import { RECEIPT_FORM_MAX_BYTES } from "~/staff/teaching/admin-uploads.server";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = RECEIPT_FORM_MAX_BYTES;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const staffAccess = ["ensenanza"] as const satisfies StaffAccess;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.participant.name ?? "Participante"} | Área del personal | HIMFG` }];

const reviewSchema = z.object({
  documents: z
    .array(
      z.object({
        documentId: z.number({ error: "Documento no válido." }).int(),
        decision: z.enum(["aprobar", "rechazar"], { error: "Elija aprobar o rechazar este documento." }),
        reason: z
          .string()
          .trim()
          .max(500, "El motivo es demasiado largo (máximo 500 caracteres).")
          .refine((value) => !hasForbiddenCharacters(value, true), INVISIBLE_CHARACTERS_MESSAGE)
          .optional(),
      }),
    )
    .default([]),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const detail = orNotFound(await getParticipantDetail(db, idParam(params.participantId)));
  // Courses this participant pays for (a course free for the profile has nothing to record).
  const courses = (await listOpenCoursesFor(db, detail.participant.role)).filter((course) => course.priceCentavos > 0);
  return { ...detail, courses };
}

/**
 * The review decision on this participant's pending documents (decision 0016), or with
 * ?intent=inscribir_pago (multipart, with the receipt) an enrolment with its off-line payment (issue 19).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, staffAccess);
  const participantId = idParam(params.participantId);
  if (new URL(request.url).searchParams.get("intent") === "inscribir_pago") {
    const form = await readOfflinePaymentForm(request, enrolWithPaymentSchema);
    if (!form.ok) return data({ intent: "inscribir_pago" as const, result: form.result }, { status: form.status });
    const { submission, value, receipt } = form;
    const outcome = await enrolWithOfflinePayment(db, staffContextFor(staff, context), {
      participantId,
      courseId: value.course_id,
      modality: value.modality,
      method: value.method,
      amountCentavos: value.amount,
      paidOn: value.paid_on,
      reference: value.reference,
      belowPriceReason: value.below_price_reason ?? null,
      receipt,
      origin: originFor(request),
    });
    if (!outcome.ok) return data({ intent: "inscribir_pago" as const, result: replyRefused(submission, outcome) }, { status: outcome.status });
    return redirectWithToast(`/admin/estudiantes/${participantId}`, {
      type: outcome.refundNeeded ? "info" : "success",
      description: outcome.refundNeeded
        ? "Registramos el pago, pero ya no había lugar presencial y el curso no es en línea: la inscripción quedó cancelada para reembolso."
        : "Inscribimos al participante con su pago fuera de línea; recibió su acceso por correo.",
    });
  }
  const submission = parseWithZod(await request.formData(), { schema: reviewSchema });
  if (submission.status !== "success") return data({ intent: "revision" as const, result: submission.reply() }, { status: 400 });
  const outcome = await reviewParticipant(db, staffContextFor(staff, context), {
    participantId,
    decisions: submission.value.documents.map((d) => ({ documentId: d.documentId, approve: d.decision === "aprobar", reason: d.reason ?? null })),
    origin: originFor(request),
  });
  if (!outcome.ok) return data({ intent: "revision" as const, result: replyRefused(submission, outcome) }, { status: outcome.status });
  const parts = [
    outcome.approved ? countOf(outcome.approved, { one: "documento aprobado", other: "documentos aprobados" }) : null,
    outcome.rejected ? `${countOf(outcome.rejected, { one: "rechazado", other: "rechazados" })}; le avisamos por correo el motivo` : null,
    outcome.confirmedEnrolments.length
      ? `${countOf(outcome.confirmedEnrolments.length, { one: "inscripción confirmada", other: "inscripciones confirmadas" })} con su acceso por correo`
      : null,
    outcome.notConfirmed.length
      ? `${countOf(outcome.notConfirmed.length, { one: "inscripción", other: "inscripciones" })} sin lugar presencial: aumente el cupo o ${pluralForm(outcome.notConfirmed.length, { one: "cámbiela", other: "cámbielas" })} a en línea`
      : null,
  ].filter(Boolean);
  return redirectWithToast(`/admin/estudiantes/${participantId}`, {
    type: "success",
    description: parts.length ? `${parts.join("; ")}.` : "Sin cambios.",
  });
}

export default function ParticipantDetail() {
  const { participant, documents, enrolments, cardAttempts, offlinePayments, refunds, courses } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = documents.filter((d) => d.status === "pendiente");
  const waiting = enrolments.filter((e) => e.status === "pendiente_de_revision");
  const path = `/admin/estudiantes/${participant.id}`;
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
  const payPath = `${path}?intent=inscribir_pago`;
  const courseOptions = courses.map((course) => ({ value: String(course.id), label: `${course.name} (${formatMoney(course.priceCentavos)})` }));

  return (
    <div className="container page staff-page">
      <p>
        <Link to="/admin/estudiantes">← Estudiantes</Link>
      </p>
      <h1>{participant.name}</h1>
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

      {pending.length > 0 || waiting.length > 0 ? (
        <section aria-labelledby="revision" id="revision">
          <h2 id="revision-title">Revisión</h2>
          <Form method="post" action={path} {...getFormProps(form)} noValidate className="staff-form" aria-labelledby="revision-title">
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
      ) : null}

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

      <section aria-labelledby="inscribir-pago">
        <h2 id="inscribir-pago">Inscribir con pago fuera de línea</h2>
        <p>
          Para quien pagó por transferencia, en tienda, en ventanilla o con una referencia de la Dirección de Enseñanza. El precio lo decide su perfil
          ({PROFILE_LABELS[participant.role]}); al registrar el pago se confirma la inscripción y el participante recibe su acceso por correo. Si ya
          tiene una inscripción que espera pago en ese curso, se usa esa.
        </p>
        {courseOptions.length === 0 ? (
          <p>No hay cursos abiertos con costo para su perfil.</p>
        ) : (
          <Form method="post" encType="multipart/form-data" action={payPath} {...getFormProps(payForm)} noValidate className="staff-form">
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

      <section aria-labelledby="pagos">
        <h2 id="pagos">Pagos</h2>
        {cardAttempts.length === 0 && offlinePayments.length === 0 ? <p>No tiene pagos.</p> : null}
        {cardAttempts.length > 0 ? <CardAttemptsTable caption="Pagos con tarjeta" attempts={cardAttempts} show="course" /> : null}
        {offlinePayments.length > 0 ? (
          <ul className="staff-list">
            {offlinePayments.map((o) => (
              <li key={o.id}>
                {OFFLINE_METHOD_LABELS[o.method]} por {formatMoney(o.amountCentavos)} el {formatDay(o.paidOn)}, referencia {o.reference} (
                {o.courseName}), registrado por {o.recordedBy}
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
    </div>
  );
}
