import crypto from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { registerParticipant } from "../../app/accounts/participants.server";
import { createUserSession, SESSION_COOKIE_NAME } from "../../app/accounts/session.server";
import type { ParticipantRole } from "../../app/db.server";
import { db } from "../../app/db.server";

export const TEST_PASSWORD = "Pediatria-2026!";

/**
 * A real participant account (registered through the accounts module, with a real password
 * hash) signed in in `context` through a server session, as the header and the catalogue see it.
 */
export async function signInAsNewParticipant(
  context: BrowserContext,
  baseURL: string,
  options: { name?: string; role?: ParticipantRole } = {},
) {
  const role = options.role ?? "EXTERNO";
  const name = options.name ?? "María López Hernández";
  const email = `e2e-${crypto.randomUUID()}@ejemplo.mx`;
  const outcome = await registerParticipant(
    db,
    {
      name,
      grade: role === "ESTUDIANTE" ? "ESTUDIANTE" : "Médico",
      institution: "IMSS",
      email,
      password: TEST_PASSWORD,
      age: 34,
      graduated: "SÍ",
      nationality: "Mexicana",
      state: "Jalisco",
      phone: "3312345678",
      role,
    },
    [],
  );
  if (!outcome.ok) throw new Error(`Could not register the test participant: ${outcome.reason}`);
  const setCookie = await createUserSession({ id: outcome.participant.id, name });
  const value = setCookie.split(";")[0]!.slice(SESSION_COOKIE_NAME.length + 1);
  await context.addCookies([{ name: SESSION_COOKIE_NAME, value, url: baseURL }]);
  return { ...outcome.participant, email, cookieValue: value };
}
