import { useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ActionReply } from "~/actions/reply.server";
import { AdminFileField } from "~/components/admin-file-field";
import { ErrorSummary, Field, formProps, summaryErrors, type FieldMeta } from "~/components/forms";
import { StaffTable } from "~/components/staff-table";
import { SubmitButton } from "~/components/submit-button";
import { formatMoney } from "~/courses/pricing";
import { fileLimits } from "~/files/file-limits";
import type { PlanEntry, ReconciliationPlan } from "~/payments/reconcile.server";
import { CARD_STATUS_LABELS, formatInstant } from "~/staff/teaching/format";
import { countOf } from "~/utils/plural";
import { sentence } from "~/utils/sentence";
import type { ClaimQueueRow } from "./manual-confirmation.server";
import type { ReportPreview } from "./reconciliation-admin.server";
import { COLUMN_FIELDS } from "./reconciliation-fields";

// The parts of /admin/conciliacion (issue 19): the report's preview and its plan, the upload form,
// and each claim's «Confirmar pago» / «Rechazar pago» forms. The route keeps the page's order.

export const RECONCILIATION_PATH = "/admin/conciliacion";
const PATH = RECONCILIATION_PATH;

const RESULT_LABELS = { A: "Aprobada", D: "Declinada", R: "Rechazada", T: "Sin respuesta" } as const;
export const PURPOSE_LABELS = { inscripcion: "Inscripción", donativo: "Donativo" } as const;

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

export function ReportPreviewSection({ preview, actionData }: { preview: ReportPreview | null; actionData: ActionReply | undefined }) {
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
          <Form method="post" action={PATH} className="staff-form">
            <input type="hidden" name="intent" value="aplicar" />
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

export function UploadForm({ actionData }: { actionData: ActionReply | undefined }) {
  const lastResult = actionData?.intent === "revisar" ? actionData.result : undefined;
  const [form, fields] = useForm<Record<string, string>>({ id: "reporte-banco", lastResult, shouldValidate: "onSubmit" });
  const columnMetas = COLUMN_FIELDS.map(({ field }) => fields[field] as FieldMeta);
  return (
    <section aria-labelledby="subir-reporte" className="staff-section">
      <h2 id="subir-reporte">Reporte de transacciones de Banorte</h2>
      <p>Suba el reporte del periodo: primero verá lo que cambiaría, y nada se aplica hasta que pulse «Aplicar conciliación».</p>
      <Form method="post" encType="multipart/form-data" action={PATH} {...formProps(form)} className="staff-form">
        <input type="hidden" name="intent" value="revisar" />
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

export function ClaimForms({ claim, actionData }: { claim: ClaimQueueRow & { age: string }; actionData: ActionReply | undefined }) {
  // The answer of this row's forms: the claim it was posted for is in its typed values.
  const mine = actionData && String(actionData.result.initialValue?.pago ?? "") === String(claim.id);
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
      <Form method="post" action={PATH} {...formProps(confirmForm)} className="staff-form">
        <input type="hidden" name="intent" value="confirmar" />
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
      <Form method="post" action={PATH} {...formProps(rejectForm)} className="staff-form">
        <input type="hidden" name="intent" value="rechazar" />
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
