import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { staffAction, uploadBody } from "~/actions/pipeline.server";
import { db } from "~/db.server";
import { staffAccessOf } from "~/staff/access-registry";
import { requireStaff } from "~/staff/guard.server";
import { RECEIPT_FORM_MAX_BYTES, RECEIPT_MESSAGES, RECEIPT_RULES } from "~/staff/teaching/admin-uploads.server";
import { PARTICIPANT_INTENTS } from "~/staff/teaching/participant-actions.server";
import {
  EnrolWithPayment,
  ParticipantDocuments,
  ParticipantEnrolments,
  ParticipantPayments,
  ParticipantRegistration,
  ParticipantReview,
} from "~/staff/teaching/participant-detail-view";
import { getParticipantDetail, listOpenCoursesFor } from "~/staff/teaching/participants-admin.server";
import { idParam, orNotFound } from "~/staff/teaching/route-helpers.server";
import teachingStyles from "~/styles/teaching.css";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = RECEIPT_FORM_MAX_BYTES;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const staffAccess = staffAccessOf("routes/admin.estudiantes.$participantId._index");

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.participant.name ?? "Participante"} | Área del personal | HIMFG` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const detail = orNotFound(await getParticipantDetail(db, idParam(params.participantId)));
  // Courses this participant pays for (a course free for the profile has nothing to record).
  const courses = (await listOpenCoursesFor(db, detail.participant.role)).filter((course) => course.priceCentavos > 0);
  return { ...detail, courses };
}

/**
 * The review decision on this participant's pending documents (decision 0016), or «inscribir_pago»
 * (multipart, with the receipt): an enrolment with its off-line payment (issue 19).
 */
export const action = staffAction({
  access: staffAccess,
  read: uploadBody(RECEIPT_RULES, { maxBytes: maxBodyBytes, tooLarge: RECEIPT_MESSAGES.tooLarge }),
  intents: PARTICIPANT_INTENTS,
});

export default function ParticipantDetailPage() {
  const { participant, documents, enrolments, cardAttempts, offlinePayments, refunds, courses } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const waiting = enrolments.filter((e) => e.status === "pendiente_de_revision");
  const path = `/admin/estudiantes/${participant.id}`;
  return (
    <div className="container page staff-page">
      <p>
        <Link to="/admin/estudiantes">← Estudiantes</Link>
      </p>
      <h1>{participant.name}</h1>
      <ParticipantRegistration participant={participant} />
      <ParticipantDocuments documents={documents} path={path} />
      {documents.some((d) => d.status === "pendiente") || waiting.length > 0 ? (
        <ParticipantReview documents={documents} path={path} actionData={actionData} />
      ) : null}
      <ParticipantEnrolments enrolments={enrolments} />
      <EnrolWithPayment participant={participant} courses={courses} path={path} actionData={actionData} />
      <ParticipantPayments cardAttempts={cardAttempts} offlinePayments={offlinePayments} refunds={refunds} />
    </div>
  );
}
