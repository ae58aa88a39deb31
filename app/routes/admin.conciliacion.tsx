import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AdminFileField } from "~/components/admin-file-field";
import { ErrorSummary, Field, formProps, summaryErrors, type FieldMeta } from "~/components/forms";
import { StaffTable } from "~/components/staff-table";
import { SubmitButton } from "~/components/submit-button";
import { formatMoney } from "~/courses/pricing";
import { db } from "~/db.server";
import { now } from "~/utils/clock.server";
import {
  confirmPaymentByHand,
  listClaimsInVerification,
  parseClaimRejectionForm,
  parseManualConfirmationForm,
  rejectClaimByHand,
  type ClaimQueueRow,
} from "~/finance/manual-confirmation.server";
import { COLUMN_FIELDS } from "~/finance/reconciliation-fields";
import {
  applyStoredReport,
  columnNamesFrom,
  parseReportColumnsForm,
  previewStoredReport,
  REPORT_MESSAGES,
  REPORT_RULE,
  reviewReport,
} from "~/finance/reconciliation-admin.server";
import { REPORT_FORM_MAX_BYTES, type PlanEntry, type ReconciliationPlan } from "~/payments/reconcile.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { parseAdminForm } from "~/staff/teaching/admin-uploads.server";
import { CARD_STATUS_LABELS, formatInstant } from "~/staff/teaching/format";
import { mergeErrors, originFor, replyRefused, staffContextFor } from "~/staff/teaching/route-helpers.server";
import teachingStyles from "~/styles/teaching.css";
import { redirectWithToast } from "~/utils/toast.server";
import { countOf } from "~/utils/plural";
import { sentence } from "~/utils/sentence";
import { fileLimits } from "~/files/file-limits";

/** The report (5 MB at most) and the column names: refused with 413 above this before any parsing (decision 0032). */
export const maxBodyBytes = REPORT_FORM_MAX_BYTES;

/**
 * Finance reconciles card payments on screen (issue 19): Banorte's report (CSV or XLSX) is
 * reviewed, then applied; the claims "en verificación" are confirmed or rejected by hand from the
 * bank's console. Finance (and admin).
 */
export const staffAccess = ["finanzas"] as const satisfies StaffAccess;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const meta: MetaFunction = () => [{ title: "Conciliación | Área del personal | HIMFG" }];

const PATH = "/admin/conciliacion";
const ages = new Intl.RelativeTimeFormat("es-MX", { style: "short", numeric: "always" });

