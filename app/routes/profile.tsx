import { useForm, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { GradeFields, InstitutionFields } from "~/accounts/account-fields";
import { GRADE_OPTIONS, INSTITUTION_OPTIONS, MEXICAN_STATES, OTHER, STUDENT_GRADE, type profileUpdateSchema } from "~/accounts/account-forms";
import { DOCUMENT_KIND_LABELS, DOCUMENT_STATUS_LABELS } from "~/accounts/documents";
import { getParticipant, listDocuments, type DocumentListItem } from "~/accounts/participants.server";
import { handleProfileAction } from "~/accounts/profile.server";
import { requireUser } from "~/accounts/session.server";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ENROLMENT_MODALITY_LABELS } from "~/courses/modality";
import { ErrorSummary, Field, FileField, RadioGroup, SelectField, summaryErrors } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { PROFILE_LABELS } from "~/courses/pricing";
import { db } from "~/db.server";
import { ENROLMENT_STATUS_LABELS } from "~/enrolment/enrolment-labels";
import { listEnrolments } from "~/enrolment/enrolment.server";
import { describeFile } from "~/files/file-types";
import formStyles from "~/styles/forms.css";
import { pageMeta, rootOrigin } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

// Personal data: never stored by a shared cache or the browser's back-forward cache.
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  for (const name of ["Cache-Control", "Referrer-Policy"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: "Mi perfil", description: "Sus datos, documentos e inscripciones.", path: "/profile", origin: rootOrigin(matches), noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [participant, documents, enrolments] = await Promise.all([
    getParticipant(db, user.id),
    listDocuments(db, user.id),
    listEnrolments(db, user.id),
  ]);
  if (!participant) throw new Response("Not found", { status: 404 });
  return data({ participant, documents, enrolments }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const outcome = await handleProfileAction(request, user);
  if (!outcome.ok) return data({ intent: outcome.intent, documentId: outcome.documentId, result: outcome.result }, { status: outcome.status });
  return redirectWithToast("/profile", { type: "success", description: outcome.message });
}

type ProfileFields = z.input<typeof profileUpdateSchema>;

const longDate = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: "America/Mexico_City" });

function splitChoice(value: string, options: readonly string[]) {
  return options.includes(value) ? { choice: value, other: "" } : { choice: OTHER, other: value };
}

