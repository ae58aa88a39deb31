import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getEnrolmentForVerification } from "~/enrolment/verification.server";
import { db } from "~/db.server";
import paymentStyles from "~/styles/payment.css";
import { pageMeta, rootOrigin } from "~/utils/seo";
import type { PageHandle } from "~/enhance/page-handle";
import type { ReactNode } from "react";
import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";

/** Plain HTML plus the page script: nothing here needs React in the browser (decision 0027). */
export const handle: PageHandle = { hydrate: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentStyles }];

/**
 * The page the access PDF's QR code opens: proof that an enrolment is confirmed. An unknown
 * token (or an enrolment no longer confirmed, e.g. suspended) answers 404 with its own page that
 * says the document is not valid: whoever scans a forged or withdrawn PDF must read that, not a
 * generic "page not found".
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const enrolment = await getEnrolmentForVerification(db, params.token ?? "");
  if (!enrolment) return data({ enrolment: null }, { status: 404, headers: { "Cache-Control": "no-store" } });
  return data({ enrolment }, { headers: { "Cache-Control": "no-store" } });
}

export const meta: MetaFunction<typeof loader> = ({ matches, params }) =>
  pageMeta({
    title: "Verificación de inscripción",
    description: "Verificación de una inscripción confirmada a un curso del Hospital Infantil de México Federico Gómez.",
    path: `/verificar/${params.token ?? ""}`,
    origin: rootOrigin(matches),
    noindex: true,
  });

const confirmedFormat = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeStyle: "short", timeZone: MEXICO_CITY_TIME_ZONE });

export default function VerifyEnrolment() {
  const { enrolment } = useLoaderData<typeof loader>();
  if (!enrolment) {
    return (
      <div className="container page">
        <h1>Verificación de inscripción</h1>
        <p className="verification__status verification__status--invalid" role="status">
          Este documento no es válido
        </p>
        <p>
          El código de este documento de acceso no corresponde a ninguna inscripción confirmada del Hospital Infantil de México Federico Gómez. Puede
          ser un documento alterado, o una inscripción cancelada o suspendida.
        </p>
        <p>Si usted es el participante y cree que es un error, comuníquese con la Dirección de Enseñanza.</p>
      </div>
    );
  }
  return (
    <div className="container page">
      <h1>Verificación de inscripción</h1>
      <p className="verification__status" role="status">
        Inscripción confirmada
      </p>
      <dl className="verification__facts">
        <Fact term="Participante">{enrolment.participantName}</Fact>
        <Fact term="Número de participante">{enrolment.participantId}</Fact>
        <Fact term="Perfil">{enrolment.profileLabel}</Fact>
        <Fact term="Curso">{enrolment.courseName}</Fact>
        <Fact term="Fechas">
          Del {enrolment.startDate} al {enrolment.finishDate}
        </Fact>
        <Fact term="Modalidad">{enrolment.modalityLabel}</Fact>
        <Fact term="Número de control">{enrolment.controlNumber}</Fact>
        {enrolment.confirmedAt ? <Fact term="Confirmada el">{confirmedFormat.format(new Date(enrolment.confirmedAt))}</Fact> : null}
      </dl>
      <p>
        Esta página la emite el Hospital Infantil de México Federico Gómez para comprobar los datos impresos en el acceso al curso. Si no coinciden,
        comuníquese con la Dirección de Enseñanza.
      </p>
    </div>
  );
}

/** One line of the verified facts: a term and its value, grouped in a div (allowed inside <dl>). */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
