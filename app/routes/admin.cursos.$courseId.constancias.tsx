import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { staffAction } from "~/actions/pipeline.server";
import type { ActionReply } from "~/actions/reply.server";
import { ErrorSummary, Field, summaryErrors } from "~/components/forms";
import { StaffTable } from "~/components/staff-table";
import { SubmitButton } from "~/components/submit-button";
import { listEligibility } from "~/completion/constancia-eligibility.server";
import { CONSTANCIA_KIND_LABELS, constanciaVerificationPath } from "~/completion/constancia-folio";
import { constanciasIntents } from "~/completion/constancias-actions.server";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import { staffAccessOf } from "~/staff/access-registry";
import { idParam, orNotFound } from "~/staff/teaching/route-helpers.server";
import teachingStyles from "~/styles/teaching.css";

/** A course's constancias (issue 25): completion settings, the eligible list, bulk issue, revoke and reissue. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const staffAccess = staffAccessOf("routes/admin.cursos.$courseId.constancias");

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Constancias: ${data?.list.course.name ?? "curso"} | Área del personal | HIMFG` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const list = orNotFound(await listEligibility(db, idParam(params.courseId)));
  return { list };
}

/** Settings, bulk issue, revoke, reissue: one pipeline intent each (the `intent` field of each form). */
export const action = (args: ActionFunctionArgs) =>
  staffAction({ access: staffAccess, intents: constanciasIntents(idParam(args.params.courseId)) })(args);

type SettingsField = "hours" | "required_attendance_percent" | `signatory_${1 | 2 | 3}_${"name" | "title"}`;

const DOCUMENT_LABELS = { aprobados: "Aprobados", pendientes: "Pendientes", rechazados: "Rechazado", faltantes: "Falta alguno" } as const;
const issuedFormat = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeZone: "America/Mexico_City" });