/** "hace 3 h": how long someone has been waiting, in words. */
function ageInWords(iso: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return "hace menos de 1 min";
  if (minutes < 60) return ages.format(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return ages.format(-hours, "hour");
  return ages.format(-Math.floor(hours / 24), "day");
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const reportId = new URL(request.url).searchParams.get("reporte");
  const preview = reportId ? await previewStoredReport(db, reportId) : null;
  const queue = await listClaimsInVerification(db);
  const at = now();
  return { preview, total: queue.total, claims: queue.rows.map((row) => ({ ...row, age: ageInWords(row.claimedAt, at) })) };
}

const applySchema = z.object({
  reporte: z.string({ error: "Falta el reporte." }).max(64),
  sha256: z.string({ error: "Falta la huella del reporte." }).regex(/^[0-9a-f]{64}$/, "La huella del reporte no es válida."),
});

/** ?intent=revisar (multipart: the report), aplicar, confirmar or rechazar. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, staffAccess);
  const ctx = staffContextFor(staff, context);
  const intent = new URL(request.url).searchParams.get("intent");

  if (intent === "revisar") {
    const form = await parseAdminForm(request, { reporte: REPORT_RULE });
    if (!form.ok) {
      const result = parseReportColumnsForm(new FormData()).reply({
        formErrors: [form.status === 413 ? REPORT_MESSAGES.tooLarge : "No pudimos leer el formulario. Vuelva a intentarlo."],
      });
      return data({ intent, attemptId: null, result }, { status: form.status === 413 ? 413 : 400 });
    }
    const submission = parseReportColumnsForm(form.fields);
    const file = form.files.get("reporte");
    const fileErrors = { ...form.fileErrors, ...(!file && !form.fileErrors.reporte ? { reporte: [REPORT_MESSAGES.missing] } : {}) };
    if (submission.status !== "success" || !file) {
      const result = submission.reply({ fieldErrors: mergeErrors(submission.status === "success" ? {} : submission.error, fileErrors) });
      return data({ intent, attemptId: null, result }, { status: 400 });
    }
    const outcome = await reviewReport(db, ctx, file, columnNamesFrom(submission.value));
    if (!outcome.ok) return data({ intent, attemptId: null, result: replyRefused(submission, outcome) }, { status: outcome.status });
    return redirectWithToast(`${PATH}?reporte=${outcome.reportId}`, {
      type: "info",
      description: "Revise la vista previa: todavía no se cambió nada.",
    });
  }

  if (intent === "aplicar") {
    const submission = parseWithZod(await request.formData(), { schema: applySchema });
    if (submission.status !== "success") return data({ intent, attemptId: null, result: submission.reply() }, { status: 400 });
    const outcome = await applyStoredReport(
      db,
      ctx,
      { reportId: submission.value.reporte, sha256: submission.value.sha256 },
      { origin: originFor(request) },
    );
    if (!outcome.ok)
      return data({ intent, attemptId: null, result: submission.reply({ formErrors: outcome.formErrors }) }, { status: outcome.status });
    const plan = outcome.plan;
    return redirectWithToast(`${PATH}?reporte=${outcome.reportId}`, {
      type: "success",
      description: `Conciliación aplicada: ${countOf(outcome.changed, { one: "cambio", other: "cambios" })}. ${plan.matched.length} coinciden, ${plan.mismatched.length} con otro importe, ${plan.missingFromBank.length} ausentes del reporte, ${plan.declined.length} declinados, ${plan.unknown.length} desconocidos.`,
    });
  }

  if (intent === "confirmar" || intent === "rechazar") {
    const form = await request.formData();
    const rawId = String(form.get("pago") ?? "");
    if (intent === "confirmar") {
      const submission = parseManualConfirmationForm(form);
      if (submission.status !== "success") return data({ intent, attemptId: rawId, result: submission.reply() }, { status: 400 });
      const outcome = await confirmPaymentByHand(
        db,
        ctx,
        { attemptId: submission.value.pago, referencia: submission.value.referencia, codigoAut: submission.value.codigo },
        { origin: originFor(request) },
      );
      if (!outcome.ok) return data({ intent, attemptId: rawId, result: replyRefused(submission, outcome) }, { status: outcome.status });
      return redirectWithToast(PATH, {
        type: outcome.refundReason ? "info" : "success",
        description: outcome.refundReason
          ? `El pago ${outcome.controlNumber} quedó confirmado, pero no se pudo entregar: ${outcome.refundReason}`
          : `El pago ${outcome.controlNumber} quedó confirmado; la persona recibió su confirmación por correo.`,
      });
    }
    const submission = parseClaimRejectionForm(form);
    if (submission.status !== "success") return data({ intent, attemptId: rawId, result: submission.reply() }, { status: 400 });
    const outcome = await rejectClaimByHand(db, ctx, { attemptId: submission.value.pago, reason: submission.value.motivo });
    if (!outcome.ok) return data({ intent, attemptId: rawId, result: replyRefused(submission, outcome) }, { status: outcome.status });
    return redirectWithToast(PATH, {
      type: "success",
      description: `El pago ${outcome.controlNumber} quedó rechazado; se liberó el lugar y se avisó a la persona.`,
    });
  }

  throw new Response("Acción desconocida", { status: 400 });
}

type ActionData = { intent: string; attemptId: string | null; result: SubmissionResult<string[]> };

const RESULT_LABELS = { A: "Aprobada", D: "Declinada", R: "Rechazada", T: "Sin respuesta" } as const;
const PURPOSE_LABELS = { inscripcion: "Inscripción", donativo: "Donativo" } as const;

function PlanGroup({ id, title, entries, empty }: { id: string; title: string; entries: PlanEntry[]; empty: string }) {
  return (
    <section aria-labelledby={id} className="reconcile-group">
      <h3 id={id}>
        {title}: {entries.length}
      </h3>
      {entries.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <StaffTable caption={title} hideCaption testId={id} columns={["Número de control", "Persona", "Importe", "Banco", "Qué se hará"]}>
          {entries.map((entry) => (
            <tr key={`${entry.controlNumber}-${entry.line ?? "x"}`}>
              <th scope="row">
                <code>{entry.controlNumber}</code>
                {entry.line !== null ? (
                  <>
                    <br />
                    <small>Fila {entry.line}</small>
                  </>
                ) : null}
              </th>
              <td>
                {entry.personName ?? "—"}
                {entry.purpose ? (
                  <>
                    <br />
                    <small>
                      {PURPOSE_LABELS[entry.purpose]}
                      {entry.statusBefore
                        ? `, ${entry.statusBefore === "in_verification" ? "en verificación" : (CARD_STATUS_LABELS[entry.statusBefore] ?? entry.statusBefore).toLowerCase()}`
                        : ""}
                    </small>
                  </>
                ) : null}
              </td>
              <td>
                {entry.ourAmountCentavos !== null ? `Nuestro: ${formatMoney(entry.ourAmountCentavos)}` : "—"}
                {entry.bankAmountCentavos !== null ? (
                  <>
                    <br />
                    Banco: {formatMoney(entry.bankAmountCentavos)}
                  </>
                ) : null}
              </td>
              <td>
                {entry.bankResult ? RESULT_LABELS[entry.bankResult] : "No aparece"}
                {entry.bankDate ? (
                  <>
                    <br />
                    <small>{formatInstant(entry.bankDate)}</small>
                  </>
                ) : null}
                {entry.codesAgree !== null ? (
                  <>
                    <br />
                    <small>{entry.codesAgree ? "Códigos coinciden" : "Códigos distintos"}</small>
                  </>
                ) : null}
              </td>
              <td>{entry.reason}</td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}

function PlanView({ plan }: { plan: ReconciliationPlan }) {
  return (
    <>
      <p>
        {countOf(plan.rows, { one: "fila", other: "filas" })} del {formatInstant(plan.period.from)} al {sentence(formatInstant(plan.period.to))}{" "}
        {countOf(plan.unchanged, { one: "fila de un pago ya resuelto no cambia", other: "filas de pagos ya resueltos no cambian" })} nada.
      </p>
      <PlanGroup id="grupo-coinciden" title="Coinciden" entries={plan.matched} empty="Ninguna fila aprobada coincide con un pago por confirmar." />
      <PlanGroup id="grupo-importe" title="Con otro importe u otros datos" entries={plan.mismatched} empty="Ningún importe distinto." />
      <PlanGroup id="grupo-desconocidos" title="Desconocidos (no son nuestros)" entries={plan.unknown} empty="Todas las filas son pagos del sitio." />
      <PlanGroup
        id="grupo-ausentes"
        title="Nuestros y ausentes del reporte"
        entries={plan.missingFromBank}
        empty="Todos los pagos en verificación del periodo aparecen en el reporte."
      />
      <PlanGroup
        id="grupo-declinados"
        title="Declinados o rechazados por el banco"
        entries={plan.declined}
        empty="Ningún pago en verificación fue declinado."
      />
      {plan.settledWithoutCharge.length > 0 ? (
        <PlanGroup id="grupo-sin-cargo" title="Sin respuesta del banco, resueltos sin cargo" entries={plan.settledWithoutCharge} empty="" />
      ) : null}
    </>
  );
}

function ReportPreviewSection({ actionData }: { actionData: ActionData | undefined }) {
  const { preview } = useLoaderData<typeof loader>();
  if (!preview) return null;
  if (!preview.found) {
    return (
      <section aria-labelledby="vista-previa" className="staff-section">
        <h2 id="vista-previa">Vista previa</h2>
        <p>No encontramos ese reporte. Súbalo de nuevo con «Revisar reporte».</p>
      </section>
    );
  }
  const applyErrors = actionData?.intent === "aplicar" ? (actionData.result.error?.[""] ?? []) : [];
  return (
    <section aria-labelledby="vista-previa" className="staff-section">
      <h2 id="vista-previa">{`Vista previa: ${preview.fileName}`}</h2>
      <p>
        {sentence(`Subido ${formatInstant(preview.uploadedAt)}`)} Huella SHA-256 <code className="break-all">{preview.sha256}</code>.
      </p>
      <ErrorSummary title="No se aplicó la conciliación" errors={[]} formErrors={applyErrors} focusKey={actionData} />
      {preview.applied ? (
        <p role="status" data-testid="reporte-aplicado">
          Este reporte ya se aplicó ({formatInstant(preview.applied.appliedAt)}
          {preview.applied.appliedBy ? `, ${preview.applied.appliedBy}` : ""}). Aplicarlo de nuevo no cambiaría nada.
        </p>
      ) : preview.errors.length > 0 ? (
        <ErrorSummary title="El reporte ya no se puede leer" errors={[]} formErrors={preview.errors} />
      ) : preview.plan ? (
        <>
          <PlanView plan={preview.plan} />
          <Form method="post" action={`${PATH}?intent=aplicar`} className="staff-form">
            <input type="hidden" name="reporte" value={preview.reportId} />
            <input type="hidden" name="sha256" value={preview.sha256} />
            <p>Al aplicar se confirman, liberan o suspenden los pagos como dice la columna «Qué se hará», y se avisa por correo a cada persona.</p>
            <SubmitButton formActionPath={PATH} pendingLabel="Aplicando…">
              Aplicar conciliación
            </SubmitButton>
          </Form>
        </>
      ) : null}
    </section>
  );
}

function UploadForm({ actionData }: { actionData: ActionData | undefined }) {
  const lastResult = actionData?.intent === "revisar" ? actionData.result : undefined;
  const [form, fields] = useForm<Record<string, string>>({ id: "reporte-banco", lastResult, shouldValidate: "onSubmit" });
  const columnMetas = COLUMN_FIELDS.map(({ field }) => fields[field] as FieldMeta);
  return (
    <section aria-labelledby="subir-reporte" className="staff-section">
      <h2 id="subir-reporte">Reporte de transacciones de Banorte</h2>
      <p>Suba el reporte del periodo: primero verá lo que cambiaría, y nada se aplica hasta que pulse «Aplicar conciliación».</p>
      <Form method="post" encType="multipart/form-data" action={`${PATH}?intent=revisar`} {...formProps(form)} className="staff-form">
        <ErrorSummary
          title="No pudimos revisar el reporte"
          errors={summaryErrors([fields.reporte as FieldMeta, ...columnMetas])}
          formErrors={form.errors}
          focusKey={lastResult}
        />
        <AdminFileField
          meta={fields.reporte as FieldMeta}
          label="Reporte del banco (CSV o XLSX)"
          hint={`${fileLimits(["CSV", "XLSX"], 5)}. Debe tener encabezado con el número de control, importe, resultado y fecha; referencia y código de autorización para las aprobadas.`}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        />
        <details className="staff-form__group">
          <summary>Nombres de columnas del banco (opcional)</summary>
          <p className="field__hint">
            Solo si el encabezado del banco usa otros nombres: escriba el nombre tal como aparece en el reporte. Vacío: se reconocen los nombres
            habituales.
          </p>
          {COLUMN_FIELDS.map(({ field, label }) => (
            <Field key={field} meta={fields[field] as FieldMeta} label={label} maxLength={60} autoComplete="off" spellCheck={false} />
          ))}
        </details>
        <SubmitButton formActionPath={PATH} pendingLabel="Revisando…">
          Revisar reporte
        </SubmitButton>
      </Form>
    </section>
  );
}

function ClaimForms({ claim, actionData }: { claim: ClaimQueueRow & { age: string }; actionData: ActionData | undefined }) {
  const mine = actionData && actionData.attemptId === String(claim.id);
  const [confirmForm, confirm] = useForm<{ pago: string; referencia: string; codigo: string }>({
    id: `confirmar-${claim.id}`,
    lastResult: mine && actionData.intent === "confirmar" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
  });
  const [rejectForm, reject] = useForm<{ pago: string; motivo: string }>({
    id: `rechazar-${claim.id}`,
    lastResult: mine && actionData.intent === "rechazar" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
  });
  const which = <span className="visually-hidden"> del pago {claim.controlNumber}</span>;
  return (
    <>
      <Form method="post" action={`${PATH}?intent=confirmar`} {...formProps(confirmForm)} className="staff-form">
        <ErrorSummary
          title={`No se confirmó el pago ${claim.controlNumber}`}
          errors={summaryErrors([confirm.referencia, confirm.codigo] as FieldMeta[])}
          formErrors={confirmForm.errors}
          focusKey={mine && actionData.intent === "confirmar" ? actionData : undefined}
        />
        <input type="hidden" name="pago" value={claim.id} />
        <fieldset className="staff-form__group">
          <legend>Confirmar el pago {claim.controlNumber} con la consola de Banorte</legend>
          <Field
            meta={confirm.referencia as FieldMeta}
            label="Referencia"
            hint="12 dígitos, de la consola de Banorte."
            inputMode="numeric"
            maxLength={12}
            autoComplete="off"
            required
          />
          <Field
            meta={confirm.codigo as FieldMeta}
            label="Código de autorización"
            hint="6 letras o números."
            maxLength={6}
            autoComplete="off"
            spellCheck={false}
            required
          />
          <SubmitButton formActionPath={PATH} pendingLabel="Confirmando…">
            Confirmar pago{which}
          </SubmitButton>
        </fieldset>
      </Form>
      <Form method="post" action={`${PATH}?intent=rechazar`} {...formProps(rejectForm)} className="staff-form">
        <ErrorSummary
          title={`No se rechazó el pago ${claim.controlNumber}`}
          errors={summaryErrors([reject.motivo] as FieldMeta[])}
          formErrors={rejectForm.errors}
          focusKey={mine && actionData.intent === "rechazar" ? actionData : undefined}
        />
        <input type="hidden" name="pago" value={claim.id} />
        <fieldset className="staff-form__group">
          <legend>Rechazar el pago {claim.controlNumber} si no hay cargo</legend>
          <Field
            meta={reject.motivo as FieldMeta}
            label="Motivo"
            hint="Por ejemplo: la consola de Banorte no muestra el cargo."
            maxLength={500}
            autoComplete="off"
            required
          />
          <SubmitButton formActionPath={PATH} pendingLabel="Rechazando…" className="button--secondary">
            Rechazar pago{which}
          </SubmitButton>
        </fieldset>
      </Form>
    </>
  );
}

export default function Reconciliation() {
  const { claims, total } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  return (
    <div className="container page staff-page">
      <h1>Conciliación con el banco</h1>
      <ReportPreviewSection actionData={actionData} />
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
