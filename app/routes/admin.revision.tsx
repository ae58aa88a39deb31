import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PROFILE_LABELS } from "~/courses/pricing";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { listReviewQueue, reviewQueueCursor } from "~/staff/teaching/document-review.server";
import { formatInstant } from "~/staff/teaching/format";
import teachingStyles from "~/styles/teaching.css";
import { KeysetPagination } from "~/components/pagination";
import { readCursor } from "~/utils/keyset-paging.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const staffAccess = ["ensenanza"] as const satisfies StaffAccess;

export const meta: MetaFunction = () => [{ title: "Documentos por revisar | Área del personal | HIMFG" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const cursor = readCursor(new URL(request.url).searchParams, reviewQueueCursor);
  if (!cursor.ok) return data({ page: null, cursorError: cursor.message }, { status: 400 });
  return { page: await listReviewQueue(db, new Date(), cursor.position), cursorError: null };
}

/** The review queue, oldest first. */
export default function ReviewQueue() {
  const { page, cursorError } = useLoaderData<typeof loader>();
  const queue = page?.rows ?? [];
  return (
    <div className="container page staff-page">
      <h1>Documentos por revisar</h1>
      <p>Primero quien lleva más tiempo esperando. Abra a cada participante para ver sus documentos y decidir.</p>
      {cursorError ? (
        <div className="error-summary" role="alert">
          <p className="error-summary__title">{cursorError}</p>
          <p>
            <Link to="/admin/revision">Ir a la primera página</Link>
          </p>
        </div>
      ) : null}
      {page && page.total > 0 ? (
        <p role="status">
          {page.total === 1 ? "1 participante espera" : `${new Intl.NumberFormat("es-MX").format(page.total)} participantes esperan`}
        </p>
      ) : null}
      {!page ? null : queue.length === 0 ? (
        <p>No hay documentos por revisar.</p>
      ) : (
        <ol className="review-queue">
          {queue.map((item) => (
            <li key={item.participantId} className="review-queue__item">
              <Link to={`/admin/estudiantes/${item.participantId}#revision`}>
                {item.name} ({item.participantId})
              </Link>
              <p>
                {PROFILE_LABELS[item.profile]} ·{" "}
                {item.pendingDocuments > 0 ? `${item.pendingDocuments} documento(s) pendiente(s)` : "Documentos aprobados; inscripción por confirmar"}{" "}
                · esperando desde {formatInstant(item.waitingSince)} ({item.daysWaiting === 1 ? "1 día" : `${item.daysWaiting} días`})
              </p>
              {item.coursesInReview.length ? <p>Cursos en espera: {item.coursesInReview.join(", ")}</p> : null}
            </li>
          ))}
        </ol>
      )}
      {page ? (
        <KeysetPagination label="Páginas de la cola de revisión" path="/admin/revision" filters={{}} previous={page.previous} next={page.next} />
      ) : null}
    </div>
  );
}
