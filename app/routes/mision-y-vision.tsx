import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { documentStylesHref } from "~/components/document-groups";
import { deepPageMeta } from "~/utils/seo";
import type { PageHandle } from "~/enhance/page-handle";

/** Plain HTML plus the page script: nothing here needs React in the browser (decision 0027). */
export const handle: PageHandle = { hydrate: false };

const TITLE = "Misión y visión";
const crumbs: Crumb[] = [{ label: TITLE, href: "/mision-y-vision" }];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: documentStylesHref }];

export const meta: MetaFunction = ({ matches }) =>
  deepPageMeta({
    title: TITLE,
    description:
      "Misión y visión del Hospital Infantil de México Federico Gómez: atención pediátrica de alta especialidad, formación de profesionales e investigación, hacia un modelo de atención cuaternaria en un entorno Cero Daño.",
    path: "/mision-y-vision",
    crumbs,
    matches,
  });

export default function MissionAndVisionPage() {
  return (
    <div className="container page doc-page">
      <Breadcrumbs items={crumbs} />
      <h1>{TITLE}</h1>
      <section className="statement" aria-labelledby="mision">
        <h2 id="mision">Misión</h2>
        <p>
          Cuidar la salud de niñas, niños y adolescentes de todo México con atención médica de alta especialidad, segura, humana y basada en la mejor
          evidencia; formar a las y los profesionales de la salud que la infancia del país necesita, y generar conocimiento científico que se traduzca
          en mejores diagnósticos, tratamientos y políticas de salud.
        </p>
        <p>
          Lo hacemos con un equipo multidisciplinario que acompaña a cada paciente y a su familia desde la primera consulta hasta su recuperación, con
          respeto a sus derechos y sin distinción alguna.
        </p>
      </section>
      <section className="statement" aria-labelledby="vision">
        <h2 id="vision">Visión</h2>
        <p>
          Ser la institución de referencia del país en un modelo de atención pediátrica cuaternaria: medicina de alta complejidad que integra la
          asistencia, la enseñanza y la investigación para resolver los padecimientos que otros hospitales no pueden atender.
        </p>
        <p>
          Queremos lograrlo en un entorno <Link to="/dano-cero">Cero Daño</Link>, donde la seguridad del paciente guía cada decisión, el personal
          trabaja con orgullo y satisfacción, los procesos son eficientes y los recursos públicos se administran con transparencia.
        </p>
      </section>
    </div>
  );
}
