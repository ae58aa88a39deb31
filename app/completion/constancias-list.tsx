import { CONSTANCIA_KIND_LABELS, constanciaPdfPath } from "./constancia-folio";

/** What /profile lists of a participant's constancias (ConstanciaFacts, trimmed for the page). */
export interface OwnConstancia {
  folio: string;
  kind: keyof typeof CONSTANCIA_KIND_LABELS;
  courseName: string;
}

/** /profile's «Mis constancias»: one PDF link per standing constancia; nothing when there is none. */
export function ConstanciasSection({ constancias }: { constancias: readonly OwnConstancia[] }) {
  if (constancias.length === 0) return null;
  return (
    <section aria-labelledby="mis-constancias" className="container page">
      <h2 id="mis-constancias">Mis constancias</h2>
      <ul>
        {constancias.map((constancia) => (
          <li key={constancia.folio}>
            {CONSTANCIA_KIND_LABELS[constancia.kind]} — {constancia.courseName} (folio {constancia.folio}):{" "}
            <a href={constanciaPdfPath(constancia.folio)} download>
              descargar PDF<span className="visually-hidden"> de la constancia de {constancia.courseName}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
