import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { CATALOGUE_PATH, monthHref, MONTHS } from "~/courses/catalogue";
import { getCourseById, programmeView } from "~/courses/courses.server";
import { ProgrammeContent, programmePagePath } from "~/courses/course-ui";
import { db } from "~/db.server";
import { deepPageMeta } from "~/utils/seo";
import catalogueStyles from "~/styles/catalogue.css";
import type { PageHandle } from "~/enhance/page-handle";

/** Plain HTML plus the page script: nothing here needs React in the browser (decision 0027). */
export const handle: PageHandle = { hydrate: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

function crumbs(data: { programme: { courseId: number; courseName: string }; monthId: number }): Crumb[] {
  return [
    { label: "Enseñanza", href: "/ensenanza" },
    { label: "Oferta académica", href: monthHref(data.monthId) },
    { label: `Programa: ${data.programme.courseName}`, href: programmePagePath(data.programme.courseId) },
  ];
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  deepPageMeta({
    title: data ? `Programa: ${data.programme.courseName}` : "Programa del curso",
    description: data
      ? `Programa del curso ${data.programme.courseName} de la oferta académica del Hospital Infantil de México Federico Gómez.`
      : "Programa de un curso de la oferta académica del Hospital Infantil de México Federico Gómez.",
    path: data ? programmePagePath(data.programme.courseId) : CATALOGUE_PATH,
    crumbs: data ? crumbs(data) : [],
    matches,
  });

/** The programme as a page: what the catalogue's dialog shows, for visits without JavaScript. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = /^\d{1,9}$/.test(params.courseId ?? "") ? Number(params.courseId) : null;
  const course = id === null ? undefined : await getCourseById(db, id);
  if (!course) throw new Response(null, { status: 404 });
  return { programme: programmeView(course), monthId: course.month_id };
}

export default function ProgrammePage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container page course-page">
      <Breadcrumbs items={crumbs(data)} />
      <h1>Programa: {data.programme.courseName}</h1>
      <ProgrammeContent programme={data.programme} />
      <p>
        <Link to={monthHref(data.monthId)}>Volver a la oferta académica de {MONTHS[data.monthId]}</Link>
      </p>
    </div>
  );
}
