import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import type { Problem } from "~/actions/outcome";
import { checkinTime, courseDayLabel } from "~/completion/attendance";
import {
  attendanceCounts,
  attendanceCourse,
  checkIn,
  chosenCourseDay,
  dayCheckins,
  markAttendance,
  searchCourseEnrolments,
  withdrawAttendance,
  type CheckinDone,
  type PersonWithCheckin,
} from "~/completion/attendance.server";
import { ErrorSummary, Field, type FieldMeta } from "~/components/forms";
import { StaffTable } from "~/components/staff-table";
import { staffContextOf } from "~/actions/pipeline.server";
import { db } from "~/db.server";
import type { PageHandle } from "~/enhance/page-handle";
import { requireStaff } from "~/staff/guard.server";
import { staffAccessOf } from "~/staff/access-registry";
import { idParam } from "~/staff/teaching/route-helpers.server";
import attendanceStyles from "~/styles/attendance.css";
import teachingStyles from "~/styles/teaching.css";

/**
 * The attendance list at the door (issue 25), made for a phone: choose the course day, then check
 * people in by control number or by name (plain forms, no JavaScript needed), or by the access
 * PDF's QR code with the camera where the browser has BarcodeDetector (the page script,
 * app/enhance/attendance-scanner.ts). Staff correct a day by hand with a reason.
 */
export const handle: PageHandle = { hydrate: false };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: teachingStyles },
  { rel: "stylesheet", href: attendanceStyles },
];

