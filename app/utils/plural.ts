/**
 * Counted nouns in Spanish: "1 documento pendiente", "2 documentos pendientes", never
 * "documento(s)". The plural category comes from Intl.PluralRules (es-MX), the number from
 * Intl.NumberFormat ("1,200 días").
 */
const pluralRules = new Intl.PluralRules("es-MX");
const numberFormat = new Intl.NumberFormat("es-MX");

export interface NounForms {
  one: string;
  other: string;
}

/** The form of a noun phrase for `count` items, without the number. */
export function pluralForm(count: number, forms: NounForms): string {
  return pluralRules.select(count) === "one" ? forms.one : forms.other;
}

/** "1 documento pendiente", "3 documentos pendientes". */
export function countOf(count: number, forms: NounForms): string {
  return `${numberFormat.format(count)} ${pluralForm(count, forms)}`;
}

/** How long something has waited, in Mexico City calendar days: "hoy", "1 día", "12 días". */
export function waitingAge(days: number): string {
  return days <= 0 ? "hoy" : countOf(days, { one: "día", other: "días" });
}
