import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/accounts/session.server";
import { checkinTime } from "~/completion/attendance";
import { openCourseAccess } from "~/completion/attendance.server";
import { formatCalendarDate } from "~/courses/catalogue";
import { db } from "~/db.server";
import type { PageHandle } from "~/enhance/page-handle";
import attendanceStyles from "~/styles/attendance.css";
import { privatePageMeta } from "~/utils/seo";

/** Plain HTML: nothing on this page needs React in the browser (decision 0027). */
export const handle: PageHandle = { hydrate: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: attendanceStyles }];

// The course password: never stored by a shared cache or the back-forward cache.
export { passCacheControl as headers } from "~/utils/cache-control";

export const meta = privatePageMeta({
  title: "Mi curso",
  description: "El acceso y el contenido de un curso en el que está inscrito.",
  path: "/profile",
});

/**
 * The course page of a participant's confirmed enrolment (issue 25): the online access address
 * and password, and the course's content. Only its owner, confirmed, sees it (404 otherwise).
 * Opened by an online participant during the course dates, it records that day's attendance.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = params.enrolmentId ?? "";
  const headers = { "Cache-Control": "private, no-store" };
  if (!/^\d{1,12}$/.test(id)) throw new Response("No encontrado", { status: 404, headers });
  const outcome = await openCourseAccess(db, user.id, Number(id));
  if (!outcome.ok) throw new Response("No encontrado", { status: 404, headers });
  return data(outcome, { headers });
}

const sessionDate = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: "UTC" });

export default function CourseAccess() {
  const { enrolmentId, course, modality, content, attendance } = useLoaderData<typeof loader>();
  return (
    <div className="container page course-access">
      <p>
        <Link to="/profile">← Mi perfil</Link>
      </p>
      <h1>{course.name}</h1>
      <p>
        Del {formatCalendarDate(course.startDate)} al {formatCalendarDate(course.finishDate)} ·{" "}
        {modality === "presencial" ? "Presencial" : "En línea"}
      </p>
      {attendance ? (
        <p className="attendance__result" role="status" data-testid="online-attendance">
          {attendance.recordedNow ? "Registramos su asistencia de hoy" : "Su asistencia de hoy ya está registrada"} (a las{" "}
          {checkinTime(attendance.checkedInAt)}).
        </p>
      ) : null}
      {modality === "presencial" && content.venue ? <p>Sede: {content.venue}</p> : null}
      {content.onlineAccessUrl || content.coursePassword ? (
        <section aria-labelledby="access-title">
          <h2 id="access-title">Acceso en línea</h2>
          <dl>
            {content.onlineAccessUrl ? (
              <>
                <dt>Dirección de la plataforma</dt>
                <dd>
                  <a href={content.onlineAccessUrl}>{content.onlineAccessUrl}</a>
                </dd>
              </>
            ) : null}
            {content.coursePassword ? (
              <>
                <dt>Contraseña del curso</dt>
                <dd>
                  <code>{content.coursePassword}</code>
                </dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}
      {content.sessions.length > 0 ? (
        <section aria-labelledby="sessions-title">
          <h2 id="sessions-title">Sesiones</h2>
          <ul>
            {content.sessions.map((session, index) => (
              <li key={index}>
                {session.url ? <a href={session.url}>{session.title}</a> : session.title}
                {session.date && /^\d{4}-\d{2}-\d{2}$/.test(session.date) ? ` — ${sessionDate.format(new Date(`${session.date}T12:00:00Z`))}` : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {content.videoUrl ? (
        <p>
          <a href={content.videoUrl}>Video de bienvenida</a>
        </p>
      ) : null}
      {content.materials.length > 0 ? (
        <section aria-labelledby="materials-title">
          <h2 id="materials-title">Materiales</h2>
          <ul>
            {content.materials.map((material) => (
              <li key={material.url}>
                <a href={material.url}>{material.title}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <a href={`/payment/acceso/${enrolmentId}.pdf`}>Descargar el documento de acceso (PDF)</a>
      </p>
    </div>
  );
}
