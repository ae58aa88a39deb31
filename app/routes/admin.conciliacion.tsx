import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { staffAction, uploadBody } from "~/actions/pipeline.server";
import { StaffTable } from "~/components/staff-table";
import { formatMoney } from "~/courses/pricing";
import { db } from "~/db.server";
import { listClaimsInVerification } from "~/finance/manual-confirmation.server";
import { previewStoredReport, REPORT_MESSAGES, REPORT_RULE } from "~/finance/reconciliation-admin.server";
import { ageInWords, RECONCILIATION_INTENTS } from "~/finance/reconciliation-actions.server";
import { ClaimForms, PURPOSE_LABELS, ReportPreviewSection, UploadForm } from "~/finance/reconciliation-view";
import { REPORT_FORM_MAX_BYTES } from "~/payments/reconcile.server";
import { staffAccessOf } from "~/staff/access-registry";
import { requireStaff } from "~/staff/guard.server";
import { formatInstant } from "~/staff/teaching/format";
import teachingStyles from "~/styles/teaching.css";
import { now } from "~/utils/clock.server";
import { countOf } from "~/utils/plural";

/** The report (5 MB at most) and the column names: refused with 413 above this before any parsing (decision 0032). */
export const maxBodyBytes = REPORT_FORM_MAX_BYTES;

/**
 * Finance reconciles card payments on screen (issue 19): Banorte's report (CSV or XLSX) is
 * reviewed, then applied; the claims "en verificación" are confirmed or rejected by hand from the
 * bank's console. Finance (and admin).
 */
export const staffAccess = staffAccessOf("routes/admin.conciliacion");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const meta: MetaFunction = () => [{ title: "Conciliación | Área del personal | HIMFG" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const reportId = new URL(request.url).searchParams.get("reporte");
  const preview = reportId ? await previewStoredReport(db, reportId) : null;
  const queue = await listClaimsInVerification(db);
  const at = now();
  return { preview, total: queue.total, claims: queue.rows.map((row) => ({ ...row, age: ageInWords(row.claimedAt, at) })) };
}

/** revisar (multipart: the report), aplicar, confirmar or rechazar. */
export const action = (args: ActionFunctionArgs) =>
  staffAction({
    access: staffAccess,
    read: uploadBody({ reporte: REPORT_RULE }, { maxBytes: maxBodyBytes, tooLarge: REPORT_MESSAGES.tooLarge }),
    intents: RECONCILIATION_INTENTS,
  })(args);

export default function Reconciliation() {
  const { claims, total, preview } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container page staff-page">
      <h1>Conciliación con el banco</h1>
      <ReportPreviewSection preview={preview} actionData={actionData} />
      <UploadForm actionData={actionData} />
      <section aria-labelledby="en-verificacion" className="staff-section">
        <h2 id="en-verificacion">Pagos en verificación</h2>
        <p>
          El navegador de la persona avisó que el banco aprobó el pago, pero el banco aún no lo confirma: nada se entrega hasta confirmarlo. Busque
          cada pago en la consola de Banorte por su número de control y escriba la referencia y el código de autorización que muestra, o rechácelo si
          no hay cargo.
        </p>
        <p role="status">
          {total === 0
            ? "No hay pagos en verificación."
            : `${countOf(total, { one: "pago", other: "pagos" })} en verificación${total > claims.length ? `; se muestran los ${claims.length} más antiguos` : ""}.`}
        </p>
        {claims.length > 0 ? (
          <StaffTable
            caption="Pagos en verificación, del más antiguo al más reciente"
            hideCaption
            testId="pagos-en-verificacion"
            columns={["Pago", "Persona", "Confirmar o rechazar"]}
          >
            {claims.map((claim) => (
              <tr key={claim.id} data-testid={`pago-${claim.controlNumber}`}>
                <th scope="row">
                  <code>{claim.controlNumber}</code>
                  <br />
                  {formatMoney(claim.amountCentavos)}
                  <br />
                  <small>
                    {formatInstant(claim.claimedAt)} ({claim.age})
                  </small>
                </th>
                <td>
                  {claim.personName}
                  {claim.personEmail ? (
                    <>
                      <br />
                      <small>{claim.personEmail}</small>
                    </>
                  ) : null}
                  <br />
                  <small>{claim.courseName ? `Curso: ${claim.courseName}` : PURPOSE_LABELS[claim.purpose]}</small>
                </td>
                <td>
                  <ClaimForms claim={claim} actionData={actionData} />
                </td>
              </tr>
            ))}
          </StaffTable>
        ) : null}
      </section>
    </div>
  );
}
