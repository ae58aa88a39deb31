import { refuse, type Outcome, type Refusal, type RefusalStatus } from "./outcome";

/**
 * NOT YET CONVERTED, ON PURPOSE: a few domain functions still return an older refusal shape because
 * an existing test asserts that shape (issue 23: "existing tests stay green without editing their
 * assertions"). Their routes still go through the pipeline: the step wraps the call in
 * `asOutcome`, the one place those shapes become a Refusal. The integrator deletes this file when
 * the assertions may change (tests/unit/outcome-shape.test.ts lists these modules).
 */
export interface LegacyRefusal {
  ok: false;
  status?: RefusalStatus | 500;
  formErrors?: readonly string[];
  fieldErrors?: Record<string, readonly string[] | null | undefined> | null;
  message?: string;
  reason?: string;
}

type Success<T> = T extends { ok: true } ? Omit<T, "ok"> : never;

/** The legacy outcome as THE Outcome; `reasons` gives the refusal of each `reason` word. */
export function asOutcome<T extends { ok: true } | LegacyRefusal>(outcome: T, reasons: Record<string, Refusal> = {}): Outcome<Success<T>> {
  if (outcome.ok) return outcome as unknown as Outcome<Success<T>>;
  const legacy = outcome as LegacyRefusal;
  if (legacy.reason !== undefined && reasons[legacy.reason] && !legacy.fieldErrors) return reasons[legacy.reason]!;
  const fields: Record<string, readonly string[]> = {};
  for (const [name, messages] of Object.entries(legacy.fieldErrors ?? {})) if (messages?.length) fields[name] = messages;
  const status = legacy.status === undefined || legacy.status === 500 ? 400 : legacy.status;
  return refuse(status, {
    form: legacy.formErrors ?? (legacy.message === undefined ? [] : [legacy.message]),
    fields,
    ...(legacy.reason === undefined ? {} : { code: legacy.reason }),
  });
}
