import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { refuse, type Outcome } from "~/actions/outcome";
import { db } from "~/db.server";
import { verifyLogin, type ParticipantSummary } from "./participants.server";
import { clearAttempts, releaseAttempts } from "~/security/throttle.server";
import { accountKey, LOGIN_ACCOUNT_BUCKET } from "./rate-limit.server";

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

/** Refused 400 with code "invalid-credentials" (one generic message for a wrong e-mail or password). */
export type SignInOutcome = Outcome<{ user: ParticipantSummary }>;

async function postedAccountKey(request: Request): Promise<string> {
  const form = await request.clone().formData();
  return accountKey(String(form.get("student_email") ?? ""));
}

/**
 * Signs in with the posted form, after consumeLoginAttempt (rate-limit.server.ts) counted the
 * attempt before the password is checked, atomically, per account and per client address. A success clears
 * the account's attempts and does not count against the address.
 */
export async function signIn(request: Request, attempt: { attemptIds: number[] }): Promise<SignInOutcome> {
  const email = await postedAccountKey(request);
  try {
    const user = await authenticator.authenticate("form", request);
    await clearAttempts(db, LOGIN_ACCOUNT_BUCKET, email);
    await releaseAttempts(db, attempt.attemptIds);
    return { ok: true, user };
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) throw error;
    return refuse(400, { form: INVALID_CREDENTIALS_MESSAGE, code: "invalid-credentials" });
  }
}
