import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { staffAction } from "~/actions/pipeline.server";
import { courseDayLabel } from "~/completion/attendance";
import { attendanceIntents } from "~/completion/attendance-actions.server";
import { CheckinAnswer, DayList, fieldMeta, SearchResults, type AttendanceReply } from "~/completion/attendance-door";
import { attendanceCounts, attendanceCourse, chosenCourseDay, dayCheckins, searchCourseEnrolments } from "~/completion/attendance.server";
import { Field, type FieldMeta } from "~/components/forms";
import { StaffTable } from "~/components/staff-table";
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

/** Check in (control number, QR, name), mark by hand or withdraw: one pipeline intent each (the `intent` field). */
export const action = (args: ActionFunctionArgs) =>
  staffAction({ access: staffAccess, intents: attendanceIntents(idParam(args.params.courseId)) })(args);

export default function Attendance() {
  const { course, day, q, counts, checkins, search, searchProblem } = useLoaderData<typeof loader>();
  const answer = useActionData() as AttendanceReply | undefined;
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
