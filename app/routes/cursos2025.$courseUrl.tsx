import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getSessionUser } from "~/accounts/session.server";
import { EnrolmentNotice, replacesPurchase, type EnrolmentSummary } from "~/enrolment/enrolment-notice";
import { liveEnrolmentsFor } from "~/enrolment/enrolment.server";
import { getSettings } from "~/settings/settings.server";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { CATALOGUE_PATH, monthHref, MONTHS } from "~/courses/catalogue";
import {
  courseEntryPath,
  getCourseByUrl,
  getEnrolledCourseContent,
  toCourseCard,
  viewerFromSessionUser,
  type EnrolledCourseContent,
} from "~/courses/courses.server";
import { ChooseCourseForm, CourseFacts, programmePagePath } from "~/courses/course-ui";
import { db } from "~/db.server";
import { siteOrigin } from "~/config.server";
import { courseJsonLd } from "~/courses/structured-data";
import { getPublicFileType, publicFileUrl } from "~/files/files.server";
import { deepPageMeta, jsonLd } from "~/utils/seo";
import catalogueStyles from "~/styles/catalogue.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

function crumbs(card: { name: string; monthId: number }, path: string): Crumb[] {
  return [
    { label: "Enseñanza", href: "/ensenanza" },
    { label: "Oferta académica", href: monthHref(card.monthId) },
    { label: card.name, href: path },
  ];
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...deepPageMeta({
    title: data ? data.card.name : "Curso",
    description: data?.card.summary || "Curso de la oferta académica del Hospital Infantil de México Federico Gómez.",
    path: data?.path ?? CATALOGUE_PATH,
    crumbs: data ? crumbs(data.card, data.path) : [],
    matches,
    image: data?.ogImage ?? undefined,
  }),
  ...(data ? [jsonLd(data.structuredData)] : []),
];

