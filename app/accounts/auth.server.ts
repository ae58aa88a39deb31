import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { db } from "~/db.server";
import { verifyLogin, type ParticipantSummary } from "./participants.server";
import { clearLoginFailures, isLoginBlocked, recordLoginFailure } from "./rate-limit.server";

export const INVALID_CREDENTIALS_MESSAGE = "El correo electrónico o la contraseña no son correctos. Revíselos e intente de nuevo.";

/** Wrong e-mail or wrong password: the page shows one generic message for both. */
export class InvalidCredentialsError extends Error {
  override name = "InvalidCredentialsError";
}

/**
 * remix-auth with the form strategy: the seed's field names (student_email, student_password).
 * The strategy only identifies the participant; the session is ours (app/accounts/session.server.ts).
 */
export const authenticator = new Authenticator<ParticipantSummary>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const email = form.get("student_email");
    const password = form.get("student_password");
    if (typeof email !== "string" || typeof password !== "string" || !email.trim() || !password) throw new InvalidCredentialsError();
    const participant = await verifyLogin(db, email.trim().toLowerCase(), password);
    if (!participant) throw new InvalidCredentialsError();
    return participant;
  }),
  "form",
);

export type SignInOutcome = { ok: true; user: ParticipantSummary } | { ok: false; reason: "invalid-credentials" | "too-many-attempts" };

/**
 * Signs in with the posted form, rate-limited per account and per client address: a blocked
 * account or address is refused before the password is even checked, each failure is recorded,
 * and a success clears the account's failures.
 */
export async function signIn(request: Request, clientAddress: string): Promise<SignInOutcome> {
  const form = await request.clone().formData();
  const email = String(form.get("student_email") ?? "").trim().toLowerCase();
  if (await isLoginBlocked(db, email, clientAddress)) return { ok: false, reason: "too-many-attempts" };
  try {
    const user = await authenticator.authenticate("form", request);
    await clearLoginFailures(db, email);
    return { ok: true, user };
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) throw error;
    await recordLoginFailure(db, email, clientAddress);
    return { ok: false, reason: "invalid-credentials" };
  }
}
