/** The evaluation builder's limits, shared by its page and its domain (client-safe). */
export const DEFAULT_PASSING_GRADE = 80;
/** The current site's two attempts. */
export const DEFAULT_ATTEMPTS = 2;
export const MAX_OPTIONS = 8;
export const MIN_OPTIONS = 2;

/** The answer field of a question in the /test form (`pregunta-<id>` → an option id). */
export function answerField(questionId: number): string {
  return `pregunta-${questionId}`;
}