/**
 * The course entry page. A participant with a confirmed enrolment sees the course content
 * (session links, video, materials, and the access data of the online modality); everyone else
 * gets the public summary and how to enrol. The private columns are read only for that participant.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const course = await getCourseByUrl(db, params.courseUrl ?? "");
  if (!course || !course.course_url) throw new Response(null, { status: 404 });
  const user = await getSessionUser(request);
  const viewer = viewerFromSessionUser(user);
  const enrolled = user ? await getEnrolledCourseContent(db, course.course_id, user.id) : null;
  const live = user ? (await liveEnrolmentsFor(db, user.id, [course.course_id])).get(course.course_id) : undefined;
  const enrolment: EnrolmentSummary | null = live && replacesPurchase(live.status) ? { id: live.id, status: live.status } : null;
  const settings = await getSettings(db);
  const contact = enrolment?.status === "suspendida" ? { phone: settings.phone, email: settings.email } : undefined;
  const path = courseEntryPath(course.course_url);
  const origin = siteOrigin();
  const imageUrl = course.course_image_file_id ? new URL(publicFileUrl(course.course_image_file_id), origin).href : null;
  // Social networks show only bitmap previews: an SVG course image falls back to the site's image.
  const imageType = course.course_image_file_id ? await getPublicFileType(db, course.course_image_file_id) : null;
  const ogImage = imageUrl && imageType && /^image\/(png|jpeg|webp|gif)$/.test(imageType) ? imageUrl : null;
  const structuredData = courseJsonLd(course, { pageUrl: new URL(path, origin).href, imageUrl, origin, settings });
  return { card: toCourseCard(course, viewer), path, signedIn: viewer.signedIn, enrolled, enrolment, contact, ogImage, structuredData };
}

export default function CourseEntry() {
  const { card, path, signedIn, enrolled, enrolment, contact } = useLoaderData<typeof loader>();
  const open = card.action.kind === "choose";
  return (
    <div className="container page course-page">
      <Breadcrumbs items={crumbs(card, path)} />
      <h1 id="course-title">{card.name}</h1>
      {card.summary ? <p className="catalogue__lead">{card.summary}</p> : null}
      <CourseFacts card={card} className="course-page__facts">
        {card.prices.map((price) => (
          <div key={price.label}>
            <dt>{card.prices.length > 1 ? `Precio ${price.label}` : price.label}</dt>
            <dd>{price.amount}</dd>
          </div>
        ))}
      </CourseFacts>
      <p className="course-page__calendar">
        {/* A plain link (not <Link>): the browser downloads the file, with or without JavaScript. */}
        <a href={`${path}.ics`} download={`${path.split("/").pop()}.ics`} aria-describedby="course-calendar-hint">
          Agregar a mi calendario
        </a>{" "}
        <span id="course-calendar-hint">las fechas de este curso y sus sesiones (archivo .ics).</span>
      </p>

      {enrolment ? (
        <section className="course-page__notice" aria-labelledby="your-enrolment">
          <h2 id="your-enrolment">Su inscripción</h2>
          <EnrolmentNotice enrolment={enrolment} contact={contact} />
        </section>
      ) : null}

      {enrolled ? <EnrolledContent content={enrolled} /> : null}

      {enrolled || enrolment ? null : (
        <section className="course-page__notice" aria-labelledby="how-to-enrol">
          <h2 id="how-to-enrol">Cómo inscribirse</h2>
          <p>Las ligas de las sesiones, el video y los materiales del curso están disponibles solo para participantes inscritos.</p>
          {open ? (
            <p>
              {signedIn
                ? "Para inscribirse, elija el curso y complete su compra o inscripción."
                : "Para inscribirse, elija el curso, cree su cuenta con sus documentos (o inicie sesión si ya la tiene) y complete su compra o inscripción."}
            </p>
          ) : (
            <p>Las inscripciones de este curso están cerradas. Consulte otros cursos en la oferta académica.</p>
          )}
          <ul className="course-page__actions">
            {open ? (
              <li>
                <ChooseCourseForm action={card.action} courseId={card.id} formAction={monthHref(card.monthId)} describedBy="course-title" />
              </li>
            ) : null}
            <li>
              <Link to={programmePagePath(card.id)}>Ver el programa</Link>
            </li>
            <li>
              <Link to={monthHref(card.monthId)}>Oferta académica de {MONTHS[card.monthId]}</Link>
            </li>
          </ul>
        </section>
      )}
    </div>
  );
}

const sessionDate = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: "UTC" });

function EnrolledContent({ content }: { content: EnrolledCourseContent }) {
  return (
    <section className="course-page__enrolled" aria-labelledby="course-content">
      <h2 id="course-content">Contenido del curso</h2>
      <p>Está inscrito en este curso ({content.modality === "presencial" ? "presencial" : "en línea"}).</p>
      {content.modality === "presencial" && content.venue ? <p>Sede: {content.venue}</p> : null}
      {content.onlineAccessUrl ? (
        <p>
          Acceso a la plataforma: <a href={content.onlineAccessUrl}>{content.onlineAccessUrl}</a>
          {content.coursePassword ? (
            <>
              {" "}
              · Contraseña del curso: <code>{content.coursePassword}</code>
            </>
          ) : null}
        </p>
      ) : null}
      {content.sessions.length > 0 ? (
        <>
          <h3>Sesiones</h3>
          <ul>
            {content.sessions.map((session) => (
              <li key={session.title}>
                {session.url ? <a href={session.url}>{session.title}</a> : session.title}
                {session.date ? ` — ${sessionDate.format(new Date(`${session.date}T12:00:00Z`))}` : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {content.videoUrl ? (
        <p>
          <a href={content.videoUrl}>Video de bienvenida</a>
        </p>
      ) : null}
      {content.materials.length > 0 ? (
        <>
          <h3>Materiales</h3>
          <ul>
            {content.materials.map((material) => (
              <li key={material.url}>
                <a href={material.url}>{material.title}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
