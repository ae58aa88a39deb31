// What a stored Markdown text may look like before marked is asked to render it (decision 0032).
// Client-safe (no zod, no marked): the forms' schemas in app/utils/text.ts use it.

/**
 * marked parses nested blocks and emphasis recursively: `"> " × 5000` (or `- ` × 5000) overflows
 * the stack, a few thousand lines each one level deeper than the last exhaust the heap, and a run
 * of 20 000 asterisks overflows too. No page needs more than a few levels, so a text past these
 * bounds is refused when it is saved, with the line to fix.
 */
export const MAX_MARKDOWN_NESTING = 10;
const MAX_LEADING_SPACES = 40;
const MAX_EMPHASIS_RUN = 100;

// A line's run of block containers: quotes and list markers, each after optional spaces.
const CONTAINER_PREFIX = /^(?:[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))+/;
const CONTAINER_MARKER = />|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)/g;
const EMPHASIS_RUN = new RegExp(`[*_]{${MAX_EMPHASIS_RUN + 1}}`);

/** Why a Markdown text would be too deep to render safely, in Spanish (with `label`); null when it is fine. */
export function markdownStructureProblem(source: string, label: string): string | null {
  const lines = source.split("\n");
  for (const [index, line] of lines.entries()) {
    const where = `(línea ${index + 1})`;
    const prefix = CONTAINER_PREFIX.exec(line)?.[0] ?? "";
    if ((prefix.match(CONTAINER_MARKER)?.length ?? 0) > MAX_MARKDOWN_NESTING) {
      return `«${label}» tiene citas («>») o listas anidadas en más de ${MAX_MARKDOWN_NESTING} niveles ${where}. Use menos niveles.`;
    }
    const leading = /^[ \t]*/.exec(line)![0].replace(/\t/g, "    ").length;
    if (leading > MAX_LEADING_SPACES) {
      return `«${label}» tiene una línea que empieza con más de ${MAX_LEADING_SPACES} espacios ${where}. Quite la sangría sobrante.`;
    }
    if (EMPHASIS_RUN.test(line)) {
      return `«${label}» tiene más de ${MAX_EMPHASIS_RUN} asteriscos o guiones bajos seguidos ${where}. Quite los sobrantes.`;
    }
  }
  return null;
}
