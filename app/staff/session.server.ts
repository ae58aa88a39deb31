import crypto from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import type { Kysely, Transaction } from "kysely";
import { readConfig } from "~/config.server";
import { db, type DB } from "~/db.server";
import { getOrCreateSecret } from "~/utils/secrets.server";
import { singleton } from "~/utils/singleton.server";
import type { StaffRole, StaffUser } from "./staff";
import * as clock from "~/utils/clock.server";

/**
 * Staff sessions, kept apart from participants' (decision 0015): their own cookie, their own table,
 * and the table stores only the SHA-256 of the random id the signed cookie carries. A session is
 * 'contrasena' for a few minutes after the password (waiting for the TOTP code), then 'activa'
 * and slides: it ends after 8 hours without a request.
 */
export const STAFF_COOKIE_NAME = "himfg_staff";
export const STAFF_IDLE_MS = 8 * 60 * 60 * 1000;
export const STAFF_CODE_STEP_MS = 5 * 60 * 1000;
// Sliding expiry costs a write; a session touched less than a minute ago is not written again.
const TOUCH_EVERY_MS = 60 * 1000;

function staffCookie(): Promise<Cookie> {
  return singleton("staff-session-cookie", async () => {
    const config = readConfig();
    const secret = await getOrCreateSecret(db, "session", config.SESSION_SECRET);
    // No Max-Age: the browser forgets it when closed; the server enforces the idle limit.
    return createCookie(STAFF_COOKIE_NAME, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: config.PUBLIC_URL?.startsWith("https://") ?? false,
      secrets: [secret],
    });
  });
}

function hashId(id: string): string {
  return crypto.createHash("sha256").update(id).digest("hex");
}

async function readSessionId(request: Request): Promise<string | null> {
  const cookie = await staffCookie();
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length >= 40 && value.length <= 64 ? value : null;
}

export type StaffSessionStage = "contrasena" | "activa";

interface SessionRow {
  idHash: string;
  stage: StaffSessionStage;
  user: StaffUser;
}

async function findSession(request: Request, now: Date): Promise<SessionRow | null> {
  const id = await readSessionId(request);
  if (!id) return null;
  const idHash = hashId(id);
  const row = await db
    .selectFrom("staff_sessions")
    .innerJoin("staff_members", "staff_members.id", "staff_sessions.staff_id")
    .select([
      "staff_sessions.stage",
      "staff_sessions.expires_at",
      "staff_sessions.last_seen_at",
      "staff_members.id",
      "staff_members.email",
      "staff_members.name",
      "staff_members.role",
      "staff_members.status",
    ])
    .where("staff_sessions.id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row) return null;
  if (new Date(row.expires_at).getTime() <= now.getTime() || row.status !== "activa") {
    await db.deleteFrom("staff_sessions").where("id_hash", "=", idHash).execute();
    return null;
  }
  if (row.stage === "activa" && now.getTime() - new Date(row.last_seen_at).getTime() >= TOUCH_EVERY_MS) {
    await db
      .updateTable("staff_sessions")
      .set({ last_seen_at: now.toISOString(), expires_at: new Date(now.getTime() + STAFF_IDLE_MS).toISOString() })
      .where("id_hash", "=", idHash)
      .execute();
  }
  return { idHash, stage: row.stage, user: { id: row.id, email: row.email, name: row.name, role: row.role as StaffRole } };
}

/** The signed-in staff member (both factors done, active account), or null. Slides the idle limit. */
export async function getStaffUser(request: Request, now = clock.now()): Promise<StaffUser | null> {
  const session = await findSession(request, now);
  return session?.stage === "activa" ? session.user : null;
}

/** The staff member who gave the right password and still owes the TOTP code, or null. */
export async function getPendingStaff(request: Request, now = clock.now()): Promise<StaffUser | null> {
  const session = await findSession(request, now);
  return session?.stage === "contrasena" ? session.user : null;
}

/**
 * Starts a fresh session (a new id every time, the request's old staff session is deleted) and
 * returns its Set-Cookie header.
 */
export async function createStaffSession(
  request: Request | null,
  staffId: number,
  stage: StaffSessionStage,
  now = clock.now(),
  executor: Kysely<DB> | Transaction<DB> = db,
): Promise<string> {
  if (request) await deleteRequestSession(request, executor);
  const id = crypto.randomBytes(32).toString("base64url");
  const ttl = stage === "activa" ? STAFF_IDLE_MS : STAFF_CODE_STEP_MS;
  await executor
    .insertInto("staff_sessions")
    .values({
      id_hash: hashId(id),
      staff_id: staffId,
      stage,
      expires_at: new Date(now.getTime() + ttl).toISOString(),
      last_seen_at: now.toISOString(),
    })
    .execute();
  const cookie = await staffCookie();
  return cookie.serialize(id);
}

async function deleteRequestSession(request: Request, executor: Kysely<DB> | Transaction<DB> = db): Promise<void> {
  const id = await readSessionId(request);
  if (id) await executor.deleteFrom("staff_sessions").where("id_hash", "=", hashId(id)).execute();
}

/** Ends the request's staff session on the server and returns the Set-Cookie header that clears it. */
export async function destroyStaffSession(request: Request): Promise<string> {
  await deleteRequestSession(request);
  const cookie = await staffCookie();
  return cookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Ends every session of a staff member (deactivated, role changed). */
export async function destroyStaffSessions(executor: Kysely<DB> | Transaction<DB>, staffId: number): Promise<void> {
  await executor.deleteFrom("staff_sessions").where("staff_id", "=", staffId).execute();
}

export async function deleteExpiredStaffSessions(now = clock.now()): Promise<number> {
  const result = await db.deleteFrom("staff_sessions").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
