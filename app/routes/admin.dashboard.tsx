import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { staffAccessOf } from "~/staff/access-registry";
import { Link, useLoaderData } from "@remix-run/react";
import { DOCUMENT_KIND_LABELS } from "~/accounts/documents";
import { db } from "~/db.server";
import { ConstanciasChart, EnrolmentCharts, SeatsChart, WaitingDocumentsChart } from "~/staff/dashboard-charts";
import {
  constanciasByMonth,
  dashboardFigures,
  documentsWaitingForReview,
  enrolmentsByMonth,
  incomeByMonth,
  seatsThisMonth,
} from "~/staff/dashboard.server";
import { requireStaff } from "~/staff/guard.server";
import { IncomeChart, IncomeTable } from "~/staff/income-chart";
import { linksFor } from "~/staff/navigation";
import { roleAllows } from "~/staff/staff";
import { waitingAge } from "~/utils/plural";
import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";

export const staffAccess = staffAccessOf("routes/admin.dashboard");

export const meta: MetaFunction = () => [{ title: "Inicio del personal | HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, staffAccess);
  const links = linksFor(staff.role).filter((link) => link.href !== "/admin/dashboard");
  // Each part only for the roles whose work it is (an administrator sees both): the Teaching
  // office's enrolments, seats, document queue (participants' names) and constancias; Finance's
  // money figures and income chart. The month's figures are read once for both.
  const teaching = roleAllows(staff.role, ["ensenanza"]);
  const finance = roleAllows(staff.role, ["finanzas"]);
  const [figures, documents, income, enrolments, seats, constancias] = await Promise.all([
    teaching || finance ? dashboardFigures(db) : null,
    teaching ? documentsWaitingForReview(db) : null,
    finance ? incomeByMonth(db) : null,
    teaching ? enrolmentsByMonth(db) : null,
    teaching ? seatsThisMonth(db) : null,
    teaching ? constanciasByMonth(db) : null,
  ]);
  return {
    staff,
    links: links.map(({ href, label, dashboardLabel, description }) => ({ href, label: dashboardLabel ?? label, description })),
    teaching,
    finance,
    figures,
    documents,
    income,
    enrolments,
    seats,
    constancias,
  };
}

const mxn = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN" });
const count = new Intl.NumberFormat("es-MX");
const dateFormat = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeZone: MEXICO_CITY_TIME_ZONE });

export default function StaffDashboard() {
  const { staff, links, teaching, finance, figures, documents, income, enrolments, seats, constancias } = useLoaderData<typeof loader>();
  return (
    <div className="container page">
      <h1>Inicio del personal</h1>
      <p>Hola, {staff.name}.</p>

      <h2>Secciones</h2>
      {/* The link text is exactly the section's name (the seed's "Curso", "Estudiantes"). */}
      <ul className="staff-links" data-testid="dashboard-links">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href}>{link.label}</Link>
            <p className="staff-links__description">{link.description}</p>
          </li>
        ))}
      </ul>

      {figures && teaching ? (
        <section aria-labelledby="cifras-ensenanza">
          <h2 id="cifras-ensenanza">Inscripciones de {figures.monthLabel}</h2>
          <ul className="staff-figures" data-testid="teaching-figures">
            <Figure label="Inscripciones iniciadas este mes" value={count.format(figures.enrolmentsStarted)} />
            <Figure label="Inscripciones confirmadas este mes" value={count.format(figures.enrolmentsConfirmed)} />
            {documents ? <Figure label="Documentos por revisar" value={count.format(documents.total)} /> : null}
            {documents?.oldest[0] ? <Figure label="El documento más antiguo espera" value={waitingAge(documents.oldest[0].daysWaiting)} /> : null}
          </ul>
        </section>
      ) : null}

      {enrolments ? (
        <section aria-labelledby="inscripciones">
          <h2 id="inscripciones">Inscripciones de los últimos 12 meses</h2>
          <p>Inscripciones confirmadas (y que siguen confirmadas), por el mes de la Ciudad de México en que se confirmaron.</p>
          <EnrolmentCharts months={enrolments} />
        </section>
      ) : null}

      {seats ? (
        <section aria-labelledby="lugares">
          <h2 id="lugares">Lugares de los cursos de {seats.monthLabel}</h2>
          <SeatsChart monthLabel={seats.monthLabel} courses={seats.courses} />
        </section>
      ) : null}

      {figures && finance ? (
        <section aria-labelledby="cifras">
          <h2 id="cifras">Cifras de {figures.monthLabel}</h2>
          <ul className="staff-figures" data-testid="dashboard-figures">
            <Figure label="Pagos con tarjeta pendientes" value={count.format(figures.cardPaymentsPending)} />
            <Figure label="Pagos con tarjeta aprobados este mes" value={count.format(figures.cardPaymentsApproved)} />
            <Figure label="Ingresos con tarjeta este mes" value={mxn.format(figures.revenueCentavos / 100)} />
            <Figure label="Pagos fuera de línea este mes" value={mxn.format(figures.offlineRevenueCentavos / 100)} />
            <Figure label="Reembolsos este mes" value={mxn.format(figures.refundsCentavos / 100)} />
            <Figure
              label="Ingresos netos este mes"
              value={mxn.format((figures.revenueCentavos + figures.offlineRevenueCentavos - figures.refundsCentavos) / 100)}
            />
          </ul>
        </section>
      ) : null}

      {income ? (
        <section aria-labelledby="ingresos">
          <h2 id="ingresos">Ingresos de los últimos 12 meses</h2>
          <p>
            Cursos (pagos con tarjeta aprobados y pagos fuera de línea), donativos aprobados y reembolsos, por mes de la Ciudad de México. El detalle
            está en <Link to="/admin/pagos">Pagos</Link>.
          </p>
          <IncomeChart months={income} />
          <h3 id="ingresos-cifras">Cifras por mes</h3>
          <IncomeTable months={income} />
        </section>
      ) : null}

      {documents ? (
        <section aria-labelledby="documentos">
          <h2 id="documentos">Documentos por revisar ({count.format(documents.total)})</h2>
          {documents.total > 0 ? <WaitingDocumentsChart bands={documents.byAge} /> : null}
          {documents.oldest.length === 0 ? (
            <p>No hay documentos esperando revisión.</p>
          ) : (
            <>
              <p>
                Los más antiguos primero
                {documents.total > documents.oldest.length
                  ? `; se muestran ${count.format(documents.oldest.length)} de ${count.format(documents.total)}`
                  : ""}
                . <Link to="/admin/revision">Ver todos los documentos por revisar</Link>.
              </p>
              <ol className="staff-queue" data-testid="documents-waiting">
                {documents.oldest.map((document) => (
                  <li key={document.documentId}>
                    <Link to={`/admin/estudiantes/${document.participantId}`}>{document.participantName}</Link>: {DOCUMENT_KIND_LABELS[document.kind]}
                    . Esperando desde el {dateFormat.format(new Date(document.sentAt))} (<strong>{waitingAge(document.daysWaiting)}</strong>).
                  </li>
                ))}
              </ol>
            </>
          )}
        </section>
      ) : null}

      {constancias ? (
        <section aria-labelledby="constancias">
          <h2 id="constancias">Constancias emitidas en los últimos 12 meses</h2>
          <p>Constancias vigentes (sin revocar ni reemplazar), por el mes de la Ciudad de México en que se emitieron.</p>
          <ConstanciasChart months={constancias} />
        </section>
      ) : null}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <li className="staff-figure">
      <p className="staff-figure__label">{label}</p>
      <p className="staff-figure__value">{value}</p>
    </li>
  );
}