export const staffAccess = staffAccessOf("routes/admin.cursos.$courseId.asistencia");

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Asistencia: ${data?.course.name ?? "curso"} | Área del personal | HIMFG` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const course = await attendanceCourse(db, idParam(params.courseId));
  if (!course) throw new Response("No encontrado", { status: 404 });
  const url = new URL(request.url);
  const day = chosenCourseDay(course.days, url.searchParams.get("dia"));
  if (!day) throw new Response("No encontrado", { status: 404 });
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const [counts, checkins, search] = await Promise.all([
    attendanceCounts(db, course),
    dayCheckins(db, course.id, day),
    q.trim() ? searchCourseEnrolments(db, { courseId: course.id, day, q }) : null,
  ]);
  const view = { course: { id: course.id, name: course.name, days: course.days }, day, q, counts, checkins };
  if (search && !search.ok) return data({ ...view, search: null, searchProblem: search.problem }, { status: search.status });
  return { ...view, search: search ? { people: search.people, more: search.more } : null, searchProblem: null };
}

const dayField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("numero_de_control"), dia: dayField, numero_de_control: z.string().max(100).default("") }),
  z.object({ intent: z.literal("qr"), dia: dayField, codigo: z.string().max(2000).default("") }),
  z.object({ intent: z.literal("nombre"), dia: dayField, inscripcion: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("marcar"), dia: dayField, inscripcion: z.coerce.number().int().positive(), motivo: z.string().max(2000).default("") }),
  z.object({
    intent: z.literal("retirar"),
    dia: dayField,
    inscripcion: z.coerce.number().int().positive(),
    motivo: z.string().max(2000).default(""),
  }),
]);

type ActionAnswer = {
  intent: string;
  enrolmentId: number | null;
  done: CheckinDone | null;
  withdrawn: { name: string; day: string } | null;
  problem: Problem | null;
  values: Record<string, string>;
};

/** Check in (control number, QR, name), mark by hand or withdraw: one domain step each. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, staffAccess);
  const courseId = idParam(params.courseId);
  const form = Object.fromEntries([...(await request.formData())].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const answer = (status: number, fields: Partial<ActionAnswer>) =>
    data(
      { intent: form.intent ?? "", enrolmentId: null, done: null, withdrawn: null, problem: null, values: form, ...fields } satisfies ActionAnswer,
      { status },
    );
  const parsed = actionSchema.safeParse(form);
  if (!parsed.success) return answer(400, { problem: { form: ["No pudimos leer el formulario. Vuelva a intentarlo."], fields: {} } });
  const input = parsed.data;
  const ctx = staffContextOf(staff, context);
  if (input.intent === "retirar") {
    const outcome = await withdrawAttendance(db, ctx, { courseId, enrolmentId: input.inscripcion, day: input.dia, reason: input.motivo });
    if (!outcome.ok) return answer(outcome.status, { problem: outcome.problem, enrolmentId: input.inscripcion });
    return answer(200, { withdrawn: { name: outcome.name, day: outcome.day }, values: {} });
  }
  const outcome =
    input.intent === "marcar"
      ? await markAttendance(db, ctx, { courseId, enrolmentId: input.inscripcion, day: input.dia, reason: input.motivo })
      : await checkIn(db, ctx, {
          courseId,
          day: input.dia,
          lookup:
            input.intent === "qr"
              ? { by: "qr", token: input.codigo }
              : input.intent === "nombre"
                ? { by: "nombre", enrolmentId: input.inscripcion }
                : { by: "numero_de_control", controlNumber: input.numero_de_control },
        });
  if (!outcome.ok) return answer(outcome.status, { problem: outcome.problem, enrolmentId: "inscripcion" in input ? input.inscripcion : null });
  return answer(200, { done: outcome, values: {} });
}

function fieldMeta(name: string, id: string, answer: ActionAnswer | undefined, intent: string): FieldMeta {
  const mine = answer?.intent === intent;
  return {
    id,
    name,
    errorId: `${id}-error`,
    descriptionId: `${id}-hint`,
    errors: mine ? answer?.problem?.fields[name] : undefined,
    initialValue: mine ? answer?.values[name] : undefined,
  };
}

export default function Attendance() {
  const { course, day, q, counts, checkins, search, searchProblem } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const base = `/admin/cursos/${course.id}/asistencia`;
  const here = `${base}?dia=${day}${q ? `&q=${encodeURIComponent(q)}` : ""}`;
  const today = counts.days.find((entry) => entry.day === day);
  const controlMeta = fieldMeta("numero_de_control", "numero-de-control", answer, "numero_de_control");
  const searchMeta: FieldMeta = {
    id: "buscar-nombre",
    name: "q",
    errorId: "buscar-nombre-error",
    descriptionId: "buscar-nombre-hint",
    errors: searchProblem?.fields.q,
    initialValue: q,
  };
  return (
    <div className="container page staff-page attendance">
      <p>
        <Link to={`/admin/cursos/${course.id}`}>← {course.name}</Link>
      </p>
      <h1>Asistencia: {course.name}</h1>

      <Form method="get" action={base} className="attendance__day">
        <label htmlFor="dia">Día del curso</label>
        <select id="dia" name="dia" defaultValue={day}>
          {course.days.map((value) => (
            <option key={value} value={value}>
              {courseDayLabel(value)}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--secondary">
          Ver día
        </button>
      </Form>
      <p className="attendance__count" data-testid="attendance-count">
        <strong>{`${today?.registered ?? 0} registrados / ${counts.enrolled} inscritos`}</strong> {`el ${courseDayLabel(day)}`}
      </p>

      <CheckinAnswer answer={answer} />

      <section aria-labelledby="control-title" className="attendance__panel">
        <h2 id="control-title">Registrar entrada</h2>
        <div className="attendance__scanner" data-qr-scanner hidden>
          <button type="button" className="button" data-qr-start>
            Escanear código QR
          </button>
          <button type="button" className="button button--secondary" data-qr-stop hidden>
            Detener la cámara
          </button>
          <video data-qr-video muted playsInline hidden aria-label="Vista de la cámara para leer el código QR" />
          <p data-qr-status aria-live="polite" />
          <Form method="post" action={here} data-qr-form>
            <input type="hidden" name="intent" value="qr" />
            <input type="hidden" name="dia" value={day} />
            <input type="hidden" name="codigo" value="" data-qr-code />
          </Form>
        </div>
        <Form method="post" action={here} className="staff-form" noValidate>
          <input type="hidden" name="intent" value="numero_de_control" />
          <input type="hidden" name="dia" value={day} />
          <Field
            meta={controlMeta}
            label="Número de control"
            hint="El que aparece en el documento de acceso, por ejemplo HIMFGCURSOS70010000000042."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={100}
            required
          />
          <button type="submit" className="button">
            Registrar entrada
          </button>
        </Form>
      </section>

      <section aria-labelledby="name-title" className="attendance__panel">
        <h2 id="name-title">Buscar por nombre</h2>
        <Form method="get" action={base} className="staff-form" role="search">
          <input type="hidden" name="dia" value={day} />
          <Field
            meta={searchMeta}
            label="Nombre del participante"
            hint="Al menos tres letras; sin acentos también sirve."
            autoComplete="off"
            maxLength={100}
          />
          <button type="submit" className="button button--secondary">
            Buscar
          </button>
        </Form>
        {search ? <SearchResults people={search.people} more={search.more} day={day} action={here} answer={answer} /> : null}
      </section>

      <section aria-labelledby="day-title">
        <h2 id="day-title">Registrados el {courseDayLabel(day)}</h2>
        <DayList checkins={checkins} day={day} action={here} answer={answer} />
      </section>

      <section aria-labelledby="days-title">
        <h2 id="days-title">Resumen por día</h2>
        <StaffTable caption="Registrados / inscritos por día" columns={["Día", "Registrados / inscritos"]} hideCaption>
          {counts.days.map((entry) => (
            <tr key={entry.day}>
              <th scope="row">
                <Link to={`${base}?dia=${entry.day}`}>{courseDayLabel(entry.day)}</Link>
              </th>
              <td>{`${entry.registered} / ${counts.enrolled}`}</td>
            </tr>
          ))}
        </StaffTable>
        <p>
          Asistencia por día y por persona:{" "}
          <a href={`${base}/exportar?formato=csv`} download>
            descargar CSV
          </a>{" "}
          ·{" "}
          <a href={`${base}/exportar?formato=xlsx`} download>
            descargar Excel (XLSX)
          </a>
        </p>
      </section>
    </div>
  );
}

function CheckinAnswer({ answer }: { answer: ActionAnswer | undefined }) {
  if (!answer) return null;
  if (answer.problem) {
    const fieldIds: Record<string, string> = {
      numero_de_control: "numero-de-control",
      dia: "dia",
      motivo: `${answer.intent === "marcar" ? "marcar" : "retirar"}-motivo-${answer.enrolmentId ?? 0}`,
    };
    const errors = Object.entries(answer.problem.fields).flatMap(([name, messages]) =>
      messages.map((message) => ({ fieldId: fieldIds[name] ?? "numero-de-control", message })),
    );
    const title =
      answer.intent === "retirar"
        ? "No se retiró el registro"
        : answer.intent === "marcar"
          ? "No se marcó la asistencia"
          : "No se registró la entrada";
    return <ErrorSummary title={title} errors={errors} formErrors={answer.problem.form} focusKey={answer} />;
  }
  if (answer.withdrawn) {
    return (
      <div className="attendance__result" role="status">
        <p>
          Retiramos el registro de {answer.withdrawn.name} del {courseDayLabel(answer.withdrawn.day)}.
        </p>
      </div>
    );
  }
  if (!answer.done) return null;
  const { person, message, already } = answer.done;
  return (
    <div className={`attendance__result${already ? " attendance__result--already" : ""}`} role="status" data-testid="checkin-result">
      <p className="attendance__message">{message}</p>
      <p className="attendance__person">{person.name}</p>
      <p>
        {person.profileLabel} · {person.modalityLabel} · Inscripción {person.statusLabel.toLowerCase()}
      </p>
    </div>
  );
}

function SearchResults({
  people,
  more,
  day,
  action,
  answer,
}: {
  people: PersonWithCheckin[];
  more: boolean;
  day: string;
  action: string;
  answer: ActionAnswer | undefined;
}) {
  if (people.length === 0) return <p role="status">Nadie inscrito en este curso tiene ese nombre.</p>;
  return (
    <>
      <p role="status">
        {people.length === 1 ? "1 persona" : `${people.length} personas`}
        {more ? " (hay más: escriba más letras del nombre)" : ""}.
      </p>
      <ul className="attendance__people">
        {people.map((person) => {
          const motivo = fieldMeta(
            "motivo",
            `marcar-motivo-${person.enrolmentId}`,
            answer?.enrolmentId === person.enrolmentId ? answer : undefined,
            "marcar",
          );
          return (
            <li key={person.enrolmentId}>
              <p className="attendance__person">{person.name}</p>
              <p>
                {person.profileLabel} · {person.modalityLabel} · Inscripción {person.statusLabel.toLowerCase()}
                {person.checkedInAt ? ` · Registrado a las ${checkinTime(person.checkedInAt)}` : ""}
              </p>
              {person.checkedInAt ? null : (
                <>
                  <Form method="post" action={action}>
                    <input type="hidden" name="intent" value="nombre" />
                    <input type="hidden" name="dia" value={day} />
                    <input type="hidden" name="inscripcion" value={person.enrolmentId} />
                    <button type="submit" className="button">
                      Registrar entrada<span className="visually-hidden"> de {person.name}</span>
                    </button>
                  </Form>
                  <details className="attendance__correct" open={Boolean(motivo.errors?.length)}>
                    <summary>
                      Marcar a mano, con motivo<span className="visually-hidden"> ({person.name})</span>
                    </summary>
                    <Form method="post" action={action} className="staff-form" noValidate>
                      <input type="hidden" name="intent" value="marcar" />
                      <input type="hidden" name="dia" value={day} />
                      <input type="hidden" name="inscripcion" value={person.enrolmentId} />
                      <Field meta={motivo} label="Motivo" hint="Por ejemplo: asistió en línea a la sesión." maxLength={500} required />
                      <button type="submit" className="button button--secondary">
                        Marcar asistencia<span className="visually-hidden"> de {person.name}</span>
                      </button>
                    </Form>
                  </details>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

function DayList({
  checkins,
  day,
  action,
  answer,
}: {
  checkins: Awaited<ReturnType<typeof dayCheckins>>;
  day: string;
  action: string;
  answer: ActionAnswer | undefined;
}) {
  if (checkins.length === 0) return <p>Nadie se ha registrado este día.</p>;
  return (
    <ul className="attendance__people" data-testid="day-list">
      {checkins.map((checkin) => {
        const motivo = fieldMeta(
          "motivo",
          `retirar-motivo-${checkin.enrolmentId}`,
          answer?.enrolmentId === checkin.enrolmentId ? answer : undefined,
          "retirar",
        );
        return (
          <li key={checkin.id} className={checkin.removedAt ? "attendance__withdrawn" : undefined}>
            <p className="attendance__person">
              {checkin.name} <span className="staff-table__aside">({checkin.participantId})</span>
            </p>
            <p>
              {checkin.removedAt ? "Retirado" : `${checkinTime(checkin.checkedInAt)}`} · {checkin.methodLabel}
              {checkin.recordedBy ? ` · ${checkin.recordedBy}` : ""}
              {checkin.reason ? ` · Motivo: ${checkin.reason}` : ""}
            </p>
            {checkin.removedAt ? null : (
              <details className="attendance__correct" open={Boolean(motivo.errors?.length)}>
                <summary>
                  Retirar este registro<span className="visually-hidden"> ({checkin.name})</span>
                </summary>
                <Form method="post" action={action} className="staff-form" noValidate>
                  <input type="hidden" name="intent" value="retirar" />
                  <input type="hidden" name="dia" value={day} />
                  <input type="hidden" name="inscripcion" value={checkin.enrolmentId} />
                  <Field meta={motivo} label="Motivo" hint="Por ejemplo: se registró por error." maxLength={500} required />
                  <button type="submit" className="button button--secondary">
                    Retirar registro<span className="visually-hidden"> de {checkin.name}</span>
                  </button>
                </Form>
              </details>
            )}
          </li>
        );
      })}
    </ul>
  );
}
