import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { DOCUMENT_KIND_LABELS, DOCUMENT_STATUS_LABELS } from "~/accounts/documents";
import { ErrorSummary, RadioGroup, type FieldMeta } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { formatMoney, PROFILE_LABELS } from "~/courses/pricing";
import { db } from "~/db.server";
import { ENROLMENT_STATUS_LABELS } from "~/enrolment/enrolment-labels";
import { describeFile } from "~/files/file-types";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { reviewParticipant } from "~/staff/teaching/document-review.server";
import { formatDay, formatInstant, MODALITY_CHOICE_LABELS, OFFLINE_METHOD_LABELS } from "~/staff/teaching/format";
import { getParticipantDetail } from "~/staff/teaching/participants-admin.server";
import { idParam, orNotFound, originFor, staffContextFor, replyRefused } from "~/staff/teaching/route-helpers.server";
import { redirectWithToast } from "~/utils/toast.server";
import teachingStyles from "~/styles/teaching.css";
import { CardAttemptsTable } from "~/staff/teaching/card-attempts-table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const staffAccess = ["ensenanza"] as const satisfies StaffAccess;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.participant.name ?? "Participante"} | Área del personal | HIMFG` }];

const reviewSchema = z.object({
  documents: z
    .array(
      z.object({
        documentId: z.number({ error: "Documento no válido." }).int(),
        decision: z.enum(["aprobar", "rechazar"], { error: "Elija aprobar o rechazar este documento." }),
        reason: z.string().trim().max(500, "El motivo es demasiado largo (máximo 500 caracteres).").optional(),
      }),
    )
    .default([]),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return orNotFound(await getParticipantDetail(db, idParam(params.participantId)));
}

/** The review decision on this participant's pending documents (decision 0016). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, staffAccess);
  const participantId = idParam(params.participantId);
  const submission = parseWithZod(await request.formData(), { schema: reviewSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await reviewParticipant(db, staffContextFor(staff, context), {
    participantId,
    decisions: submission.value.documents.map((d) => ({ documentId: d.documentId, approve: d.decision === "aprobar", reason: d.reason ?? null })),
    origin: originFor(request),
  });
  if (!outcome.ok) return data({ result: replyRefused(submission, outcome) }, { status: outcome.status });
  const parts = [
    outcome.approved ? `${outcome.approved} documento(s) aprobado(s)` : null,
    outcome.rejected ? `${outcome.rejected} rechazado(s); le avisamos por correo el motivo` : null,
    outcome.confirmedEnrolments.length ? `${outcome.confirmedEnrolments.length} inscripción(es) confirmada(s) con su acceso por correo` : null,
    outcome.notConfirmed.length ? `${outcome.notConfirmed.length} inscripción(es) sin lugar presencial: aumente el cupo o cámbiela a en línea` : null,
  ].filter(Boolean);
  return redirectWithToast(`/admin/estudiantes/${participantId}`, {
    type: "success",
    description: parts.length ? `${parts.join("; ")}.` : "Sin cambios.",
  });
}

export default function ParticipantDetail() {
  const { participant, documents, enrolments, cardAttempts, offlinePayments, refunds } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = documents.filter((d) => d.status === "pendiente");
  const waiting = enrolments.filter((e) => e.status === "pendiente_de_revision");
  const path = `/admin/estudiantes/${participant.id}`;
  const [form, fields] = useForm<{ documents: { documentId: string; decision: string; reason: string }[] }>({
    // A new set of pending documents is a new form: the state of the last one must not carry over.
    id: `review-${pending.map((d) => `${d.id}.${d.updatedAt}`).join("-") || "enrolments"}`,
    lastResult: actionData?.result,
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
          <dt>Egresado</dt>
          <dd>{participant.graduated}</dd>
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
