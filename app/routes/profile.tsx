import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod, profileUpdateSchema, resolveGradeAndInstitution, type FieldErrors } from "~/accounts/account-forms.server";
import { FILE_MESSAGES } from "~/accounts/documents";
import { getParticipant, listDocuments } from "~/accounts/participants.server";
import { ProfilePage, type ProfileAnswer } from "~/accounts/profile-page";
import { replaceParticipantDocument, saveProfile } from "~/accounts/profile.server";
import { parseUploadForm, REQUEST_TOO_LARGE_MESSAGE, MAX_REQUEST_BYTES } from "~/accounts/uploads.server";
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

function refusal(intent: ProfileAnswer["intent"], documentId: number | null, result: SubmissionResult<string[]>, status: number) {
  return data({ intent, documentId, result } satisfies ProfileAnswer, { status });
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
