import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { clearChosenCourse, getSessionUser, setChosenCourse } from "~/accounts/session.server";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { Pagination, requestedPage } from "~/components/pagination";
import { CATALOGUE_PATH, cardAction, cataloguePageHref, currentMonthInMexicoCity, monthHref, MONTHS, parseMonthParam } from "~/courses/catalogue";
import { findChoosableCourse, listCoursesByMonthPage, toCourseCard, viewerFromSessionUser, type CourseCard } from "~/courses/courses.server";
import { ChooseCourseForm, CourseFacts, ProgrammeDialog, ProgrammeTrigger } from "~/courses/course-ui";
import { parseChooseCourse } from "~/courses/choose-course.server";
import { PROFILE_LABELS, priceForProfile } from "~/courses/pricing";
import { db } from "~/db.server";
import { EnrolmentNotice, replacesPurchase, type EnrolmentSummary } from "~/enrolment/enrolment-notice";
import { liveEnrolmentsFor } from "~/enrolment/enrolment.server";
import { deepPageMeta } from "~/utils/seo";
import catalogueStyles from "~/styles/catalogue.css";
import { redirectWithToast } from "~/utils/toast.server";
import type { PageHandle } from "~/enhance/page-handle";

/** Plain HTML plus the page script (the programme dialog): no React in the browser (decision 0027). */
export const handle: PageHandle = { hydrate: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

const CRUMBS: Crumb[] = [
  { label: "Enseñanza", href: "/ensenanza" },
  { label: "Oferta académica", href: CATALOGUE_PATH },
];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  deepPageMeta({
    title: data ? `Oferta académica: cursos de ${MONTHS[data.month]}` : "Oferta académica",
    description:
      "Cursos, diplomados y talleres de educación médica continua del Hospital Infantil de México Federico Gómez, presenciales y en línea, por mes.",
    path: data?.requestedMonth != null ? cataloguePageHref(data.requestedMonth, data.page) : CATALOGUE_PATH,
    crumbs: CRUMBS,
    matches,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const requestedMonth = parseMonthParam(params.get("mes"));
  // The month of Mexico City, not of the server's clock: the catalogue is Mexican.
  const currentMonth = currentMonthInMexicoCity();
  const month = requestedMonth ?? currentMonth;
  const user = await getSessionUser(request);
  const viewer = viewerFromSessionUser(user);
  const { courses, total, page, pageCount } = await listCoursesByMonthPage(db, month, requestedPage(params.get("pagina")));
  // A participant already enrolled (or in review) sees that instead of "Comprar".
  const live = user
    ? await liveEnrolmentsFor(
        db,
        user.id,
        courses.map((course) => course.course_id),
      )
    : new Map();
  const enrolments: Record<number, EnrolmentSummary> = {};
  for (const [courseId, enrolment] of live)
    if (replacesPurchase(enrolment.status)) enrolments[courseId] = { id: enrolment.id, status: enrolment.status };
  // Back in the catalogue, the visitor has left the enrolment flow: forget the chosen course.
  const clearCookie = await clearChosenCourse(request);
  return data(
    {
      month,
      requestedMonth,
      currentMonth,
      viewerProfile: viewer.signedIn ? PROFILE_LABELS[viewer.profile] : null,
      cards: courses.map((course) => toCourseCard(course, viewer)),
      total,
      page,
      pageCount,
      enrolments,
    },
    clearCookie ? { headers: { "Set-Cookie": clearCookie } } : undefined,
  );
}

/**
 * Choosing a course: the form sends only the course id. The server checks the course exists and
 * is open, remembers it in the session, and sends the visitor where the card's button says
 * (/register when anonymous, /payment when signed in) with a 303.
 */
export async function action({ request }: ActionFunctionArgs) {
  const courseId = parseChooseCourse(await request.formData());
  if (courseId === null) throw new Response("Solicitud no válida", { status: 400 });
  const outcome = await findChoosableCourse(db, courseId);
  if (!outcome.ok) throw new Response(null, { status: outcome.status });
  if (!outcome.open) {
    return redirectWithToast(monthHref(outcome.course.month_id), {
      type: "error",
      description: "Las inscripciones de este curso están cerradas. Elija otro curso de la oferta académica.",
    });
  }
  const viewer = viewerFromSessionUser(await getSessionUser(request));
  const choice = cardAction({
    price: priceForProfile(outcome.course, viewer.signedIn ? viewer.profile : "EXTERNO"),
    open: true,
    signedIn: viewer.signedIn,
  });
  if (choice.kind !== "choose") throw new Error("An open course always has a card action");
  const cookie = await setChosenCourse(request, outcome.course.course_id);
  return redirect(choice.target, { status: 303, headers: { "Set-Cookie": cookie } });
}

export default function CourseCatalogue() {
  const { month, currentMonth, viewerProfile, cards, enrolments, total, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <div className="container page catalogue">
      <Breadcrumbs items={CRUMBS} />
      <h1>Oferta académica</h1>
      <p className="catalogue__lead">
        Cursos, diplomados y talleres de educación médica continua para profesionales y estudiantes de la salud, presenciales y en línea. Elija un mes
        para ver sus cursos.
      </p>
      <p className="catalogue__calendar">
        {/* A plain link (not <Link>): the browser downloads the file, with or without JavaScript. */}
        <a href="/ensenanza/offer.ics" download="oferta-academica-himfg.ics">
          Agregar a mi calendario
        </a>{" "}
        todos los cursos con inscripción abierta (archivo .ics para Google Calendar, Outlook o Calendario de Apple).
      </p>
      <nav aria-label="Meses del año" className="month-bar">
        <ul className="month-bar__list">
          {MONTHS.map((name, id) => (
            <li key={name}>
              <Link
                to={monthHref(id)}
                preventScrollReset
                className="month-bar__link"
                aria-current={id === month ? "page" : undefined}
                aria-describedby={id === currentMonth ? "current-month-note" : undefined}
                data-current-month={id === currentMonth || undefined}
              >
                {name}
              </Link>
            </li>
          ))}
        </ul>
        <span id="current-month-note" className="visually-hidden">
          Mes en curso
        </span>
      </nav>

      <section aria-labelledby="catalogue-month-title" className="catalogue__month">
        <h2 id="catalogue-month-title">Cursos de {MONTHS[month]}</h2>
        {/* The month's course count, for screen readers arriving on the page. */}
        <p className="visually-hidden" role="status">
          {total === 1 ? `1 curso en ${MONTHS[month]}` : `${total} cursos en ${MONTHS[month]}`}
          {pageCount > 1 ? `, página ${page} de ${pageCount}` : ""}
        </p>
        <p className="catalogue__pricing-note">
          {viewerProfile ? (
            <>
              Los precios corresponden a su perfil: <strong>{viewerProfile}</strong>.
            </>
          ) : (
            <>
              Los precios dependen de su perfil (Personal HIMFG, Estudiante o Externo). <Link to="/userlogin">Inicie sesión</Link> para ver el suyo.
            </>
          )}
        </p>
        {cards.length === 0 ? (
          <p className="catalogue__empty">No hay cursos programados en {MONTHS[month]}. Consulte otro mes.</p>
        ) : (
          <ul className="course-grid">
            {cards.map((card) => (
              <li key={card.id}>
                <CourseCardView card={card} enrolment={enrolments[card.id]} formAction={monthHref(month)} />
              </li>
            ))}
          </ul>
        )}
        <Pagination label={`Páginas de cursos de ${MONTHS[month]}`} page={page} pageCount={pageCount} hrefFor={(n) => cataloguePageHref(month, n)} />
      </section>
      <ProgrammeDialog />
    </div>
  );
}

function CourseCardView({ card, enrolment, formAction }: { card: CourseCard; enrolment: EnrolmentSummary | undefined; formAction: string }) {
  const titleId = `curso-${card.id}`;
  return (
    <article className="course-card" aria-labelledby={titleId} data-course-id={card.id}>
      {card.imageUrl ? (
        <img className="course-card__image" src={card.imageUrl} alt="" width={600} height={300} loading="lazy" decoding="async" />
      ) : null}
      <div className="course-card__body">
        <h3 id={titleId} className="course-card__title">
          {card.name}
        </h3>
        {card.summary ? <p className="course-card__summary">{card.summary}</p> : null}
        <CourseFacts card={card} className="course-card__facts" />
        <dl className="course-card__prices">
          {card.prices.map((price) => (
            <div key={price.label}>
              <dt>{price.label}</dt>
              <dd>{price.amount}</dd>
            </div>
          ))}
        </dl>
        <div className="course-card__actions">
          <ProgrammeTrigger programme={card.programme} describedBy={titleId} />
          {enrolment ? null : <ChooseCourseForm action={card.action} courseId={card.id} formAction={formAction} describedBy={titleId} />}
        </div>
        {enrolment ? <EnrolmentNotice enrolment={enrolment} /> : null}
      </div>
    </article>
  );
}
