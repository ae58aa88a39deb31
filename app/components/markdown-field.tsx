import type { FieldMeta } from "~/components/forms";

/** What the staff may write in a Markdown text (what the one sanitiser keeps). */
export const MARKDOWN_HINT =
  "Use ## para subtítulos, - para listas, **texto** para negritas y [texto](https://…) o [texto](/ruta) para enlaces. No se admiten estilos, imágenes ni código.";

/**
 * A Markdown text area for the staff editors (library panels, collection introductions): label,
 * the Markdown hint, the server's error next to it and the aria wiring. The server renders the
 * text through app/content/markdown.server.ts; nothing is checked in the browser.
 */
export function MarkdownField({ meta, label, rows = 12, hint = MARKDOWN_HINT }: { meta: FieldMeta; label: string; rows?: number; hint?: string }) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <div className={["field", invalid ? "field--invalid" : null].filter(Boolean).join(" ")}>
      <label htmlFor={meta.id} className="field__label">
        {label}
      </label>
      <p id={meta.descriptionId} className="field__hint">
        {hint}
      </p>
      {invalid ? (
        <p id={meta.errorId} className="field__error">
          <span className="visually-hidden">Error: </span>
          {meta.errors!.join(" ")}
        </p>
      ) : null}
      <textarea
        id={meta.id}
        name={meta.name}
        rows={rows}
        defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={[meta.descriptionId, invalid ? meta.errorId : null].filter(Boolean).join(" ")}
        className="field__input field__textarea"
      />
    </div>
  );
}
