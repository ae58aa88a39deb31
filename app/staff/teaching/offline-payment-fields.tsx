import { Field, RadioGroup, type FieldMeta } from "~/components/forms";
import { formatMoney } from "~/courses/pricing";
import { OFFLINE_METHOD_LABELS } from "./format";
import { fileLimits } from "~/files/file-limits";

const METHOD_OPTIONS = Object.entries(OFFLINE_METHOD_LABELS).map(([value, label]) => ({ value, label }));

export interface OfflinePaymentMetas {
  method: FieldMeta;
  amount: FieldMeta;
  paid_on: FieldMeta;
  reference: FieldMeta;
  below_price_reason: FieldMeta;
  receipt: FieldMeta;
}

/** The metas in form order, for the error summary. */
export function offlinePaymentMetaList(fields: OfflinePaymentMetas): FieldMeta[] {
  return [fields.method, fields.amount, fields.paid_on, fields.reference, fields.below_price_reason, fields.receipt];
}

/**
 * The fields of an off-line payment (method, amount, date, reference, reason for a lower amount,
 * receipt), shared by /admin/pagos/:enrolmentId and «Inscribir con pago fuera de línea».
 */
export function OfflinePaymentFields({ fields, priceCentavos }: { fields: OfflinePaymentMetas; priceCentavos: number | null }) {
  const receipt = fields.receipt;
  const receiptInvalid = Boolean(receipt.errors?.length);
  return (
    <>
      <RadioGroup meta={fields.method} legend="Medio de pago" options={METHOD_OPTIONS} required />
      <Field
        meta={fields.amount}
        label="Monto en pesos"
        inputMode="decimal"
        hint={
          priceCentavos === null
            ? "El precio lo decide el perfil del participante; el sistema lo compara con el monto."
            : `Precio de la inscripción: ${formatMoney(priceCentavos)}.`
        }
        required
      />
      <Field meta={fields.paid_on} label="Fecha del pago" type="date" hint="AAAA-MM-DD" required />
      <Field meta={fields.reference} label="Referencia o folio" maxLength={100} required />
      <Field
        meta={fields.below_price_reason}
        label="Motivo si el monto es menor que el precio"
        hint="Solo si acepta un pago menor (por ejemplo, una beca parcial autorizada). Queda en la bitácora."
        maxLength={500}
      />
      <div className={["field", "field--file", receiptInvalid ? "field--invalid" : null].filter(Boolean).join(" ")}>
        <label htmlFor={receipt.id} className="field__label">
          Comprobante
        </label>
        <p id={receipt.descriptionId} className="field__hint">
          {fileLimits(["JPG", "PNG", "PDF"], 5)}.
        </p>
        {receiptInvalid ? (
          <p id={receipt.errorId} className="field__error">
            <span className="visually-hidden">Error: </span>
            {receipt.errors!.join(" ")}
          </p>
        ) : null}
        <input
          type="file"
          id={receipt.id}
          name={receipt.name}
          accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf"
          required
          aria-invalid={receiptInvalid || undefined}
          aria-describedby={[receipt.descriptionId, receiptInvalid ? receipt.errorId : null].filter(Boolean).join(" ")}
          className="field__file"
        />
      </div>
    </>
  );
}
