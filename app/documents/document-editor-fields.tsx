import type { FieldMeta } from "~/components/forms";

/** What the document file inputs accept (a hint for the browser's picker; the server checks the content). */
export const DOCUMENT_ACCEPT =
  ".pdf,.docx,.xls,.xlsx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * The document file field: label, hint, the server's error next to it, aria wiring. No check in
 * the browser (the participants' FileField checks their 1 MB images); the server reads the content.
 */
export function DocumentFileField({ meta, label }: { meta: FieldMeta; label: string }) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <div className={["field", "field--file", invalid ? "field--invalid" : null].filter(Boolean).join(" ")}>
      <label htmlFor={meta.id} className="field__label">
        {label}
      </label>
      <p id={meta.descriptionId} className="field__hint">
        PDF, DOCX, XLS o XLSX, máximo 20 MB. El nombre del archivo en el sitio se forma con el título.
      </p>
      {invalid ? (
        <p id={meta.errorId} className="field__error">
          <span className="visually-hidden">Error: </span>
          {meta.errors!.join(" ")}
        </p>
      ) : null}
      <input
        type="file"
        id={meta.id}
        name={meta.name}
        accept={DOCUMENT_ACCEPT}
        required
        aria-invalid={invalid || undefined}
        aria-describedby={[meta.descriptionId, invalid ? meta.errorId : null].filter(Boolean).join(" ")}
        className="field__file"
      />
    </div>
  );
}

/** "key" of a collection in a URL, or a 404. */
export const COLLECTION_KEY = /^[a-z][a-z0-9-]{0,59}$/;
