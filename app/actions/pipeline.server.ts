import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { requireUser } from "~/accounts/session.server";
import { parseFormWithFiles, type CheckedFile, type FileRule } from "~/accounts/uploads.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffRole } from "~/staff/staff";
import type { ParticipantContext, PublicContext, StaffContext } from "./context";
import { refuse, type Outcome, type Refusal } from "./outcome";
import { redirectRefusal, replyRefusal, replyUnread, type ActionReply, type Replying } from "./reply.server";
import { requireStaffForResource } from "~/staff/teaching/route-helpers.server";

/*
 * THE ONE ACTION PIPELINE (issue 23, decision 0047). A route action declares who may use it, how
 * its body is read, and per intent a schema, the domain step and what success answers:
 *
 *   request → guard (requireStaff / requireUser) → read body (form or uploads, size-capped)
 *     → intent (the `intent` field) → parse (conform + zod) → step(ctx, input): Outcome
 *     → refusal: replyRefusal (one place) | success: the intent's `done` (redirect + toast, data)
 *
 * The step gets ONE context (StaffContext, ParticipantContext or, for anonymous forms,
 * PublicContext) and returns an Outcome
 * (app/actions/outcome.ts), built with refuse()/notFound() when it refuses.
 */

/** The intent of a page's main form, posted without an `intent` field. */
export const DEFAULT_INTENT = "";

/** The body as read: the text fields, the files that passed their rules, a message per refused file. */
export interface Body {
  fields: FormData;
  files: Map<string, CheckedFile>;
  fileErrors: Record<string, string[]>;
}

export type BodyReader = (request: Request) => Promise<Outcome<{ body: Body }>>;

export const UNREADABLE_FORM = "No pudimos leer el formulario. Vuelva a intentarlo.";
export const UNKNOWN_INTENT = "No entendimos qué hacer con este formulario. Use los botones de la página.";

/**
 * An ordinary form (urlencoded or multipart without files). Read from a clone, so a step that hands
 * the request on (sign-in's remix-auth strategy reads the posted form itself) still can.
 */
export const formBody: BodyReader = async (request) => {
  try {
    return { ok: true, body: { fields: await request.clone().formData(), files: new Map(), fileErrors: {} } };
  } catch {
    return refuse(400, UNREADABLE_FORM);
  }
};

/** A post whose body means nothing (sign-out): not read at all, so an empty or odd body is no error. */
export const noBody: BodyReader = async () => ({ ok: true, body: { fields: new FormData(), files: new Map(), fileErrors: {} } });

/**
 * A form that may carry files, one rule per file field (type read from the bytes, size per
 * field), the whole body capped at `maxBytes` (the route's `maxBodyBytes`): too large → 413 with
 * `tooLarge`. An ordinary urlencoded body is read too (no files), so one reader serves every
 * intent of a page where only some forms upload.
 */
