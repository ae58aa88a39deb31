import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { staffAction, staffIntent } from "~/actions/pipeline.server";
import { StaffTable } from "~/components/staff-table";
import { getAdminCourse } from "~/courses/course-admin.server";
import { db } from "~/db.server";
import { listWaitlist, reorderWaitlist, saveWaitlistSettings, WAITLIST_OFFER_HOURS_DEFAULT, waitlistSettings } from "~/enrolment/waitlist.server";
import { staffAccessOf } from "~/staff/access-registry";
import { requireStaff } from "~/staff/guard.server";
import { idParam } from "~/staff/teaching/route-helpers.server";
import teachingStyles from "~/styles/teaching.css";
import { formatMexicoCityDateTime } from "~/utils/mexico-city";
import { redirectWithToast } from "~/utils/toast.server";

/** A course's waitlist for the Teaching office: the line in order, moving someone with a reason, closing the line. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];
export const staffAccess = staffAccessOf("routes/admin.cursos.$courseId.lista-de-espera");

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Lista de espera: ${data?.course.name ?? "curso"} | Área del personal | HIMFG` },
];

const STATUS_LABELS = {
  en_espera: "En espera",
  ofrecido: "Lugar ofrecido",
  reclamado: "Tomó el lugar",
  vencido: "Oferta vencida",
  retirado: "Salió de la lista",
} as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const courseId = idParam(params.courseId);
  const course = await getAdminCourse(db, courseId);
  if (!course) throw new Response("No encontrado", { status: 404 });
  const rows = await listWaitlist(db, courseId);
  return {
    course: { id: course.course_id, name: course.course_name, capacity: course.course_max_range },
    settings: await waitlistSettings(db, courseId),
    defaultHours: WAITLIST_OFFER_HOURS_DEFAULT,
    rows: rows.map((row) => ({
      ...row,
      joinedAt: formatMexicoCityDateTime(row.joinedAt),
      offerExpiresAt: row.offerExpiresAt ? formatMexicoCityDateTime(row.offerExpiresAt) : null,
    })),
  };
}

const reorderSchema = z.object({
  entry: z.number({ error: "Elija a la persona." }).int(),
  position: z.number({ error: "Escriba el nuevo lugar en la fila." }).int("Escriba un número entero."),
  reason: z
    .string({ error: "Escriba el motivo del cambio." })
    .trim()
    .min(3, "Escriba el motivo del cambio.")
    .max(500, "El motivo es demasiado largo (máximo 500 caracteres)."),
});
const settingsSchema = z.object({
  closed: z.enum(["0", "1"], { error: "Elija si la lista está abierta o cerrada." }),
  offer_hours: z
    .number({ error: "Escriba las horas." })
    .int("Escriba un número entero de horas.")
    .min(1, "Al menos 1 hora.")
    .max(168, "A lo más 168 horas (7 días).")
    .optional(),
});

const pathOf = (args: ActionFunctionArgs) => `/admin/cursos/${idParam(args.params.courseId)}/lista-de-espera`;

export const action = (args: ActionFunctionArgs) =>
  staffAction({
    access: staffAccess,
    intents: {
      mover: staffIntent({
        schema: reorderSchema,
        step: (ctx, { value, args }) =>
          reorderWaitlist(db, ctx, { courseId: idParam(args.params.courseId), entryId: value.entry, position: value.position, reason: value.reason }),
        done: (outcome, { args }) =>
          redirectWithToast(pathOf(args), { type: "success", description: `Movimos a la persona al lugar ${outcome.position}.` }),
      }),
      ajustes: staffIntent({
        schema: settingsSchema,
        step: (ctx, { value, args }) =>
          saveWaitlistSettings(db, ctx, {
            courseId: idParam(args.params.courseId),
            closed: value.closed === "1",
            offerHours: value.offer_hours ?? null,
          }),
        done: (outcome, { args }) =>
          redirectWithToast(pathOf(args), {
            type: "success",
            description: outcome.closed ? "La lista de espera quedó cerrada." : "Guardamos los ajustes de la lista de espera.",
          }),
      }),
    },
  })(args);

export default function CourseWaitlistAdmin() {
  const { course, settings, defaultHours, rows } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const result = actionData && "result" in actionData ? actionData.result : null;
  const errors = result?.error
    ? Object.values(result.error)
        .flat()
        .filter((message): message is string => typeof message === "string")
    : [];
  const path = `/admin/cursos/${course.id}/lista-de-espera`;
  const waiting = rows.filter((row) => row.status === "en_espera");
  return (
    <div className="container page staff-page">
      <p>
        <Link to={`/admin/cursos/${course.id}/inscripciones`}>← Inscripciones</Link>
      </p>
      <h1>Lista de espera: {course.name}</h1>
      <p>
        Cupo presencial: {course.capacity}. Cuando se libera un lugar, la primera persona en espera recibe un correo con un enlace que se lo aparta{" "}
        {settings.offerHours} horas; si no lo usa, pasa a la siguiente.
      </p>
      {errors.length > 0 ? (
        <div role="alert" className="form-errors">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      {rows.length > 0 ? (
        <StaffTable
          caption={<>{rows.length === 1 ? "1 persona" : `${rows.length} personas`} en la lista (en orden)</>}
          columns={["Lugar", "Participante", "Estado", "Se unió", "Oferta hasta"]}
        >
          {rows.map((row) => (
            <tr key={row.entryId}>
              <td>{row.status === "en_espera" ? waiting.findIndex((entry) => entry.entryId === row.entryId) + 1 : "—"}</td>
              <th scope="row">
                <Link to={`/admin/estudiantes/${row.participantId}`}>{row.name}</Link> <span className="staff-table__aside">({row.email})</span>
              </th>
              <td>{STATUS_LABELS[row.status]}</td>
              <td>{row.joinedAt}</td>
              <td>{row.offerExpiresAt ?? "—"}</td>
            </tr>
          ))}
        </StaffTable>
      ) : (
        <p>Nadie está en la lista de espera.</p>
      )}

      {waiting.length > 1 ? (
        <section aria-labelledby="move-title">
          <h2 id="move-title">Mover a una persona en la fila</h2>
          <Form method="post" action={path} className="staff-form">
            <input type="hidden" name="intent" value="mover" />
            <label htmlFor="waitlist-entry">Persona</label>
            <select id="waitlist-entry" name="entry" required>
              {waiting.map((row, index) => (
                <option key={row.entryId} value={row.entryId}>
                  {index + 1}. {row.name}
                </option>
              ))}
            </select>
            <label htmlFor="waitlist-position">Nuevo lugar (1 = la siguiente)</label>
            <input id="waitlist-position" name="position" type="number" inputMode="numeric" min={1} max={waiting.length} required />
            <label htmlFor="waitlist-reason">Motivo (queda en la bitácora)</label>
            <input id="waitlist-reason" name="reason" maxLength={500} required />
            <button type="submit" className="button">
              Mover
            </button>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="settings-title">
        <h2 id="settings-title">Ajustes</h2>
        <Form method="post" action={path} className="staff-form">
          <input type="hidden" name="intent" value="ajustes" />
          <fieldset>
            <legend>Nuevas personas en la lista</legend>
            <label>
              <input type="radio" name="closed" value="0" defaultChecked={!settings.closed} /> Abierta
            </label>
            <label>
              <input type="radio" name="closed" value="1" defaultChecked={settings.closed} /> Cerrada (quienes ya esperan conservan su lugar)
            </label>
          </fieldset>
          <label htmlFor="waitlist-hours">Horas que se aparta el lugar ofrecido (vacío: {defaultHours})</label>
          <input
            id="waitlist-hours"
            name="offer_hours"
            type="number"
            inputMode="numeric"
            min={1}
            max={168}
            defaultValue={settings.offerHours === defaultHours ? "" : settings.offerHours}
          />
          <button type="submit" className="button">
            Guardar ajustes
          </button>
        </Form>
      </section>
    </div>
  );
}
