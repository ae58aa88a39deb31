import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { staffAction } from "~/actions/pipeline.server";
import type { ActionReply } from "~/actions/reply.server";
import { siteOrigin } from "~/config.server";
import { DOCUMENT_KIND_LABELS } from "~/accounts/documents";
import { ErrorSummary } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { KeysetPagination, KeysetCursorError } from "~/components/pagination";
import { PROFILE_LABELS } from "~/courses/pricing";
import { db } from "~/db.server";
import { now } from "~/utils/clock.server";
import { requireStaff } from "~/staff/guard.server";
import { staffAccessOf } from "~/staff/access-registry";
import {
  approveDocuments,
  listReviewQueue,
  parseDocumentSelection,
  reviewQueueCursor,
  type BulkApprovalOutcome,
} from "~/staff/teaching/document-review.server";
import { formatInstant } from "~/staff/teaching/format";
import { redirectWithToast } from "~/utils/toast.server";
import teachingStyles from "~/styles/teaching.css";
import { countOf, waitingAge } from "~/utils/plural";
import { readCursor } from "~/utils/keyset-paging.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const staffAccess = staffAccessOf("routes/admin.revision");

export const meta: MetaFunction = () => [{ title: "Documentos por revisar | Área del personal | HIMFG" }];

const PATH = "/admin/revision";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const cursor = readCursor(new URL(request.url).searchParams, reviewQueueCursor);
  if (!cursor.ok) return data({ page: null, cursorError: cursor.problem.form.join(" ") }, { status: 400 });
  return { page: await listReviewQueue(db, now(), cursor.position), cursorError: null };
}

/** The toast after «Aprobar seleccionados»: what was approved and what the enrolments did. */
function approvalSummary(outcome: Omit<Extract<BulkApprovalOutcome, { ok: true }>, "ok">): string {
  const confirmed = outcome.confirmedEnrolments.length;
  return [
    `Aprobamos ${countOf(outcome.approved, { one: "documento", other: "documentos" })} de ${countOf(outcome.participants, { one: "participante", other: "participantes" })}.`,
    confirmed === 1 ? "Se confirmó 1 inscripción; el participante recibió su acceso por correo." : null,
    confirmed > 1 ? `Se confirmaron ${confirmed} inscripciones; cada participante recibió su acceso por correo.` : null,
    outcome.notConfirmed.length
      ? `${countOf(outcome.notConfirmed.length, { one: "inscripción quedó", other: "inscripciones quedaron" })} sin lugar presencial: aumente el cupo o cámbiela a en línea.`
      : null,
  ]
    .filter(Boolean)
    .join(" ");
}

/** The checked `documento` values as ids (parseDocumentSelection's refusal, form-level, for anything else). */
const selectionSchema = z
  .object({ documento: z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.string())) })
  .transform((value, ctx) => {
    const selection = parseDocumentSelection(value.documento);
    if (selection.ok) return selection.documentIds;
    ctx.addIssue({ code: "custom", message: selection.problem.form.join(" "), path: [] });
    return z.NEVER;
  });

/** «Aprobar seleccionados»: the checked documents, all approved or none (approveDocuments). */
export const action = (args: ActionFunctionArgs) =>
  staffAction({
    access: staffAccess,
    schema: selectionSchema,
    step: (ctx, { value }) => approveDocuments(db, ctx, { documentIds: value, origin: siteOrigin() }),
    done: (outcome) => redirectWithToast(PATH, { type: "success", description: approvalSummary(outcome) }),
  })(args);

/** The documents a refused post had checked, checked again. */
function checkedBefore(actionData: ActionReply | undefined): Set<number> {
  const value = actionData?.result.initialValue?.documento;
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return new Set(values.map(Number).filter(Number.isSafeInteger));
}

