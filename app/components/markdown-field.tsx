import { TextAreaField, type FieldMeta } from "~/components/forms";

/** What the staff may write in a Markdown text (what the one sanitiser keeps). */
export const MARKDOWN_HINT =
  "Use ## para subtítulos, - para listas, **texto** para negritas y [texto](https://…) o [texto](/ruta) para enlaces. No se admiten estilos, imágenes ni código.";

/**
 * A Markdown text area for the staff editors (library panels, collection introductions): the
 * multi-line field with the Markdown hint. The server renders the text through
 * app/content/markdown.server.ts; nothing is checked in the browser.
 */
export function MarkdownField({ meta, label, rows = 12, hint = MARKDOWN_HINT }: { meta: FieldMeta; label: string; rows?: number; hint?: string }) {
  return <TextAreaField meta={meta} label={label} hint={hint} rows={rows} />;
}
