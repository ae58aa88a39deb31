/**
 * The one wording for what a file field takes, on every form and message: "JPG, PNG o PDF, de 1 MB
 * como máximo" (issue 21; the seed's "(JPG, .PNG, .PDF y máximo 1MB)" said it three ways at once).
 * Pure: the browser's hints and the server's messages use it alike.
 */
const FORMAT_LIST = new Intl.ListFormat("es-MX", { type: "disjunction" });

/** "JPG, PNG o PDF, de 1 MB como máximo" for (["JPG", "PNG", "PDF"], 1). */
export function fileLimits(formats: readonly string[], maxMegabytes: number): string {
  return `${FORMAT_LIST.format(formats)}, de ${maxMegabytes} MB como máximo`;
}
