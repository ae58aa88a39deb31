import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { DirectionsTree } from "~/components/directions-menu";
import { getDirectionsMenu } from "~/content/directions.server";
import { db } from "~/db.server";
import { deepPageMeta } from "~/utils/seo";
import type { PageHandle } from "~/enhance/page-handle";

/** Plain HTML plus the page script: nothing here needs React in the browser (decision 0027). */
export const handle: PageHandle = { hydrate: false };

const TITLE = "Direcciones y áreas del hospital";
const crumbs: Crumb[] = [{ label: "Direcciones", href: "/direcciones" }];

export const meta: MetaFunction = ({ matches }) =>
  deepPageMeta({
    title: TITLE,
    description: "Las direcciones del Hospital Infantil de México Federico Gómez con sus subdirecciones, departamentos, servicios y unidades.",
    path: "/direcciones",
    crumbs,
    matches,
  });

// The whole tree lives on this one page instead of in every page's header (issue 11: it was
// 42 KB of every document, twice, plus its copy in the loader data).
export async function loader() {
  return { directions: await getDirectionsMenu(db) };
}

export default function DirectionsPage() {
  const { directions } = useLoaderData<typeof loader>();
  return (
    <div className="container page directions-page">
      <Breadcrumbs items={crumbs} />
      <h1>{TITLE}</h1>
      <p>Cada dirección con las áreas que dependen de ella. Abra una subdirección para ver sus departamentos.</p>
      {directions.map((direction) => (
        <section key={direction.id} className="directions-page__section" aria-labelledby={`direccion-${direction.id}`}>
          <h2 id={`direccion-${direction.id}`}>
            <Link to={direction.href}>{direction.name}</Link>
          </h2>
          {direction.children.length > 0 ? <DirectionsTree items={direction.children} idPrefix={`d-${direction.id}`} /> : null}
        </section>
      ))}
    </div>
  );
}
