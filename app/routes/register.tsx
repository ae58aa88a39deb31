import { parse, useForm, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { EMAIL_TAKEN_MESSAGE, EMAIL_TAKEN_TITLE, MODALITY_CHOICES, ROLE_OPTIONS, STUDENT_GRADE, SUMMARY_WARNING } from "~/accounts/account-options";
import { parseWithZod, registrationSchema, resolveGradeAndInstitution, type FieldErrors } from "~/accounts/account-forms.server";
import { GradeFields, GraduatedField, InstitutionFields, participantDetailFields, StateOfResidenceField } from "~/accounts/account-fields";
import { MODALITY } from "~/courses/modality";
import { registrationClientErrors } from "~/accounts/registration-checks";
import { DOCUMENT_FIELDS, DOCUMENTS_BY_ROLE, FILE_MESSAGES, type DocumentField } from "~/accounts/documents";
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
import { Breadcrumbs } from "~/components/breadcrumbs";
import { EmailField, PasswordField, secretFieldKey } from "~/components/credential-fields";
import { ErrorSummary, Field, FileField, RadioGroup, summaryErrors, formProps } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { isUploadNotReceived, sendUpload } from "~/components/upload-failure";
import { getCourseById } from "~/courses/courses.server";
import { isProfile, type Profile } from "~/courses/pricing";
import { db } from "~/db.server";
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
    const message = form.reason === "too-large" ? REQUEST_TOO_LARGE_MESSAGE : "No pudimos leer el formulario. Vuelva a intentarlo.";
    return data(parseWithZod(new FormData(), { schema: registrationSchema }).reply({ formErrors: [message] }), {
      status: form.reason === "too-large" ? 413 : 400,
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
  if (!throttle.ok) {
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
  if (!outcome.ok) return refuse(outcome.errors);
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

/**
 * With JavaScript, a refusal of a document (or of the whole upload: too large, unreadable, too
 * many tries) and a request that fails outright show the seed's closable upload-failure message;
 * the form keeps what was typed and chosen. Without JavaScript the action answers on its own.
 */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  return sendUpload(() => serverAction<typeof action>(), refusedUpload);
}

/** The server's message when it refused a chosen document or the whole upload, else null. */
function refusedUpload(result: SubmissionResult<string[]>): string | null {
  const errors = result.error ?? {};
  for (const field of DOCUMENT_FIELDS) {
    const message = errors[field]?.find((text) => text !== FILE_MESSAGES.missing);
    if (message) return message;
  }
  return errors[""]?.[0] ?? null;
}

type RegistrationFields = z.input<typeof registrationSchema> & { student_license?: File; student_license_part_2?: File };

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export default function RegisterPage() {
  const { course } = useLoaderData<typeof loader>();
  const actionData: unknown = useActionData<typeof clientAction>();
  // A request that failed outright leaves the form as it was (the toast says what happened).
  const lastResult = isUploadNotReceived(actionData) ? undefined : (actionData as SubmissionResult<string[]> | undefined);
  const modalityAsked = course?.modalityId === MODALITY.PRESENCIAL_Y_EN_LINEA;
  const [form, fields] = useForm<RegistrationFields>({
    id: "registro",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onBlur",
    // With JavaScript, what the browser can check is checked before sending (no round trip that
    // would cost the chosen files and the typed password); the server checks everything again.
    onValidate({ form: element, formData }) {
      const refusedFiles: Record<string, string> = {};
      for (const input of element.querySelectorAll<HTMLInputElement>("input[type=file][data-refused]"))
        refusedFiles[input.name] = input.dataset.refused!;
      return parse(formData, {
        resolve(payload) {
          const error = registrationClientErrors(formData, { modalityAsked, refusedFiles });
          return Object.keys(error).length > 0 ? { error } : { value: payload as RegistrationFields };
        },
      });
    },
  });
  const hydrated = useHydrated();

  const initialRole = fields.student_role.initialValue;
  const [role, setRole] = useState<Profile | null>(isProfile(initialRole) ? initialRole : null);
  // With JavaScript the form adapts to the chosen profile; without it every field shows with
  // hints, and the server applies the same rules.
  const adapt = hydrated && role !== null;
  const isStudent = role === "ESTUDIANTE";
  const documents = role ? DOCUMENTS_BY_ROLE[role] : null;
  const firstDocumentLabel = adapt && documents ? documents[0]!.label : "Documento 1: frente de su credencial o su cédula profesional";
  const secondDocument = adapt && documents ? documents[1] : undefined;
  const showSecondDocument = !adapt || Boolean(secondDocument);

  const ordered = [
    fields.student_role,
    fields.student_name,
    fields.student_email,
    fields.student_password,
    ...participantDetailFields(fields),
    fields.student_modality,
    fields.student_license,
    fields.student_license_part_2,
  ];

  const summary = summaryErrors(ordered);
  // While the form shows errors, a newly chosen file's verdict updates them at once (FileField).
  const recheckFile = (name: string) => {
    if (summary.length > 0 || form.errors?.length) form.validate({ name });
  };

  return (
    <div className="container page form-page">
      <Breadcrumbs items={[{ label: "Registro", href: "/register" }]} />
      <h1>Registro de participantes</h1>
      <p>Cree su cuenta para inscribirse a los cursos de educación continua. Todos los campos son obligatorios.</p>
      {course ? (
        <p className="notice">
          Curso elegido: <strong>{course.name}</strong>. Al terminar su registro continuará con la inscripción.
        </p>
      ) : null}

      <ErrorSummary title={summaryTitle(summary, form.errors)} errors={summary} formErrors={form.errors} focusKey={lastResult} />

      <Form method="post" action="/register" encType="multipart/form-data" {...formProps(form)} className="form">
        <RadioGroup
          meta={fields.student_role}
          legend="Perfil"
          hint="Su perfil define el precio de los cursos y los documentos que debe subir."
          options={ROLE_OPTIONS}
          required
          onValueChange={(value) => setRole(isProfile(value) ? value : null)}
        />

        <fieldset className="form-section">
          <legend>Datos personales</legend>
          <Field meta={fields.student_name} label="Nombre completo" autoComplete="name" required maxLength={150} />
          <EmailField meta={fields.student_email} />
          <PasswordField
            meta={fields.student_password}
            key={`password-${secretFieldKey(lastResult)}`}
            autoComplete="new-password"
            hint="Al menos 8 caracteres. Evite contraseñas comunes como «12345678» o «contraseña»."
            minLength={8}
          />
          <Field meta={fields.student_age} label="Edad (años cumplidos)" inputMode="numeric" className="field--short" required />
          <Field
            meta={fields.student_phone}
            label="Teléfono"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            hint="10 dígitos, por ejemplo 5552289917."
            required
          />
          <GraduatedField meta={fields.student_graduated} />
          <Field meta={fields.student_nationality} label="Nacionalidad" hint="Por ejemplo: Mexicana." required maxLength={80} />
          <StateOfResidenceField meta={fields.student_state} />
        </fieldset>

        <fieldset className="form-section">
          <legend>Datos académicos</legend>
          {adapt && isStudent ? (
            <div className="field">
              <p className="field__label">Grado</p>
              <p>
                {STUDENT_GRADE} <span className="field__hint">(se asigna por su perfil Estudiante)</span>
              </p>
            </div>
          ) : (
            <>
              <GradeFields
                select={fields.student_grade}
                other={fields.student_grade_other}
                initialChoice={initialChoice(fields.student_grade)}
                hint="Si su perfil es Estudiante, no lo elija: se asigna ESTUDIANTE."
              />
            </>
          )}
          <InstitutionFields
            select={fields.student_institution}
            other={fields.student_institution_other}
            initialChoice={initialChoice(fields.student_institution)}
            required
          />
        </fieldset>

        {course && course.modalityId === MODALITY.PRESENCIAL_Y_EN_LINEA ? (
          <RadioGroup
            meta={fields.student_modality}
            legend={`Modalidad del curso «${course.name}»`}
            hint={course.presencialAvailable ? undefined : "No quedan lugares presenciales en este curso; se toma en línea."}
            options={
              course.presencialAvailable
                ? [
                    { value: "presencial", label: MODALITY_CHOICES.presencial },
                    { value: "en_linea", label: MODALITY_CHOICES.en_linea },
                  ]
                : [{ value: "en_linea", label: MODALITY_CHOICES.en_linea }]
            }
            required
          />
        ) : null}

        <fieldset className="form-section">
          <legend>Documentos</legend>
          <div className="notice notice--warning">
            <p>
              <strong>Importante:</strong> el personal del HIMFG sube ambos lados de su credencial de trabajador; los estudiantes, ambos lados de su
              credencial de estudiante vigente; los participantes externos, su cédula profesional.
            </p>
            <p>Si el documento no es válido o está vencido, no se entregará constancia y no habrá reembolso del pago.</p>
          </div>
          <FileField meta={fields.student_license} label={firstDocumentLabel} required onChecked={recheckFile} />
          {showSecondDocument ? (
            <FileField
              meta={fields.student_license_part_2}
              label={secondDocument?.label ?? "Documento 2: reverso de su credencial (no se pide para el perfil Externo)"}
              required={adapt}
              onChecked={recheckFile}
            />
          ) : null}
        </fieldset>

        <p className="notice">
          Sus datos personales se usan para su registro, inscripción y constancias, conforme a la Ley General de Protección de Datos Personales en
          Posesión de Sujetos Obligados. Consulte el <Link to="/avisos-de-privacidad">aviso de privacidad</Link>.
        </p>

        <div className="form-actions">
          <SubmitButton formActionPath="/register" pendingLabel="Registrando…">
            Registrarme
          </SubmitButton>
        </div>
      </Form>

      <ul className="form-links">
        <li>
          ¿Ya tiene cuenta? <Link to="/userlogin">Inicie sesión</Link>
        </li>
      </ul>
    </div>
  );
}

/** The summary's heading says what happened: a taken e-mail, a refusal of the whole form, or fields to fix. */
function summaryTitle(summary: { message: string }[], formErrors: string[] | undefined): string {
  if (summary.length > 0 && summary.every((error) => error.message === EMAIL_TAKEN_MESSAGE)) return EMAIL_TAKEN_TITLE;
  if (summary.length === 0 && formErrors?.length) return "No pudimos completar su registro";
  return SUMMARY_WARNING;
}

function initialChoice(meta: { initialValue?: unknown }): string {
  return typeof meta.initialValue === "string" ? meta.initialValue : "";
}
