import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { staffAccessOf } from "~/staff/access-registry";
import { Link, useLoaderData } from "@remix-run/react";
import { DOCUMENT_KIND_LABELS } from "~/accounts/documents";
import { db } from "~/db.server";
import { dashboardFigures, documentsWaitingForReview, incomeByMonth } from "~/staff/dashboard.server";
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
  // Each part only for the roles whose work it is: money for Teaching and Finance, the document
  // queue (participants' names) for Teaching, the income chart for Finance.
  const [figures, documents, income] = await Promise.all([
    roleAllows(staff.role, ["ensenanza", "finanzas"]) ? dashboardFigures(db) : null,
    roleAllows(staff.role, ["ensenanza"]) ? documentsWaitingForReview(db) : null,
    roleAllows(staff.role, ["finanzas"]) ? incomeByMonth(db) : null,
  ]);
  return {
    staff,
    links: links.map(({ href, label, dashboardLabel, description }) => ({ href, label: dashboardLabel ?? label, description })),
    figures,
    documents,
    income,
  };
}

const mxn = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN" });
const count = new Intl.NumberFormat("es-MX");
const dateFormat = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeZone: MEXICO_CITY_TIME_ZONE });

export default function StaffDashboard() {
  const { staff, links, figures, documents, income } = useLoaderData<typeof loader>();
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

      {figures ? (
        <section aria-labelledby="cifras">
          <h2 id="cifras">Cifras de {figures.monthLabel}</h2>
          <ul className="staff-figures" data-testid="dashboard-figures">
            <Figure label="Inscripciones iniciadas este mes" value={count.format(figures.enrolmentsStarted)} />
            <Figure label="Inscripciones confirmadas este mes" value={count.format(figures.enrolmentsConfirmed)} />
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
