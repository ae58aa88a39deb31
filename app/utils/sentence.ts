/**
 * Ends a sentence with exactly one period: an es-MX time already ends with one ("1:19 p.m."),
 * so "… a las 1:19 p.m.." never reaches a page.
 */
export function sentence(text: string): string {
  return text.endsWith(".") ? text : `${text}.`;
}
