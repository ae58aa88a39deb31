import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { profileUpdateSchema, resolveGradeAndInstitution } from "~/accounts/account-forms.server";
import { notFound, refuse } from "~/actions/outcome";
import { DEFAULT_INTENT, participantAction, participantIntent, uploadBody } from "~/actions/pipeline.server";
import { FILE_MESSAGES } from "~/accounts/documents";
import { DOCUMENT_NOT_FOUND_MESSAGE, getParticipant, listDocuments } from "~/accounts/participants.server";
import { ProfilePage } from "~/accounts/profile-page";
import { replaceParticipantDocument, saveProfile } from "~/accounts/profile.server";
import { DOCUMENT_RULE, REQUEST_TOO_LARGE_MESSAGE, MAX_REQUEST_BYTES } from "~/accounts/uploads.server";
import { requireUser } from "~/accounts/session.server";
import { getCalendarFeedToken, privateFeedPath } from "~/calendar/ical.server";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";
import { listEnrolments } from "~/enrolment/enrolment.server";
import { listOwnConstancias } from "~/completion/constancia-view.server";
import { ConstanciasSection } from "~/completion/constancias-list";
import { AnnualTranscriptLinks } from "~/completion/transcript-links";
import { offlineIntentsOf } from "~/payments/checkout.server";
import { loadAsDocument } from "~/enhance/document-navigation";
import type { PageHandle } from "~/enhance/page-handle";
import { courseOfflineDetails } from "~/settings/settings";
import { getSiteSettings } from "~/content/site-chrome.server";
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
    getSiteSettings(db),
  ]);
  if (!participant) throw new Response("Not found", { status: 404 });
  const constancias = await listOwnConstancias(db, user.id);
  const calendarUrl = calendarToken ? new URL(privateFeedPath(calendarToken), siteOrigin()).href : null;
  // Enrolments waiting for the off-line payment the participant chose (issue 19): what to quote and where to pay.
  const offline = offlineIntents.length > 0 ? { intents: offlineIntents, details: courseOfflineDetails(settings) } : null;
  return data({ participant, documents, enrolments, calendarUrl, offline, constancias }, { headers: { "Cache-Control": "private, no-store" } });
}

/** The replacement form: which document (checked in the step: another's or none is a 404). */
const replaceDocumentSchema = z.object({ documentId: z.string().optional() });

/** The participant's grade and institution from the raw fields, for their profile (the «Otro» texts folded in). */
function gradeAndInstitution(profile: string, field: (name: string) => string | null) {
  return resolveGradeAndInstitution({
    role: profile,
    grade: field("student_grade"),
    gradeOther: field("student_grade_other"),
    institution: field("student_institution"),
    institutionOther: field("student_institution_other"),
  });
}

const textOf = (fields: FormData) => (name: string) => {
  const value = fields.get(name);
  return typeof value === "string" ? value : null;
};

// Built inside the action (a top-level call of a .server import breaks the browser bundle).
const updateProfile = () =>
  participantIntent({
    schema: profileUpdateSchema,
    // Shown with the schema's messages (every problem at once).
    precheck: async (fields, { request }) => gradeAndInstitution((await requireUser(request)).profile, textOf(fields)).errors,
    step: async (ctx, { value }) => {
      const typed: Record<string, string | undefined> = {
        student_grade: value.student_grade,
        student_grade_other: value.student_grade_other,
        student_institution: value.student_institution,
        student_institution_other: value.student_institution_other,
      };
      const resolved = gradeAndInstitution(ctx.participant.profile, (name) => typed[name] ?? null);
      if (!resolved.grade || !resolved.institution) return refuse(400, { fields: resolved.errors });
      const outcome = await saveProfile(db, ctx.participant.id, {
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
      return outcome;
    },
    done: () => redirectWithToast("/profile", { type: "success", description: "Guardamos sus datos." }),
  });

/**
 * Two forms on the action pipeline (app/actions): the editable data (intent=update-profile, also a
 * post without an intent) and one document's replacement (intent=replace-document, multipart, the
 * same checks as registration). saveProfile and replaceParticipantDocument do the work.
 */
export const action = (args: ActionFunctionArgs) =>
  participantAction({
    read: uploadBody({ document: DOCUMENT_RULE }, { maxBytes: MAX_REQUEST_BYTES, tooLarge: REQUEST_TOO_LARGE_MESSAGE }),
    intents: {
      [DEFAULT_INTENT]: updateProfile(),
      "update-profile": updateProfile(),
      "replace-document": participantIntent({
        schema: replaceDocumentSchema,
        requiredFiles: { document: FILE_MESSAGES.missing },
        step: (ctx, { value, files }) => {
          const documentId = /^[1-9][0-9]{0,9}$/.test(value.documentId ?? "") ? Number(value.documentId) : null;
          const file = files.get("document");
          if (documentId === null || !file) return notFound(DOCUMENT_NOT_FOUND_MESSAGE);
          return replaceParticipantDocument(db, ctx.participant.id, documentId, { fileName: file.fileName, bytes: file.data });
        },
        done: () => redirectWithToast("/profile", { type: "success", description: "Recibimos su documento. Quedó pendiente de revisión." }),
      }),
    },
  })(args);

/** A page without React (issue 22): plain HTML enhanced by the page script. */
export const handle: PageHandle = { hydrate: false };
// A hydrated page that links here loads it as a document, so the page script runs (decision 0039).
export const clientLoader = loadAsDocument;

export default function Profile() {
  const { participant, documents, enrolments, calendarUrl, offline, constancias } = useLoaderData<typeof loader>();
  return (
    <>
      <ProfilePage
        participant={participant}
        documents={documents}
        enrolments={enrolments}
        calendarUrl={calendarUrl}
        offline={offline}
        answer={useActionData<typeof action>()}
      />
      <ConstanciasSection constancias={constancias} />
      <AnnualTranscriptLinks constancias={constancias} />
    </>
  );
}
