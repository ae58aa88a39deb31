/**
 * THE ONE OUTCOME of every domain step (issue 23). A step either succeeds, with whatever it
 * reports beside `ok: true`, or it is refused with exactly two keys beside `ok: false`:
 *
 *   - `status`: the HTTP status the route answers with (4xx; never a 500 for a refusal);
 *   - `problem`: what to fix, in Spanish: form-level messages, messages per field, and an
 *     optional machine word (`code`) for the callers that branch on why.
 *
 * Build refusals with `refuse()` / `notFound()`; a route turns one into its answer in one place
 * (app/actions/reply.server.ts). tests/unit/outcome-shape.test.ts keeps every `ok: false` in app/
 * to this shape.
 */
export type Outcome<Done extends object = object> = ({ ok: true } & Done) | Refusal;

export interface Refusal {
  ok: false;
  status: RefusalStatus;
  problem: Problem;
}

export interface Problem {
  /** Form-level messages (the error summary). */
  form: string[];
  /** Messages per field name. */
  fields: Record<string, string[]>;
  /** A stable machine word for callers that branch on the reason (never shown to people). */
  code?: string;
  /** A throttle's wait (tooManyAttempts): the reply adds `Retry-After` with these seconds. */
  retryAfterSeconds?: number;
}

export type RefusalStatus = 400 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

export interface ProblemInput {
  form?: string | readonly string[];
  fields?: Record<string, string | readonly string[] | null | undefined>;
  code?: string;
}

/** A refusal: `refuse(409, "Ya no quedan lugares.")` or `refuse(400, { fields: { email: "…" } })`. */
export function refuse(status: RefusalStatus, problem: string | ProblemInput): Refusal {
  const input: ProblemInput = typeof problem === "string" ? { form: problem } : problem;
  const form = input.form === undefined ? [] : typeof input.form === "string" ? [input.form] : [...input.form];
  const fields: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(input.fields ?? {})) {
    if (messages === null || messages === undefined) continue;
    const list = typeof messages === "string" ? [messages] : [...messages];
    if (list.length) fields[name] = list;
  }
  return { ok: false, status, problem: input.code === undefined ? { form, fields } : { form, fields, code: input.code } };
}

/** The record a step was asked about does not exist (or is not this person's to see). */
export function notFound(message = "No encontramos lo que busca."): Refusal {
  return refuse(404, { form: message, code: "no_encontrado" });
}

/**
 * A throttle refused the attempt before any work was done: 429 with the Spanish message and the
 * seconds until it has room, which the reply sends as `Retry-After` (app/actions/reply.server.ts).
 */
export function tooManyAttempts(message: string, retryAfterSeconds: number): Refusal {
  const refusal = refuse(429, { form: message, code: "too-many-attempts" });
  return { ...refusal, problem: { ...refusal.problem, retryAfterSeconds } };
}

/** Every message of a refusal in one list (form-level first), e.g. for a toast or a plain-text answer. */
export function problemMessages(refusal: Refusal): string[] {
  return [...refusal.problem.form, ...Object.values(refusal.problem.fields).flat()];
}

/** Every message a pipeline reply carries (form-level first), for a screen that shows them in one place. */
export function replyMessages(reply: { result: { error?: Record<string, readonly string[] | null> | null } } | undefined | null): string[] {
  const error = reply?.result.error ?? {};
  return [...(error[""] ?? []), ...Object.entries(error).flatMap(([name, messages]) => (name === "" ? [] : (messages ?? [])))];
}
