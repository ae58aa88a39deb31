import type { FieldMeta } from "./forms";

/**
 * A file input for staff forms with per-field rules (course images and programmes, page images):
 * label, hint with the current file's link, the server's error, aria wiring. The server checks the
 * file again by content; a chosen file is never put back into a form that comes back with errors.
 */
export function AdminFileField({
  meta,
  label,
  hint,
  accept,
  current,
}: {
  meta: FieldMeta;
  label: string;
  hint: string;
  accept: string;
  current?: { href: string; label: string } | null;
}) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <div className={["field", "field--file", invalid ? "field--invalid" : null].filter(Boolean).join(" ")}>
      <label htmlFor={meta.id} className="field__label">
        {label}
      </label>
      <p id={meta.descriptionId} className="field__hint">
        {hint}
        {current ? (
          <>
            {" "}
            Archivo actual: <a href={current.href}>{current.label}</a>.
          </>
        ) : null}
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
        accept={accept}
        aria-invalid={invalid || undefined}
        aria-describedby={[meta.descriptionId, invalid ? meta.errorId : null].filter(Boolean).join(" ")}
        className="field__file"
      />
    </div>
  );
}
