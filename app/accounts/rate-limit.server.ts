import type { Kysely } from "kysely";
import type { DB } from "~/db.server";

/**
 * Sign-in throttling: after 5 failures for one account, or 20 from one client address, within 15
 * minutes, further attempts are refused (even with the right password) until the window passes.
 * Failures are rows in SQLite so the limit holds across restarts; a success clears the account's.
 */
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const TOO_MANY_ATTEMPTS_MESSAGE = "Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.";

function windowStart(now: Date): string {
  return new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000).toISOString();
}

export function accountKey(email: string): string {
  return email.trim().toLowerCase().slice(0, 254);
}

export async function isLoginBlocked(db: Kysely<DB>, email: string, clientAddress: string, now = new Date()): Promise<boolean> {
  const since = windowStart(now);
  const [byAccount, byAddress] = await Promise.all([
    db
      .selectFrom("login_failures")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("account_key", "=", accountKey(email))
      .where("failed_at", ">", since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("login_failures")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("client_address", "=", clientAddress)
      .where("failed_at", ">", since)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(byAccount.n) >= MAX_FAILURES_PER_ACCOUNT || Number(byAddress.n) >= MAX_FAILURES_PER_ADDRESS;
}

export async function recordLoginFailure(db: Kysely<DB>, email: string, clientAddress: string, now = new Date()): Promise<void> {
  await db.insertInto("login_failures").values({ account_key: accountKey(email), client_address: clientAddress, failed_at: now.toISOString() }).execute();
  // Keep the table small: old rows no longer count for anything.
  await db.deleteFrom("login_failures").where("failed_at", "<=", windowStart(now)).execute();
}

export async function clearLoginFailures(db: Kysely<DB>, email: string): Promise<void> {
  await db.deleteFrom("login_failures").where("account_key", "=", accountKey(email)).execute();
}
