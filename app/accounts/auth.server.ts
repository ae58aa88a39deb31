import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { db } from "~/db.server";
import { verifyLogin, type ParticipantSummary } from "./participants.server";
import { clearAttempts, releaseAttempts } from "~/security/throttle.server";
import { accountKey, consumeLoginAttempt, LOGIN_ACCOUNT_BUCKET } from "./rate-limit.server";

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

export type SignInOutcome =
  | { ok: true; user: ParticipantSummary }
  | { ok: false; reason: "invalid-credentials" }
  | { ok: false; reason: "too-many-attempts"; retryAfterSeconds: number };

/**
 * Signs in with the posted form, throttled per account and per client address. The attempt is
 * counted before the password is checked (atomically, so concurrent attempts count each other):
 * once the window is full nothing is checked at all, not even a right password. A success clears
 * the account's attempts and does not count against the address.
 */
export async function signIn(request: Request, clientAddress: string): Promise<SignInOutcome> {
  const form = await request.clone().formData();
  const email = accountKey(String(form.get("student_email") ?? ""));
  const throttle = await consumeLoginAttempt(db, email, clientAddress);
  if (!throttle.ok) return { ok: false, reason: "too-many-attempts", retryAfterSeconds: throttle.retryAfterSeconds };
  try {
    const user = await authenticator.authenticate("form", request);
    await clearAttempts(db, LOGIN_ACCOUNT_BUCKET, email);
    await releaseAttempts(db, throttle.attemptIds);
    return { ok: true, user };
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) throw error;
    return { ok: false, reason: "invalid-credentials" };
  }
}
