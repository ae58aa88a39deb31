import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { institutionalLinks } from "~/components/information-page";
import { RichText } from "~/components/rich-text";
import { getResearchUnit, parseResearchUnitId } from "~/content/department-pages.server";
import { IMAGE_FRAMES } from "~/content/image-frames";
import { db } from "~/db.server";
import { deepPageMeta } from "~/utils/seo";
import type { PageHandle } from "~/enhance/page-handle";

/** Plain HTML plus the page script: nothing here needs React in the browser (decision 0027). */
export const handle: PageHandle = { hydrate: false };

// /investigadores/{number}: a research unit or laboratory (the seed publishes 1 to 15).
export async function loader({ params }: LoaderFunctionArgs) {
  const id = parseResearchUnitId(params.id);
  const unit = id === null ? null : await getResearchUnit(db, id);
  if (!unit) throw new Response(null, { status: 404 });
  return { unit };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "Página no encontrada | HIMFG" }, { name: "robots", content: "noindex" }];
  const { unit } = data;
  return deepPageMeta({ title: unit.name, description: unit.summary, path: unit.path, crumbs: unit.breadcrumbs, matches });
};

export const links = institutionalLinks;

const kindLabel = {
  unidad: "Unidad de investigación",
  laboratorio: "Laboratorio de investigación",
  servicio: "Servicio de apoyo a la investigación",
} as const;

export default function ResearchUnitPage() {
  const { unit } = useLoaderData<typeof loader>();
  const { content } = IMAGE_FRAMES;
  return (
    <div className="container page unit-page">
      <Breadcrumbs items={unit.breadcrumbs} />
      <p className="unit-page__kind">{kindLabel[unit.kind]}</p>
      <h1>{unit.name}</h1>
      {unit.nameIsIllustrative ? (
        <p className="notice">
          Nombre ilustrativo: el sitio institucional no publica qué unidad corresponde a este número, por lo que este contenido de demostración usa el
          nombre de una unidad real del instituto.
        </p>
      ) : null}
      <p className="unit-page__summary">{unit.summary}</p>
      <div className="split">
        <div>
          <RichText html={unit.content} />
          {unit.linesOfWork.length > 0 ? (
            <section aria-labelledby="lineas">
              <h2 id="lineas">Líneas de investigación</h2>
              <ul>
                {unit.linesOfWork.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
          ) : null}
          {unit.head ? (
            <p>
              <strong>Responsable:</strong> {unit.head.name}
              {unit.head.grade ? `, ${unit.head.grade}` : ""}
            </p>
          ) : null}
        </div>
        {unit.image ? <img className="split__image" src={unit.image.url} alt={unit.image.alt} width={content.width} height={content.height} /> : null}
      </div>
      <p>
        <Link to="/direccion/investigacion">Ver todas las unidades y laboratorios de la Dirección de Investigación</Link>
      </p>
    </div>
  );
}