export function uploadBody(rules: Record<string, FileRule>, options: { maxBytes: number; tooLarge: string }): BodyReader {
  return async (request) => {
    // A form without files (another intent of the page) keeps every text field, also one named like a file field.
    if (!(request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) return formBody(request);
    const form = await parseFormWithFiles(request, rules, options.maxBytes);
    if (!form.ok) return form.status === 413 ? refuse(413, options.tooLarge) : refuse(400, UNREADABLE_FORM);
    return { ok: true, body: { fields: form.fields, files: form.files, fileErrors: form.fileErrors } };
  };
}

/** What a step and a `done` get beside the context. */
export interface StepInput<Value> {
  value: Value;
  /** The text fields as posted, for a check that reads them beside the schema's value. */
  fields: FormData;
  /** The files that passed their rules (uploadBody), by field name. */
  files: Map<string, CheckedFile>;
  /** The route's arguments (params, request, context). */
  args: ActionFunctionArgs;
  /** The submission's reply (typed values, messages), for a success that answers with the form again. */
  reply: Replying["reply"];
}

export interface IntentSpec<Context, Schema extends z.ZodType, Done extends object, Answer> {
  schema: Schema;
  /**
   * File fields this intent needs, each with the message shown when it is missing. When that
   * depends on the other fields (register: the profile), a function of them: it names the file
   * fields the post uses (only their own messages show: another profile's file is not checked),
   * or null, when it cannot tell (then none is required and every file's own message shows).
   */
  requiredFiles?: Record<string, string> | ((fields: FormData) => Record<string, string> | null);
  /** Fields never sent back in the reply (passwords). */
  hideFields?: string[];
  /**
   * Checks between fields or against the database, read from the raw fields, whose messages show
   * together with the schema's (every error at once); any message refuses with 400. `body` has
   * the files, for a file needed only by some answers (donacion: the constancia with a receipt).
   */
  precheck?: (fields: FormData, args: ActionFunctionArgs, body: Body) => Promise<Record<string, string[]>> | Record<string, string[]>;
  /** The domain step: one context, the parsed input; it refuses with refuse()/notFound(). */
  step: (ctx: Context, input: StepInput<z.output<Schema>>) => Promise<Outcome<Done>> | Outcome<Done>;
  /** The success answer: usually a redirect with a toast; or data for the page. */
  done: (outcome: { ok: true } & Done, input: StepInput<z.output<Schema>>) => Answer | Promise<Answer>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyIntent<Context> = IntentSpec<Context, any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnswerOf<I> = I extends IntentSpec<any, any, any, infer Answer> ? Awaited<Answer> : never;

/** One intent of a multi-intent action, its types inferred (the context fixed by the action kind). */
type IntentOf<Context> = <Schema extends z.ZodType, Done extends object, Answer>(
  spec: IntentSpec<Context, Schema, Done, Answer>,
) => IntentSpec<Context, Schema, Done, Answer>;
const asIntent = <Spec>(spec: Spec) => spec;
export const staffIntent: IntentOf<StaffContext> = asIntent;
export const participantIntent: IntentOf<ParticipantContext> = asIntent;
export const publicIntent: IntentOf<PublicContext> = asIntent;

interface Common {
  /** How the body is read: `formBody` (the default) or `uploadBody(rules, …)`. */
  read?: BodyReader;
  /** Headers every refusal of this action carries (donacion: no-store); a `done` sets its own. */
  headers?: Record<string, string>;
  /**
   * A resource route whose buttons live on another page (the editor's «Descartar», «Retirar»):
   * every refusal goes back to that page, a 303 with an error toast (a 404 is the not-found
   * answer: there is no page to go back to), and a staff guard's refusal is the plain-text 403.
   */
  backTo?: (args: ActionFunctionArgs) => string;
}

type Single<Context, Schema extends z.ZodType, Done extends object, Answer> = Common & IntentSpec<Context, Schema, Done, Answer>;
type Multi<Context, Intents extends Record<string, AnyIntent<Context>>> = Common & { intents: Intents };

/**
 * The intent a post asks for: its `intent` field (a submit button's name/value or a hidden input).
 * An address that still carries `?intent=` (a page rendered before the convention, an old test)
 * is read as a fallback, here and nowhere else.
 */
export function intentOf(fields: FormData, request: Request): string | null {
  const field = fields.get("intent");
  if (typeof field === "string" && field !== "") return field;
  return new URL(request.url).searchParams.get("intent");
}

type AnySpec<Context> = Common & (AnyIntent<Context> | { intents: Record<string, AnyIntent<Context>> });

async function run<Context>(args: ActionFunctionArgs, ctx: Context, actionSpec: AnySpec<Context>): Promise<unknown> {
  const reading = await (actionSpec.read ?? formBody)(args.request);
  const headers = actionSpec.headers;
  const back = actionSpec.backTo?.(args);
  if (back !== undefined) return runBack(args, ctx, actionSpec, reading, back);
  if (!reading.ok) return replyUnread(new FormData(), reading, null, headers);
  const { fields, files, fileErrors } = reading.body;
  const intent = intentOf(fields, args.request);
  // A post without an intent is the page's main form: the intent written "" (DEFAULT_INTENT).
  const key = intent ?? DEFAULT_INTENT;
  const intents = "intents" in actionSpec ? actionSpec.intents : null;
  const spec = intents ? (Object.hasOwn(intents, key) ? intents[key] : null) : (actionSpec as AnyIntent<Context>);
  if (!spec) return replyUnread(fields, refuse(400, UNKNOWN_INTENT), intent, headers);

  const submission = parseWithZod(fields, { schema: spec.schema });
  const required = typeof spec.requiredFiles === "function" ? spec.requiredFiles(fields) : spec.requiredFiles;
  const missing: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(required ?? {})) {
    if (!files.has(name) && !fileErrors[name]) missing[name] = [message];
  }
  const used = typeof spec.requiredFiles === "function" && required ? Object.keys(required) : null;
  const shownFileErrors = used ? Object.fromEntries(Object.entries(fileErrors).filter(([name]) => used.includes(name))) : fileErrors;
  const checked = spec.precheck ? await spec.precheck(fields, args, reading.body) : {};
  const extraProblems = mergeMessages(checked, shownFileErrors, missing);
  if (submission.status !== "success") {
    // A conform list intent («Agregar fila») has no status: it is answered, not refused.
    const status = submission.status === "error" ? 400 : 200;
    const fieldErrors = mergeMessages(submission.error ?? {}, extraProblems);
    return data<ActionReply>({ intent, result: submission.reply({ fieldErrors, ...hide(spec) }) }, { status, headers });
  }
  if (Object.keys(extraProblems).length > 0)
    return replyRefusal(submission, refuse(400, { fields: extraProblems }), intent, spec.hideFields, headers);

  const input: StepInput<unknown> = { value: submission.value, fields, files, args, reply: (options) => submission.reply(options) };
  const outcome = await spec.step(ctx, input);
  if (!outcome.ok) return replyRefusal(submission, outcome as Refusal, intent, spec.hideFields, headers);
  return spec.done(outcome, input);
}

/** `backTo`: the same steps, every refusal a redirect back with its messages in a toast. */
async function runBack<Context>(
  args: ActionFunctionArgs,
  ctx: Context,
  actionSpec: AnySpec<Context>,
  reading: Outcome<{ body: Body }>,
  back: string,
): Promise<unknown> {
  const headers = actionSpec.headers;
  if (!reading.ok) return redirectRefusal(back, reading, headers);
  const { fields, files, fileErrors } = reading.body;
  const key = intentOf(fields, args.request) ?? DEFAULT_INTENT;
  const intents = "intents" in actionSpec ? actionSpec.intents : null;
  const spec = intents ? (Object.hasOwn(intents, key) ? intents[key] : null) : (actionSpec as AnyIntent<Context>);
  if (!spec) return redirectRefusal(back, refuse(400, UNKNOWN_INTENT), headers);
  const submission = parseWithZod(fields, { schema: spec.schema });
  const checked = spec.precheck ? await spec.precheck(fields, args, reading.body) : {};
  const problems = mergeMessages(submission.status === "success" ? {} : (submission.error ?? {}), checked, fileErrors);
  if (submission.status !== "success" || Object.keys(problems).length > 0) return redirectRefusal(back, refuse(400, { fields: problems }), headers);
  const input: StepInput<unknown> = { value: submission.value, fields, files, args, reply: (options) => submission.reply(options) };
  const outcome = await spec.step(ctx, input);
  if (!outcome.ok) return redirectRefusal(back, outcome as Refusal, headers);
  return spec.done(outcome, input);
}

function hide(spec: { hideFields?: string[] }) {
  return spec.hideFields?.length ? { hideFields: spec.hideFields } : {};
}

function mergeMessages(...maps: Record<string, readonly string[] | null | undefined>[]): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  for (const map of maps) {
    for (const [name, messages] of Object.entries(map)) {
      // A message two checks both give (the schema and a precheck) shows once.
      if (messages?.length) merged[name] = [...new Set([...(merged[name] ?? []), ...messages])];
    }
  }
  return merged;
}

