import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { CONSTANCIA_KIND_LABELS, constanciaVerificationPath } from "~/completion/constancia-folio";
import { getConstanciaForVerification } from "~/completion/constancia-view.server";
import { TranscriptVerification } from "~/completion/transcript-verification";
import { transcriptVerificationView } from "~/completion/transcript.server";
import { formatCourseDates } from "~/enrolment/access-document.server";
import { db } from "~/db.server";
import type { PageHandle } from "~/enhance/page-handle";
import paymentStyles from "~/styles/payment.css";
import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";
import { pageMeta, rootOrigin } from "~/utils/seo";

/** Plain HTML: nothing here needs React in the browser (decision 0027). */
export const handle: PageHandle = { hydrate: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentStyles }];

/** Never kept by a cache (a revocation shows at once) nor indexed. */
const HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const out = new Headers();
  for (const name of ["Cache-Control", "X-Robots-Tag"]) {
    const value = loaderHeaders.get(name);
    if (value) out.set(name, value);
  }
  return out;
};

/**
 * /verificar/constancia/{folio}, the page the constancia's QR code opens (decision 0052): what the
 * constancia itself shows and its state, válida, revocada (with the date; the reason stays
 * private) or reemplazada (with the new folio). An unknown folio answers 404 with a page that says
 * the constancia does not exist.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const annual = await transcriptVerificationView(db, params.folio ?? ""); // an "A-" folio: a yearly transcript (decision 0054)
  if (annual) return data({ annual }, { headers: HEADERS });
  const constancia = await getConstanciaForVerification(db, params.folio ?? "");
  if (!constancia) return data({ constancia: null }, { status: 404, headers: HEADERS });
  return data({ constancia }, { headers: HEADERS });
}

export const meta: MetaFunction<typeof loader> = ({ matches, params }) =>
  pageMeta({
    title: "Verificación de constancia",
    description: "Verificación de una constancia de un curso del Hospital Infantil de México Federico Gómez.",
    path: constanciaVerificationPath(params.folio ?? ""),
    origin: rootOrigin(matches),
    noindex: true,
  });

const dateFormat = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: MEXICO_CITY_TIME_ZONE });

export default function VerifyConstancia() {
  const loaded = useLoaderData<typeof loader>();
  if ("annual" in loaded) return <TranscriptVerification transcript={loaded.annual} />;
  const { constancia } = loaded;
  if (!constancia) {
    return (
      <div className="container page">
        <h1>Verificación de constancia</h1>
        <p className="verification__status verification__status--invalid" role="status">
          No existe una constancia con este folio
        </p>
        <p>
          El Hospital Infantil de México Federico Gómez no emitió ninguna constancia con este folio. Revise que la dirección esté completa; si la
          constancia la presentó una persona, puede tratarse de un documento alterado.
        </p>
        <p>Para cualquier aclaración, comuníquese con la Dirección de Enseñanza.</p>
      </div>
    );
  }
  const valid = constancia.state === "valida";
  return (
    <div className="container page">
      <h1>Verificación de constancia</h1>
      <p
        className={valid ? "verification__status" : "verification__status verification__status--invalid"}
        role="status"
        data-testid="constancia-state"
      >
        {constancia.state === "valida" ? "Constancia válida" : null}
        {constancia.state === "revocada" ? `Constancia revocada el ${dateFormat.format(new Date(constancia.revokedAt))}: ya no es válida` : null}
        {constancia.state === "reemplazada" ? "Constancia reemplazada: ya no es válida" : null}
      </p>
      {constancia.state === "reemplazada" ? (
        <p>
          Fue sustituida por la constancia con folio <a href={constanciaVerificationPath(constancia.replacedBy)}>{constancia.replacedBy}</a>.
        </p>
      ) : null}
      <dl className="verification__facts">
        <Fact term="Folio">{constancia.folio}</Fact>
        <Fact term="Tipo">{CONSTANCIA_KIND_LABELS[constancia.kind]}</Fact>
        <Fact term="Otorgada a">{constancia.participantName}</Fact>
        <Fact term="Curso">{constancia.courseName}</Fact>
        <Fact term="Fechas">{formatCourseDates(constancia.startDate, constancia.finishDate)}</Fact>
        <Fact term="Duración">{`${constancia.hours} ${constancia.hours === 1 ? "hora" : "horas"}`}</Fact>
        {constancia.kind === "acreditacion" && constancia.grade !== null ? <Fact term="Calificación">{`${constancia.grade} de 100`}</Fact> : null}
        {constancia.signatories.length > 0 ? (
          <Fact term="Firmada por">{constancia.signatories.map((signatory) => `${signatory.name} (${signatory.title})`).join("; ")}</Fact>
        ) : null}
        <Fact term="Emitida el">{dateFormat.format(new Date(constancia.issuedAt))}</Fact>
      </dl>
      <p>
        Esta página la publica el Hospital Infantil de México Federico Gómez para comprobar los datos impresos en la constancia. Si no coinciden,
        comuníquese con la Dirección de Enseñanza.
      </p>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
