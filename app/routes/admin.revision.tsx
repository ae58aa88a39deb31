import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PROFILE_LABELS } from "~/courses/pricing";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { listReviewQueue } from "~/staff/teaching/document-review.server";
import { formatInstant } from "~/staff/teaching/format";
import teachingStyles from "~/styles/teaching.css";
import { countOf, waitingAge } from "~/utils/plural";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const staffAccess = ["ensenanza"] as const satisfies StaffAccess;

export const meta: MetaFunction = () => [{ title: "Documentos por revisar | Área del personal | HIMFG" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return { queue: await listReviewQueue(db) };
}

/** The review queue, oldest first. */
export default function ReviewQueue() {
  const { queue } = useLoaderData<typeof loader>();
  return (
    <div className="container page staff-page">
      <h1>Documentos por revisar</h1>
      <p>Primero quien lleva más tiempo esperando. Abra a cada participante para ver sus documentos y decidir.</p>
      {queue.length === 0 ? (
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
                {item.pendingDocuments > 0
                  ? countOf(item.pendingDocuments, { one: "documento pendiente", other: "documentos pendientes" })
                  : "Documentos aprobados; inscripción por confirmar"}{" "}
                · esperando desde {formatInstant(item.waitingSince)} ({waitingAge(item.daysWaiting)})
              </p>
              {item.coursesInReview.length ? <p>Cursos en espera: {item.coursesInReview.join(", ")}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