function requestIdOf(args: ActionFunctionArgs): string | null {
  return args.context?.requestId ?? null;
}

/** The StaffContext of a request whose staff member the guard already let in (loaders, resource routes). */
export function staffContextOf(actor: StaffContext["actor"], context: AppLoadContext | undefined): StaffContext {
  return { actor, requestId: context?.requestId ?? null };
}

type ActionFn<Answer> = (args: ActionFunctionArgs) => Promise<ReturnType<typeof data<ActionReply>> | Answer>;

/** An action kind (staff, participant, public): one intent or several, `Extra` what the kind declares beside them. */
interface ActionKind<Context, Extra> {
  <Schema extends z.ZodType, Done extends object, Answer>(spec: Single<Context, Schema, Done, Answer> & Extra): ActionFn<Awaited<Answer>>;
  <Intents extends Record<string, AnyIntent<Context>>>(spec: Multi<Context, Intents> & Extra): ActionFn<AnswerOf<Intents[keyof Intents]>>;
}

/** The one path of every kind: its guard builds the context, then the same pipeline runs. */
function actionKind<Context, Extra extends object = object>(
  contextOf: (args: ActionFunctionArgs, spec: Extra) => Promise<Context> | Context,
): ActionKind<Context, Extra> {
  return ((spec: AnySpec<Context> & Extra) => async (args: ActionFunctionArgs) => run(args, await contextOf(args, spec), spec)) as ActionKind<
    Context,
    Extra
  >;
}

/**
 * A staff route's action. `access` is the route's `staffAccess` (or a narrower list when some of
 * the roles that may see the page may not change it). In a route module, build it INSIDE the
 * action (a top-level call of a .server import breaks the browser bundle, where the import is empty):
 *
 *   export const action = (args: ActionFunctionArgs) =>
 *     staffAction({ access: staffAccess, schema, step: (ctx, { value }) => …, done: () => redirectWithToast(…) })(args);
 *   export const action = (args: ActionFunctionArgs) =>
 *     staffAction({ access: staffAccess, intents: { pago: staffIntent({…}), reembolso: staffIntent({…}) } })(args);
 */
export const staffAction = actionKind<StaffContext, { access: readonly StaffRole[] }>(
  async (args, spec: Common & { access: readonly StaffRole[] }) => ({
    actor: spec.backTo ? await requireStaffForResource(args.request, spec.access) : await requireStaff(args.request, spec.access),
    requestId: requestIdOf(args),
  }),
);

/** A participant route's action: the same pipeline behind `requireUser`, with a ParticipantContext. */
export const participantAction = actionKind<ParticipantContext>(async (args) => ({
  participant: await requireUser(args.request),
  requestId: requestIdOf(args),
}));

/**
 * An anonymous (public) form's action: the same pipeline without a session guard, with a
 * PublicContext. A throttle counts in the step, before the work, and refuses with
 * tooManyAttempts() (429 + Retry-After).
 */
export const publicAction = actionKind<PublicContext>((args) => ({
  clientAddress: args.context?.clientAddress ?? "unknown",
  requestId: requestIdOf(args),
}));
