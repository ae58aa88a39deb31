import crypto from "node:crypto";
import { createCookie, createSessionStorage, type Session, type SessionStorage } from "@remix-run/node";
import { readConfig } from "~/config.server";
import { db } from "~/db.server";
import { getOrCreateSecret } from "~/utils/secrets.server";
import { singleton } from "~/utils/singleton.server";

/** What the server keeps in a signed-in visitor's session. */
export interface SessionData {
  participantId?: number;
  participantName?: string;
}

type AppSession = Session<SessionData, SessionData>;

export const SESSION_COOKIE_NAME = "himfg_session";

/**
 * Sessions live in SQLite; the cookie carries only a random id (HttpOnly, SameSite=Lax,
 * Secure when the site is served over HTTPS). Sign-out deletes the row, so a stolen cookie dies
 * with it.
 */
export function getSessionStorage(): Promise<SessionStorage<SessionData, SessionData>> {
  return singleton("session-storage", async () => {
    const config = readConfig();
    const secret = await getOrCreateSecret(db, "session", config.SESSION_SECRET);
    const maxAge = config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60;
    const cookie = createCookie(SESSION_COOKIE_NAME, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: config.PUBLIC_URL?.startsWith("https://") ?? false,
      secrets: [secret],
      maxAge,
    });
    return createSessionStorage<SessionData, SessionData>({
      cookie,
      async createData(data, expires) {
        const id = crypto.randomBytes(32).toString("base64url");
        await db
          .insertInto("sessions")
          .values({
            id,
            data: JSON.stringify(data),
            expires_at: (expires ?? new Date(Date.now() + maxAge * 1000)).toISOString(),
          })
          .execute();
        return id;
      },
      async readData(id) {
        const row = await db.selectFrom("sessions").select(["data", "expires_at"]).where("id", "=", id).executeTakeFirst();
        if (!row) return null;
        if (new Date(row.expires_at).getTime() <= Date.now()) {
          await db.deleteFrom("sessions").where("id", "=", id).execute();
          return null;
        }
        return JSON.parse(row.data) as SessionData;
      },
      async updateData(id, data, expires) {
        await db
          .updateTable("sessions")
          .set({
            data: JSON.stringify(data),
            expires_at: (expires ?? new Date(Date.now() + maxAge * 1000)).toISOString(),
          })
          .where("id", "=", id)
          .execute();
      },
      async deleteData(id) {
        await db.deleteFrom("sessions").where("id", "=", id).execute();
      },
    });
  });
}

export async function getSession(request: Request): Promise<AppSession> {
  const storage = await getSessionStorage();
  return storage.getSession(request.headers.get("Cookie"));
}

export interface SessionUser {
  id: number;
  name: string;
}

/** The signed-in participant, or null. Accounts arrive with the registration issue. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const session = await getSession(request);
  const id = session.get("participantId");
  if (typeof id !== "number") return null;
  return { id, name: session.get("participantName") ?? "" };
}

/** Starts a fresh session (a new id every sign-in) and returns its Set-Cookie header. */
export async function createUserSession(user: SessionUser): Promise<string> {
  const storage = await getSessionStorage();
  const session = await storage.getSession();
  session.set("participantId", user.id);
  session.set("participantName", user.name);
  return storage.commitSession(session);
}

/** Ends the session on the server and returns the Set-Cookie header that clears the cookie. */
export async function destroyUserSession(request: Request): Promise<string> {
  const storage = await getSessionStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  return storage.destroySession(session);
}

export async function deleteExpiredSessions(): Promise<number> {
  const result = await db.deleteFrom("sessions").where("expires_at", "<=", new Date().toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