export default function ProfilePage() {
  const { participant, documents, enrolments } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isStudent = participant.role === "ESTUDIANTE";

  return (
    <div className="container page form-page">
      <Breadcrumbs items={[{ label: "Mi perfil", href: "/profile" }]} />
      <h1>Mi perfil</h1>

      <section aria-labelledby="mis-datos">
        <h2 id="mis-datos">Mis datos</h2>
        <dl className="data-list">
          <dt>Número de participante</dt>
          <dd data-testid="participant-id">{participant.id}</dd>
          <dt>Nombre</dt>
          <dd>{participant.name}</dd>
          <dt>Correo electrónico</dt>
          <dd>{participant.email}</dd>
          <dt>Perfil</dt>
          <dd>{PROFILE_LABELS[participant.role]}</dd>
          <dt>Grado</dt>
          <dd>{participant.grade}</dd>
          <dt>Institución</dt>
          <dd>{participant.institution}</dd>
          <dt>Edad</dt>
          <dd>{participant.age} años</dd>
          <dt>Egresado(a)</dt>
          <dd>{participant.graduated === "SÍ" ? "Sí" : "No"}</dd>
          <dt>Nacionalidad</dt>
          <dd>{participant.nationality}</dd>
          <dt>Estado de residencia</dt>
          <dd>{participant.state}</dd>
          <dt>Teléfono</dt>
          <dd>{participant.phone}</dd>
        </dl>
      </section>

      <ProfileForm
        participant={participant}
        isStudent={isStudent}
        lastResult={actionData?.intent !== "replace-document" ? (actionData?.result as SubmissionResult<string[]> | undefined) : undefined}
      />

      <section aria-labelledby="mis-documentos">
        <h2 id="mis-documentos">Mis documentos</h2>
        <p>
          La Dirección de Enseñanza revisa sus documentos. Puede reemplazar un documento mientras no esté aprobado; el nuevo queda pendiente
          de revisión. Si el documento no es válido o está vencido, no se entregará constancia y no habrá reembolso.
        </p>
        {documents.length === 0 ? (
          <p>No tiene documentos registrados.</p>
        ) : (
          <ul className="document-list">
            {documents.map((document) => (
              <DocumentCard
                key={document.id}
                document={document}
                lastResult={
                  actionData?.intent === "replace-document" && actionData.documentId === document.id
                    ? (actionData.result as SubmissionResult<string[]>)
                    : undefined
                }
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="mis-inscripciones">
        <h2 id="mis-inscripciones">Mis inscripciones</h2>
        {enrolments.length === 0 ? (
          <p>Aún no tiene inscripciones.</p>
        ) : (
          <ul className="enrolment-list">
            {enrolments.map((enrolment) => (
              <li key={enrolment.id}>
                <strong>{enrolment.courseName}</strong> · {ENROLMENT_MODALITY_LABELS[enrolment.modality]} · Estado:{" "}
                {ENROLMENT_STATUS_LABELS[enrolment.status]}
                {enrolment.status === "confirmada" ? (
                  <>
                    {" "}
                    · <a href={`/payment/acceso/${enrolment.id}.pdf`}>Descargar acceso (PDF) de {enrolment.courseName}</a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to="/ensenanza/offer">Consultar la oferta académica</Link>
        </p>
      </section>
    </div>
  );
}

function ProfileForm({
  participant,
  isStudent,
  lastResult,
}: {
  participant: { name: string; grade: string; institution: string; age: number; graduated: string; nationality: string; state: string; phone: string };
  isStudent: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const grade = splitChoice(participant.grade, GRADE_OPTIONS);
  const institution = splitChoice(participant.institution, INSTITUTION_OPTIONS);
  const [form, fields] = useForm<ProfileFields>({
    id: "editar-perfil",
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: {
      student_name: participant.name,
      student_grade: isStudent ? undefined : grade.choice,
      student_grade_other: isStudent ? undefined : grade.other,
      student_institution: institution.choice,
      student_institution_other: institution.other,
      student_age: String(participant.age) as unknown as number,
      student_graduated: participant.graduated as "SÍ" | "NO",
      student_nationality: participant.nationality,
      student_state: participant.state,
      student_phone: participant.phone,
    },
  });

  return (
    <section aria-labelledby="editar-datos">
      <h2 id="editar-datos">Actualizar mis datos</h2>
      <p>El correo electrónico y el perfil no se pueden cambiar aquí; si necesita corregirlos, comuníquese con la Dirección de Enseñanza.</p>
      <ErrorSummary
        title="Revise los datos marcados"
        errors={summaryErrors([
          fields.student_name,
          fields.student_age,
          fields.student_phone,
          fields.student_graduated,
          fields.student_nationality,
          fields.student_state,
          fields.student_grade,
          fields.student_grade_other,
          fields.student_institution,
          fields.student_institution_other,
        ])}
        formErrors={form.errors}
        focusKey={lastResult}
      />
      <Form method="post" action="/profile" id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} className="form">
        <input type="hidden" name="intent" value="update-profile" />
        <Field meta={fields.student_name} label="Nombre completo" autoComplete="name" required maxLength={150} />
        <Field meta={fields.student_age} label="Edad (años cumplidos)" inputMode="numeric" required />
        <Field meta={fields.student_phone} label="Teléfono" type="tel" inputMode="numeric" autoComplete="tel-national" hint="10 dígitos." required />
        <RadioGroup
          meta={fields.student_graduated}
          legend="¿Es egresado(a)?"
          options={[
            { value: "SÍ", label: "Sí" },
            { value: "NO", label: "No" },
          ]}
          required
          inline
        />
        <Field meta={fields.student_nationality} label="Nacionalidad" required maxLength={80} />
        <SelectField meta={fields.student_state} label="Estado de residencia" options={MEXICAN_STATES} autoComplete="address-level1" required />
        {isStudent ? (
          <p>
            <strong>Grado:</strong> {STUDENT_GRADE} (se asigna por su perfil Estudiante)
          </p>
        ) : (
          <>
            <GradeFields select={fields.student_grade} other={fields.student_grade_other} initialChoice={grade.choice} required />
          </>
        )}
        <InstitutionFields select={fields.student_institution} other={fields.student_institution_other} initialChoice={institution.choice} required />
        <div className="form-actions">
          <SubmitButton formActionPath="/profile" pendingLabel="Guardando…">
            Guardar cambios
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function DocumentCard({ document, lastResult }: { document: DocumentListItem; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm<{ document?: File }>({ id: `documento-${document.id}`, lastResult, shouldValidate: "onSubmit" });
  const titleId = `documento-${document.id}-titulo`;
  return (
    <li className="document-card">
      <h3 id={titleId} className="document-card__title">
        {DOCUMENT_KIND_LABELS[document.kind]}
      </h3>
      <p>
        Estado: <span className={`status status--${document.status}`}>{DOCUMENT_STATUS_LABELS[document.status]}</span>
        {document.reviewedAt ? ` (revisado el ${longDate.format(new Date(document.reviewedAt))})` : null}
      </p>
      {document.status === "rechazado" && document.rejectionReason ? (
        <p>
          <strong>Motivo del rechazo:</strong> {document.rejectionReason}
        </p>
      ) : null}
      <p>
        <a href={`/profile/documentos/${document.id}`} download>
          Descargar {DOCUMENT_KIND_LABELS[document.kind].toLowerCase()}
        </a>{" "}
        <span className="field__hint">({describeFile({ content_type: document.contentType, file_name: document.fileName, byte_size: document.byteSize })})</span>
      </p>
      {document.status !== "aprobado" ? (
        <Form
          method="post"
          action="/profile"
          encType="multipart/form-data"
          id={form.id}
          onSubmit={form.onSubmit}
          noValidate={form.noValidate}
          className="form"
        >
          <input type="hidden" name="intent" value="replace-document" />
          <input type="hidden" name="documentId" value={document.id} />
          {form.errors?.length ? (
            <p className="field__error" role="alert">
              {form.errors.join(" ")}
            </p>
          ) : null}
          <FileField meta={fields.document} label={`Nuevo archivo: ${DOCUMENT_KIND_LABELS[document.kind].toLowerCase()}`} required />
          <div className="form-actions">
            <SubmitButton formActionPath="/profile" pendingLabel="Subiendo…" className="button--secondary">
              Reemplazar documento
            </SubmitButton>
          </div>
        </Form>
      ) : null}
    </li>
  );
}
