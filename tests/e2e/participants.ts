import type { BrowserContext } from "@playwright/test";
import { SESSION_COOKIE_NAME } from "../../app/accounts/session.server";
import type { ParticipantRole } from "../../app/db.server";
import { createParticipant, sessionCookieFor, TEST_PASSWORD } from "../factories";

export { TEST_PASSWORD };

/**
 * A real participant account (registered through the accounts module, with a real password
 * hash) signed in in `context` through a server session, as the header and the catalogue see it.
 * Prefer the `signInAsParticipant` fixture (fixtures.ts), which also removes the account afterwards.
 */
export async function signInAsNewParticipant(context: BrowserContext, baseURL: string, options: { name?: string; role?: ParticipantRole } = {}) {
  const participant = await createParticipant({ name: options.name, role: options.role });
  const value = (await sessionCookieFor(participant)).slice(SESSION_COOKIE_NAME.length + 1);
  await context.addCookies([{ name: SESSION_COOKIE_NAME, value, url: baseURL }]);
  return { ...participant, cookieValue: value };
}