export default function CourseConstancias() {
  const { list } = useLoaderData<typeof loader>();
  const answer = useActionData() as ActionReply | undefined;
  const issueMessages = answer?.intent === "emitir" ? Object.values(answer.result.error ?? {}).flatMap((messages) => messages ?? []) : [];
  const path = `/admin/cursos/${list.course.id}/constancias`;
  const { settings } = list;
  const [settingsForm, fields] = useForm<Record<SettingsField, string>>({
    id: "completion-settings",
    lastResult: answer?.intent === "ajustes" ? answer.result : undefined,
    shouldValidate: "onSubmit",
    defaultValue: {
      hours: settings.saved ? String(settings.hours) : "",
      required_attendance_percent: String(settings.requiredAttendancePercent),
      ...Object.fromEntries(
        settings.signatories.flatMap((signatory, index) => [
          [`signatory_${index + 1}_name`, signatory.name],
          [`signatory_${index + 1}_title`, signatory.title],
        ]),
      ),
    },
  });
  const [changeForm, changeFields] = useForm<{ folio: string; reason: string }>({
    id: "constancia-change",
    lastResult: answer?.intent === "revocar" || answer?.intent === "reemitir" ? answer.result : undefined,
    shouldValidate: "onSubmit",
  });
  const issuable = list.rows.filter((row) => row.kind !== null && row.constancia === null);
  const standing = list.rows.filter((row) => row.constancia?.state === "valida");
  const signatoryFields = ([1, 2, 3] as const).map((n) => ({
    n,
    name: fields[`signatory_${n}_name`],
    title: fields[`signatory_${n}_title`],
  }));
  return (
    <div className="container page staff-page">
      <p>
        <Link to={`/admin/cursos/${list.course.id}`}>← {list.course.name}</Link>
      </p>
      <h1>Constancias: {list.course.name}</h1>

      <section aria-labelledby="ajustes-title">
        <h2 id="ajustes-title">Datos de la constancia</h2>
        <p>
          El curso tiene {list.courseDayCount} {list.courseDayCount === 1 ? "día" : "días"}.{" "}
          {list.hasEvaluation
            ? "Tiene evaluación: quien la apruebe recibe constancia de acreditación."
            : "No tiene evaluación: solo hay constancias de asistencia."}
        </p>
        <Form method="post" action={path} {...getFormProps(settingsForm)} className="staff-form">
          <input type="hidden" name="intent" value="ajustes" />
          {answer?.intent === "ajustes" ? (
            <ErrorSummary
              title="Revise los datos de la constancia"
              errors={summaryErrors([fields.hours, fields.required_attendance_percent, ...signatoryFields.flatMap((s) => [s.name, s.title])])}
              formErrors={settingsForm.errors}
              focusKey={answer}
            />
          ) : null}
          <Field meta={fields.hours} label="Horas del curso" inputMode="numeric" required />
          <Field meta={fields.required_attendance_percent} label="Asistencia requerida (% de los días)" inputMode="numeric" required />
          {signatoryFields.map(({ n, name, title }) => (
            <fieldset key={n} className="staff-fieldset">
              <legend>
                Firma {n}
                {n === 1 ? "" : " (opcional)"}
              </legend>
              <Field meta={name} label="Nombre" maxLength={150} required={n === 1} />
              <Field meta={title} label="Cargo" maxLength={200} required={n === 1} />
            </fieldset>
          ))}
          <SubmitButton formActionPath={path} pendingLabel="Guardando…">
            Guardar datos de la constancia
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="lista-title">
        <h2 id="lista-title">Participantes con inscripción confirmada</h2>
        {issueMessages.length > 0 ? (
          <div className="error-summary" role="alert" data-testid="issue-refusal">
            <p className="error-summary__title">No emitimos ninguna constancia</p>
            <ul className="error-summary__list">
              {issueMessages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {list.rows.length === 0 ? (
          <p>Nadie tiene una inscripción confirmada en este curso.</p>
        ) : (
          <Form method="post" action={path}>
            <input type="hidden" name="intent" value="emitir" />
            <StaffTable
              caption={`${list.rows.length} ${list.rows.length === 1 ? "persona" : "personas"}; ${issuable.length} por emitir`}
              columns={["Emitir", "Participante", "Documentos", "Asistencia", "Calificación", "Constancia"]}
            >
              {list.rows.map((row) => (
                <tr key={row.enrolmentId}>
                  <td>
                    {row.kind !== null && row.constancia === null ? (
                      <input
                        type="checkbox"
                        name="enrolment"
                        value={row.enrolmentId}
                        id={`emitir-${row.enrolmentId}`}
                        aria-label={`Emitir la constancia de ${row.name}`}
                      />
                    ) : null}
                  </td>
                  <th scope="row">
                    <Link to={`/admin/estudiantes/${row.participantId}`}>{row.name}</Link>
                  </th>
                  <td>{DOCUMENT_LABELS[row.documents]}</td>
                  <td>
                    {row.attendancePercent} % {row.modality === "en_linea" ? "(en línea)" : `(${row.attendedDays} de ${list.courseDayCount} días)`}
                  </td>
                  <td>{row.bestGrade === null ? "—" : `${row.bestGrade}${row.passed ? " (aprobó)" : " (no aprobó)"}`}</td>
                  <td>
                    {row.constancia ? (
                      <>
                        {CONSTANCIA_KIND_LABELS[row.constancia.kind]} ·{" "}
                        <a href={constanciaVerificationPath(row.constancia.folio)}>{row.constancia.folio}</a>
                        {row.constancia.state === "revocada" ? " (revocada)" : ` (${issuedFormat.format(new Date(row.constancia.issuedAt))})`}
                      </>
                    ) : row.kind ? (
                      `Por emitir: ${CONSTANCIA_KIND_LABELS[row.kind].toLowerCase()}`
                    ) : (
                      <>Sin constancia: {row.reasons.join(" ")}</>
                    )}
                  </td>
                </tr>
              ))}
            </StaffTable>
            {issuable.length > 0 ? (
              <p className="staff-actions">
                <button type="submit" className="button">
                  Emitir las seleccionadas
                </button>
                <button type="submit" name="todas" value="1" className="button button--secondary">
                  Emitir a todas las personas elegibles ({issuable.length})
                </button>
              </p>
            ) : null}
          </Form>
        )}
      </section>

      {standing.length > 0 ? (
        <section aria-labelledby="cambios-title">
          <h2 id="cambios-title">Revocar o reemitir una constancia</h2>
          <p>
            Reemitir crea un folio nuevo con el nombre como está registrado ahora (corríjalo antes en la ficha del participante); el folio anterior
            dirá que fue reemplazado. Revocar deja la constancia sin validez; el motivo no se publica.
          </p>
          <Form method="post" action={path} {...getFormProps(changeForm)} className="staff-form">
            {answer?.intent === "revocar" || answer?.intent === "reemitir" ? (
              <ErrorSummary
                title="Revise el cambio"
                errors={summaryErrors([changeFields.folio, changeFields.reason])}
                formErrors={changeForm.errors}
                focusKey={answer}
              />
            ) : null}
            <div className="field">
              <label htmlFor={changeFields.folio.id} className="field__label">
                Constancia
              </label>
              <select id={changeFields.folio.id} name={changeFields.folio.name} className="field__select" required defaultValue="">
                <option value="">Elija una constancia</option>
                {standing.map((row) => (
                  <option key={row.constancia!.folio} value={row.constancia!.folio}>
                    {row.name} — {row.constancia!.folio}
                  </option>
                ))}
              </select>
            </div>
            <Field meta={changeFields.reason} label="Motivo" maxLength={500} required />
            <p className="staff-actions">
              <button type="submit" name="intent" value="revocar" className="button button--secondary">
                Revocar
              </button>
              <button type="submit" name="intent" value="reemitir" className="button button--secondary">
                Reemitir con el nombre corregido
              </button>
            </p>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
