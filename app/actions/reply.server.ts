import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { redirectWithToast } from "~/utils/toast.server";
import { problemMessages, type Refusal } from "./outcome";

/**
 * What every pipeline action answers when it does not succeed: the form's result (conform's
 * `submission.reply()`: the typed values and the messages) and, on pages with several forms, the
 * intent it answers, so each form shows only its own messages.
 */
export interface ActionReply {
  intent: string | null;
  result: SubmissionResult<string[]>;
}

/** Conform's submission, as far as the reply needs it. */
export interface Replying {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
    resetForm?: boolean;
  }): SubmissionResult<string[]>;
}

/**
 * THE ONE PLACE a refusal becomes HTTP: `data({ intent, result }, { status })`, the result carrying
 * the refusal's form-level and field messages beside the messages the submission already had, and
 * `Retry-After` when a throttle refused (tooManyAttempts).
 */
export function replyRefusal(submission: Replying, refusal: Refusal, intent: string | null, hideFields?: string[], headers?: Record<string, string>) {
  return data<ActionReply>(
    {
      intent,
      result: submission.reply({
        // Only what there is: conform keeps an empty list as an (empty) error.
        ...(refusal.problem.form.length ? { formErrors: refusal.problem.form } : {}),
        fieldErrors: refusal.problem.fields,
        ...(hideFields?.length ? { hideFields } : {}),
      }),
    },
    { status: refusal.status, headers: { ...headers, ...retryAfter(refusal) } },
  );
}

/** A throttled refusal tells the client when to try again (the route's `headers` passes it on: app/utils/retry-after.ts). */
function retryAfter(refusal: Refusal): Record<string, string> {
  const seconds = refusal.problem.retryAfterSeconds;
  return seconds === undefined ? {} : { "Retry-After": String(seconds) };
}

/** A refusal before any schema could read the body (unreadable, too large, unknown intent). */
export function replyUnread(fields: FormData, refusal: Refusal, intent: string | null, headers?: Record<string, string>) {
  return replyRefusal(parseWithZod(fields, { schema: z.object({}) }), refusal, intent, undefined, headers);
}

/**
 * A refusal of a form posted from another page (the pipeline's `backTo`): back there, 303, with its
 * messages in an error toast. A 404 has no page to go back to: it is the plain not-found answer.
 */
export async function redirectRefusal(to: string, refusal: Refusal, headers?: Record<string, string>): Promise<Response> {
  const description = problemMessages(refusal).join(" ") || "No pudimos hacer ese cambio.";
  if (refusal.status === 404) throw new Response(description, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return redirectWithToast(to, { type: "error", description }, { status: 303, headers });
}
