import crypto from "node:crypto";
import { createCookie, createSessionStorage, redirect, type Session, type SessionStorage } from "@remix-run/node";
import { sql, type Kysely } from "kysely";
import type { Profile } from "~/courses/pricing";
import type { StartedCardPayment } from "~/payments/payment-ui";
import { readConfig } from "~/config.server";
import { databaseWrites, db, type DB } from "~/db.server";
import { getOrCreateSecret } from "~/utils/secrets.server";
import { singleton } from "~/utils/singleton.server";
import * as clock from "~/utils/clock.server";
import { compiledOnce } from "~/utils/compiled-query.server";

/** What the server keeps in a signed-in visitor's session. */
export interface SessionData {
  participantId?: number;
  participantName?: string;
  /** The course chosen in the catalogue, kept on the server until registration or payment. */
  chosenCourseId?: number;
  /** For a course with both modalities (3): what the participant picked at registration. */
  chosenModality?: ChosenModality;
  /**
   * A card payment the action just started, flashed for the page it redirects to (read once):
   * the action answers 303 instead of rendering after its write (decision 0031).
   */
  startedCardPayment?: StartedCardPayment;
}

export type ChosenModality = "presencial" | "en_linea";

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
        const [row] = await sessionById(db, id);
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
  email: string;
  /** The participant's profile (role): it decides prices and required documents. */
  profile: Profile;
}

/** The small form that asks a participant registered without it whether they graduated. */
export const GRADUATED_QUESTION_PATH = "/profile/egresado";

/** Where a participant goes to answer the graduated question, and back to `destination` after it. */
export function graduatedQuestionHref(destination: string): string {
  return `${GRADUATED_QUESTION_PATH}?redirectTo=${encodeURIComponent(destination)}`;
}

/**
 * The signed-in participant and whether their graduated answer is unknown (registered through the
 * API without it), or null.
 */
export function getSessionParticipant(request: Request): Promise<SessionParticipant | null> {
  // A page's loaders (the root's frame and the route's own) ask for the same request: one cookie
  // check and one read serve them all — while nothing was written since (databaseWrites counts
  // every writing statement of this process), so a changed name, a deleted account or a closed
  // session is read again. Only for GET/HEAD. The loaders share the Request object thanks to the
  // server runtime's patch (decision 0066).
  if (request.method !== "GET" && request.method !== "HEAD") return readSessionParticipant(request);
  const kept = participantOfRequest.get(request);
  if (kept && kept.writes === databaseWrites.count) return kept.participant;
  const participant = readSessionParticipant(request);
  participantOfRequest.set(request, { participant, writes: databaseWrites.count });
  return participant;
}

type SessionParticipant = { user: SessionUser; graduatedUnknown: boolean };
const participantOfRequest = new WeakMap<Request, { participant: Promise<SessionParticipant | null>; writes: number }>();

// Both run on every signed-in request: compiled once (issue 22).
const sessionById = compiledOnce((database, id: string) => database.selectFrom("sessions").select(["data", "expires_at"]).where("id", "=", id));
const sessionParticipantById = compiledOnce((database, id: number) =>
  database.selectFrom("participants").select(["id", "name", "email", "role", "graduated"]).where("id", "=", id),
);

async function readSessionParticipant(request: Request): Promise<SessionParticipant | null> {
  const session = await getSession(request);
  const id = session.get("participantId");
  if (typeof id !== "number") return null;
  const [participant] = await sessionParticipantById(db, id);
  if (!participant) return null;
  return {
    user: { id: participant.id, name: participant.name, email: participant.email, profile: participant.role },
    graduatedUnknown: participant.graduated === null,
  };
}

/**
 * The signed-in participant, read from the database on every request so the name and profile are
 * always current (and a deleted account is signed out), or null.
 */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await getSessionParticipant(request))?.user ?? null;
}

/**
 * The signed-in participant, or a redirect to sign in that comes back here afterwards. Every
 * loader and action that needs a participant calls it itself. A participant whose graduated
 * answer is unknown is sent to answer it first (and back here afterwards).
 */
export async function requireUser(request: Request): Promise<SessionUser> {
  const signedIn = await getSessionParticipant(request);
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  if (!signedIn) throw redirect(`/userlogin?redirectTo=${encodeURIComponent(here)}`, { status: 303 });
  if (signedIn.graduatedUnknown) throw redirect(graduatedQuestionHref(here), { status: 303 });
  return signedIn.user;
}

