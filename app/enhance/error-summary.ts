/**
 * A form page that does not hydrate answers a refused post with its error summary: move focus
 * there, as the React ErrorSummary does on hydrated pages, so a screen reader starts with what to
 * fix and the keyboard is one Tab away from the first field named in it.
 */
export function focusErrorSummary(doc: Document) {
  doc.querySelector<HTMLElement>(".error-summary[tabindex='-1']")?.focus();
}
