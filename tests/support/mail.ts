import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import { listCapturedMail, type CapturedMail } from "~/mail/outbox.server";

/**
 * Test-only mail helpers (moved out of app/mail/outbox.server.ts): the site's code reads the
 * captured outbox, but only tests wait for a message to arrive. Vitest and Playwright alike.
 */
export interface WaitForMailQuery {
  /** An SMTP recipient of the message, in any letter case. */
  to: string;
  /** A string the subject must contain, or a pattern it must match. */
  subject?: string | RegExp;
}

/**
 * Waits until a message for `to` (and with a matching subject) is in the outbox and returns the
 * newest one. Throws when none arrives in time: a missing message is the failure the test is about.
 */
export async function waitForMail(db: Kysely<DB>, query: WaitForMailQuery, timeoutMs = 5_000): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await listCapturedMail(db, { to: query.to, limit: 50 })).find((mail) => subjectMatches(mail.subject, query.subject));
    if (found) return found;
    if (Date.now() >= deadline) {
      const subject = query.subject === undefined ? "" : ` with subject ${String(query.subject)}`;
      throw new Error(`No captured mail to ${query.to}${subject} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function subjectMatches(subject: string, expected: string | RegExp | undefined): boolean {
  if (expected === undefined) return true;
  return typeof expected === "string" ? subject.includes(expected) : expected.test(subject);
}
