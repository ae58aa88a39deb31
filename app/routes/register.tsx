import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EMAIL_TAKEN_MESSAGE } from "~/accounts/account-options";
import { parseWithZod, registrationSchema, resolveGradeAndInstitution, type FieldErrors } from "~/accounts/account-forms.server";
import { DOCUMENT_FIELDS, DOCUMENTS_BY_ROLE, FILE_MESSAGES, type DocumentField } from "~/accounts/documents";
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
import { parseUploadForm, REQUEST_TOO_LARGE_MESSAGE, MAX_REQUEST_BYTES } from "~/accounts/uploads.server";
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

function mergeErrors(...sources: (Record<string, string[] | null> | undefined)[]): FieldErrors {
  const merged: FieldErrors = {};
  for (const source of sources) {
    for (const [name, messages] of Object.entries(source ?? {})) {
      if (!messages?.length) continue;
      merged[name] = [...(merged[name] ?? []), ...messages.filter((m) => !merged[name]?.includes(m))];
    }
  }
  return merged;
}

/**
 * The route parses (multipart, zod through conform), answers every problem it can see at once,
 * then calls the one domain function (registerAccount) and maps its outcome to HTTP.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // Read before signing in: the new session replaces (and deletes) the one the course was chosen in.
  const courseId = await getChosenCourseId(request);
  const course = await chosenCourse(request);
  const form = await parseUploadForm(request, DOCUMENT_FIELDS);
  if (!form.ok) {
    const message = form.status === 413 ? REQUEST_TOO_LARGE_MESSAGE : "No pudimos leer el formulario. Vuelva a intentarlo.";
    return data(parseWithZod(new FormData(), { schema: registrationSchema }).reply({ formErrors: [message] }), {
      status: form.status === 413 ? 413 : 400,
    });
  }

  const submission = parseWithZod(form.fields, { schema: registrationSchema });
  const field = (name: string) => {
    const value = form.fields.get(name);
    return typeof value === "string" ? value : null;
  };
  const role =
    submission.status === "success" ? submission.value.student_role : registrationSchema.shape.student_role.safeParse(field("student_role")).data;
  const resolved = resolveGradeAndInstitution({
    role: role ?? null,
    grade: field("student_grade"),
    gradeOther: field("student_grade_other"),
    institution: field("student_institution"),
    institutionOther: field("student_institution_other"),
  });
  // A file the parser refused keeps its own message ("pesa más de 1 MB"), never "Seleccione…".
  const fileErrors: FieldErrors = role ? {} : { ...form.fileErrors };
  if (role) {
    for (const document of DOCUMENTS_BY_ROLE[role]) {
      if (form.fileErrors[document.field]) fileErrors[document.field] = form.fileErrors[document.field]!;
      else if (!form.files.has(document.field)) fileErrors[document.field] = [FILE_MESSAGES.missing];
    }
  }
  const chosenModality = registrationSchema.shape.student_modality.safeParse(field("student_modality") ?? undefined).data ?? null;
  const modality = resolveModality(course, chosenModality);
  const schemaErrors = submission.status === "success" ? undefined : (submission.error ?? undefined);
  let fieldErrors = mergeErrors(schemaErrors, resolved.errors, fileErrors, modality.error ? { student_modality: [modality.error] } : undefined);
  const refuse = (errors: FieldErrors, status = 400) => data(submission.reply({ fieldErrors: errors, hideFields: ["student_password"] }), { status });

  if (submission.status !== "success" || Object.keys(fieldErrors).length > 0 || !resolved.grade || !resolved.institution) {
    // Every problem at once: a taken e-mail too, when the address itself is well formed.
    const email = registrationSchema.shape.student_email.safeParse(field("student_email") ?? undefined);
    if (email.success && (await isEmailRegistered(db, email.data))) fieldErrors = mergeErrors(fieldErrors, { student_email: [EMAIL_TAKEN_MESSAGE] });
    return refuse(fieldErrors);
  }

  const throttle = await consumeRegistration(db, context.clientAddress ?? "unknown");
  if (!throttle.allowed) {
    return data(submission.reply({ formErrors: [registrationThrottleMessage(throttle.retryAfterSeconds)], hideFields: ["student_password"] }), {
      status: 429,
      headers: { "Retry-After": String(throttle.retryAfterSeconds) },
    });
  }

  const value = submission.value;
  const documents: RegistrationInput["documents"] = {};
  for (const [name, file] of form.files) documents[name as DocumentField] = { fileName: file.fileName, bytes: file.data };
  const outcome = await registerAccount(
    db,
    registrationInputFrom(value, { grade: resolved.grade, institution: resolved.institution }, { modality: chosenModality, documents, course }),
  );
  if (!outcome.ok) return refuse(outcome.problem.fields, outcome.status);
  const cookie = await createUserSession(outcome.participant, { from: request, modality: outcome.modality ?? undefined });
  return redirectWithToast(
    courseId !== null ? "/payment" : "/profile",
    {
      type: "success",
      title: "Registro completado",
      description: `Bienvenido(a), ${outcome.participant.name}. Su número de participante es ${outcome.participant.id}.`,
    },
    { headers: { "Set-Cookie": cookie } },
  );
}

/** A page without React (issue 22): the form is plain HTML enhanced by the page script. */
export const handle: PageHandle = { hydrate: false };
// A hydrated page that links here loads it as a document, so the page script runs (decision 0039).
export const clientLoader = loadAsDocument;

export default function RegisterPage() {
  const { course } = useLoaderData<typeof loader>();
  return <RegistrationPage course={course} lastResult={useActionData<typeof action>()} />;
}
