import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EMAIL_TAKEN_MESSAGE } from "~/accounts/account-options";
import { registrationSchema, resolveGradeAndInstitution } from "~/accounts/account-forms.server";
import { DOCUMENT_FIELDS, DOCUMENTS_BY_ROLE, MISSING_DOCUMENT_MESSAGES, type DocumentField } from "~/accounts/documents";
import { RegistrationPage } from "~/accounts/registration-form";
import { isEmailRegistered } from "~/accounts/participants.server";
import { consumeRegistration, registrationThrottleMessage } from "~/accounts/rate-limit.server";
import {
  registerAccount,
  registrationInputFrom,
  resolveModality,
  toRegistrationCourse,
  type RegistrationInput,
} from "~/accounts/registration.server";
import { documentRules, REQUEST_TOO_LARGE_MESSAGE, MAX_REQUEST_BYTES } from "~/accounts/uploads.server";
import { refuse, tooManyAttempts } from "~/actions/outcome";
import { publicAction, uploadBody } from "~/actions/pipeline.server";
import { freeSeats } from "~/enrolment/enrolment.server";
import { createUserSession, getChosenCourseId, getSessionUser } from "~/accounts/session.server";
import { getCourseById } from "~/courses/courses.server";
import { db } from "~/db.server";
import { loadAsDocument } from "~/enhance/document-navigation";
import type { PageHandle } from "~/enhance/page-handle";
import formStyles from "~/styles/forms.css";
import { privatePageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = MAX_REQUEST_BYTES;
export const bodyTooLargeMessage = REQUEST_TOO_LARGE_MESSAGE;

export { passRetryAfter as headers } from "~/utils/retry-after";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

export const meta = privatePageMeta({
  title: "Registro de participantes",
  description: "Cree su cuenta para inscribirse a los cursos de educación continua del Hospital Infantil de México Federico Gómez.",
  path: "/register",
});

async function chosenCourse(request: Request) {
  const courseId = await getChosenCourseId(request);
  if (courseId === null) return null;
  const course = await getCourseById(db, courseId);
  return course ? toRegistrationCourse(course, await freeSeats(db, course.course_id)) : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, courseId] = await Promise.all([getSessionUser(request), getChosenCourseId(request)]);
  if (user) throw redirect(courseId !== null ? "/payment" : "/profile", { status: 303 });
  return { course: await chosenCourse(request) };
}

/** The profile the post names, when it is one (the documents it needs depend on it). */
function roleOf(fields: FormData) {
  return registrationSchema.shape.student_role.safeParse(fields.get("student_role") ?? undefined).data ?? null;
}

function text(fields: FormData, name: string) {
  const value = fields.get(name);
  return typeof value === "string" ? value : null;
}

/**
 * Every problem at once (decision 0047's pipeline): the schema's, the profile's documents, grade
 * and institution, the course's modality and a taken e-mail; then the throttle counts (before the
 * work) and the one domain function (registerAccount) stores the account.
 */
export const action = (args: ActionFunctionArgs) =>
  publicAction({
    read: uploadBody(documentRules(DOCUMENT_FIELDS), { maxBytes: MAX_REQUEST_BYTES, tooLarge: REQUEST_TOO_LARGE_MESSAGE }),
    schema: registrationSchema,
    hideFields: ["student_password"],
    requiredFiles: (fields) => {
      const role = roleOf(fields);
      return role ? Object.fromEntries(DOCUMENTS_BY_ROLE[role].map((document) => [document.field, MISSING_DOCUMENT_MESSAGES[document.field]])) : null;
    },
    precheck: async (fields, { request }) => {
      const resolved = resolveGradeAndInstitution({
        role: roleOf(fields),
        grade: text(fields, "student_grade"),
        gradeOther: text(fields, "student_grade_other"),
        institution: text(fields, "student_institution"),
        institutionOther: text(fields, "student_institution_other"),
      });
      const chosen = registrationSchema.shape.student_modality.safeParse(text(fields, "student_modality") ?? undefined).data ?? null;
      const modality = resolveModality(await chosenCourse(request), chosen);
      const email = registrationSchema.shape.student_email.safeParse(text(fields, "student_email") ?? undefined);
      const taken = email.success && (await isEmailRegistered(db, email.data));
      return {
        ...resolved.errors,
        ...(modality.error ? { student_modality: [modality.error] } : {}),
        ...(taken ? { student_email: [EMAIL_TAKEN_MESSAGE] } : {}),
      };
    },
    step: async (ctx, { value, files, args: { request } }) => {
      const throttle = await consumeRegistration(db, ctx.clientAddress);
      if (!throttle.allowed) return tooManyAttempts(registrationThrottleMessage(throttle.retryAfterSeconds), throttle.retryAfterSeconds);
      // Read before signing in: the new session replaces (and deletes) the one the course was chosen in.
      const [courseId, course] = await Promise.all([getChosenCourseId(request), chosenCourse(request)]);
      const resolved = resolveGradeAndInstitution({
        role: value.student_role,
        grade: value.student_grade ?? null,
        gradeOther: value.student_grade_other ?? null,
        institution: value.student_institution ?? null,
        institutionOther: value.student_institution_other ?? null,
      });
      if (!resolved.grade || !resolved.institution) return refuse(400, { fields: resolved.errors });
      const documents: RegistrationInput["documents"] = {};
      for (const [name, file] of files) documents[name as DocumentField] = { fileName: file.fileName, bytes: file.data };
      const extras = { modality: value.student_modality ?? null, documents, course };
      const outcome = await registerAccount(db, registrationInputFrom(value, { grade: resolved.grade, institution: resolved.institution }, extras));
      return outcome.ok ? { ...outcome, courseId } : outcome;
    },
    done: async ({ participant, modality, courseId }, { args: { request } }) =>
      redirectWithToast(
        courseId !== null ? "/payment" : "/profile",
        {
          type: "success",
          title: "Registro completado",
          description: `Bienvenido(a), ${participant.name}. Su número de participante es ${participant.id}.`,
        },
        { headers: { "Set-Cookie": await createUserSession(participant, { from: request, modality: modality ?? undefined }) } },
      ),
  })(args);

/** A page without React (issue 22): the form is plain HTML enhanced by the page script. */
export const handle: PageHandle = { hydrate: false };
// A hydrated page that links here loads it as a document, so the page script runs (decision 0039).
export const clientLoader = loadAsDocument;

export default function RegisterPage() {
  const { course } = useLoaderData<typeof loader>();
  return <RegistrationPage course={course} lastResult={useActionData<typeof action>()?.result} />;
}
