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

/**
 * Rows of questions joined with their options, in order, grouped per question. The builder and the
 * participant's page each run their own query (the participant's never selects `is_correct`).
 */
export function groupByQuestion<Row extends { questionId: number; prompt: string }, Option>(
  rows: readonly Row[],
  optionOf: (row: Row) => Option | null,
): { id: number; prompt: string; options: Option[] }[] {
  const questions: { id: number; prompt: string; options: Option[] }[] = [];
  for (const row of rows) {
    let question = questions.at(-1);
    if (!question || question.id !== row.questionId) {
      question = { id: row.questionId, prompt: row.prompt, options: [] };
      questions.push(question);
    }
    const option = optionOf(row);
    if (option !== null) question.options.push(option);
  }
  return questions;
}