/**
 * Starts a fresh session (a new id every sign-in) and returns its Set-Cookie header. With
 * `from`, the visitor's current session is ended and the course (and modality) they chose
 * before signing in carries over to the new one.
 */
export async function createUserSession(
  user: { id: number; name: string },
  options: { from?: Request; modality?: ChosenModality } = {},
): Promise<string> {
  const storage = await getSessionStorage();
  const session = await storage.getSession();
  if (options.from) {
    const previous = await storage.getSession(options.from.headers.get("Cookie"));
    const courseId = previous.get("chosenCourseId");
    const modality = previous.get("chosenModality");
    if (typeof courseId === "number") session.set("chosenCourseId", courseId);
    if (modality) session.set("chosenModality", modality);
    if (previous.id) await storage.destroySession(previous);
  }
  if (options.modality) session.set("chosenModality", options.modality);
  session.set("participantId", user.id);
  session.set("participantName", user.name);
  return storage.commitSession(session);
}

/** Ends every session of a participant (after a password reset), wherever they are signed in. */
export async function destroyParticipantSessions(participantId: number, executor: Kysely<DB> = db): Promise<number> {
  const result = await executor
    .deleteFrom("sessions")
    .where(sql<number>`json_extract(data, '$.participantId')`, "=", participantId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends the session on the server and returns the Set-Cookie header that clears the cookie. */
export async function destroyUserSession(request: Request): Promise<string> {
  const storage = await getSessionStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  return storage.destroySession(session);
}

export async function deleteExpiredSessions(): Promise<number> {
  const result = await db.deleteFrom("sessions").where("expires_at", "<=", clock.nowIso()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Remembers the course chosen in the catalogue in the server session (anonymous visitors get a
 * session too) and returns the Set-Cookie header to send with the redirect.
 */
export async function setChosenCourse(request: Request, courseId: number, modality?: ChosenModality): Promise<string> {
  const storage = await getSessionStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.set("chosenCourseId", courseId);
  // A modality picked for another course does not carry over (a claimed waitlist seat is in person).
  session.unset("chosenModality");
  if (modality) session.set("chosenModality", modality);
  return storage.commitSession(session);
}

/**
 * Keeps a started card payment for this browser's next page only: its server-side session holds
 * it until /payment reads it once. Returns the Set-Cookie header for the action's 303.
 */
export async function flashStartedCardPayment(request: Request, started: StartedCardPayment): Promise<string> {
  const storage = await getSessionStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.flash("startedCardPayment", { params: started.params, controlNumber: started.controlNumber, relayToken: started.relayToken });
  return storage.commitSession(session);
}

/** The card payment flashed by the action, once, and the Set-Cookie header that forgets it (null: none). */
export async function takeStartedCardPayment(request: Request): Promise<{ started: StartedCardPayment | null; cookie: string | null }> {
  const storage = await getSessionStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  if (!session.has("startedCardPayment")) return { started: null, cookie: null };
  const started = session.get("startedCardPayment") ?? null;
  return { started, cookie: await storage.commitSession(session) };
}

/** The course chosen in the catalogue, or null. */
export async function getChosenCourseId(request: Request): Promise<number | null> {
  const session = await getSession(request);
  const id = session.get("chosenCourseId");
  return typeof id === "number" ? id : null;
}

/** Remembers the modality picked for a course with both modalities; returns the Set-Cookie header. */
export async function setChosenModality(request: Request, modality: ChosenModality): Promise<string> {
  const storage = await getSessionStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.set("chosenModality", modality);
  return storage.commitSession(session);
}

export async function getChosenModality(request: Request): Promise<ChosenModality | null> {
  const session = await getSession(request);
  return session.get("chosenModality") ?? null;
}

/**
 * Leaving the enrolment flow forgets the chosen course and modality (the participant finished,
 * signed out, or went back to the catalogue). Returns the Set-Cookie header to send, or null when
 * there was nothing to forget.
 */
export async function clearChosenCourse(request: Request): Promise<string | null> {
  const storage = await getSessionStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  if (!session.has("chosenCourseId") && !session.has("chosenModality")) return null;
  session.unset("chosenCourseId");
  session.unset("chosenModality");
  return storage.commitSession(session);
}