/** The review queue, oldest first, with a checkbox per pending document and «Aprobar seleccionados». */
export default function ReviewQueue() {
  const { page, cursorError } = useLoaderData<typeof loader>();
  const queue = page?.rows ?? [];
  const actionData = useActionData<typeof action>();
  const selected = checkedBefore(actionData);
  const refusal = actionData ? Object.values(actionData.result.error ?? {}).flatMap((messages) => messages ?? []) : [];
  const withDocuments = queue.some((item) => item.documents.length > 0);
  return (
    <div className="container page staff-page">
      <h1>Documentos por revisar</h1>
      <p>Primero quien lleva más tiempo esperando. Abra a cada participante para ver sus documentos y decidir.</p>
      {cursorError ? <KeysetCursorError message={cursorError} firstPage={"/admin/revision"} /> : null}
      {page && page.total > 0 ? <p role="status">{countOf(page.total, { one: "participante espera", other: "participantes esperan" })}</p> : null}
      {!page ? null : queue.length === 0 ? (
        <p>No hay documentos por revisar.</p>
      ) : (
        <Form method="post" action={PATH} className="staff-form" aria-labelledby="aprobar-varios">
          <h2 id="aprobar-varios" className="visually-hidden">
            Aprobar varios documentos
          </h2>
          <ErrorSummary title="No se aprobó ningún documento" errors={[]} formErrors={refusal} focusKey={actionData} />
          {withDocuments ? (
            <p>
              Si ya revisó varios documentos y están en regla, márquelos y pulse «Aprobar seleccionados»: cada uno queda aprobado y registrado en la
              bitácora, y las inscripciones de quien tenga todos sus documentos aprobados se confirman. Para rechazar un documento, abra al
              participante.
            </p>
          ) : null}
          <ol className="review-queue">
            {queue.map((item) => (
              <li key={item.participantId} className="review-queue__item">
                <Link to={`/admin/estudiantes/${item.participantId}#revision`}>
                  {item.name} ({item.participantId})
                </Link>
                <p>
                  {PROFILE_LABELS[item.profile]} ·{" "}
                  {item.pendingDocuments > 0
                    ? countOf(item.pendingDocuments, { one: "documento pendiente", other: "documentos pendientes" })
                    : "Documentos aprobados; inscripción por confirmar"}{" "}
                  · esperando desde {formatInstant(item.waitingSince)} ({waitingAge(item.daysWaiting)})
                </p>
                {item.coursesInReview.length ? <p>Cursos en espera: {item.coursesInReview.join(", ")}</p> : null}
                {item.documents.length > 0 ? (
                  <fieldset className="review-queue__documents">
                    <legend className="visually-hidden">Documentos pendientes de {item.name}</legend>
                    <ul>
                      {item.documents.map((document) => (
                        <li key={document.id} className="field--checkbox">
                          <input
                            type="checkbox"
                            id={`documento-${document.id}`}
                            name="documento"
                            value={document.id}
                            defaultChecked={selected.has(document.id)}
                          />
                          <label htmlFor={`documento-${document.id}`}>
                            Aprobar {DOCUMENT_KIND_LABELS[document.kind]}
                            <span className="visually-hidden"> de {item.name}</span>
                          </label>
                          <a href={`/admin/estudiantes/${item.participantId}/documentos/${document.id}`} target="_blank" rel="noreferrer">
                            Ver el documento
                            <span className="visually-hidden">
                              : {DOCUMENT_KIND_LABELS[document.kind]} de {item.name}
                            </span>
                          </a>
                        </li>
                      ))}
                    </ul>
                  </fieldset>
                ) : null}
              </li>
            ))}
          </ol>
          {withDocuments ? (
            <SubmitButton formActionPath={PATH} pendingLabel="Aprobando…">
              Aprobar seleccionados
            </SubmitButton>
          ) : null}
        </Form>
      )}
      {page ? (
        <KeysetPagination label="Páginas de la cola de revisión" path="/admin/revision" filters={{}} previous={page.previous} next={page.next} />
      ) : null}
    </div>
  );
}
