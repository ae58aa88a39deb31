import crypto from "node:crypto";
import ical, { ICalEventStatus, type ICalCalendar } from "ical-generator";
import type { Kysely } from "kysely";
import { MODALITY, MODALITY_LABELS } from "~/courses/modality";
import { courseEntryPath } from "~/courses/courses.server";
import type { DB, ModalityId } from "~/db.server";
import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";
import * as clock from "~/utils/clock.server";
import { compiledOnce } from "~/utils/compiled-query.server";

/**
 * iCalendar feeds (RFC 5545) of the course offer, one course, and a participant's own
 * enrolments, written with ical-generator (decision 0020). Dates are calendar dates: a course is
 * an all-day event from its first to its last day (DTEND is exclusive, so the day after), a
 * session with only a date is an all-day event, and one with a time is a timed event in
 * America/Mexico_City. Access data (session links, passwords) never goes into a feed: a feed
 * address is easily shared, so the events link to the course page instead.
 */
export const TIME_ZONE = MEXICO_CITY_TIME_ZONE;

/**
 * Mexico City has kept UTC−6 all year since 30 October 2022 (daylight saving time was abolished),
 * so one STANDARD rule describes every date a course can have. ical-generator writes a VTIMEZONE
 * only with a calendar-wide time zone, which would also turn DTSTAMP (always UTC, RFC 5545
 * §3.8.7.2) into local time; so the block is added here, after the generator's output is done.
 */
const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${TIME_ZONE}`,
  `X-LIC-LOCATION:${TIME_ZONE}`,
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:-0600",
  "TZOFFSETTO:-0600",
  "TZNAME:CST",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

/** A calendar date as ical-generator's Temporal.PlainDate shape: written as VALUE=DATE, no time zone involved. */
function plainDate(iso: string) {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const value = {
    year,
    month,
    day,
    toString: () => iso,
    toJSON: () => iso,
    toPlainDateTime: () => {
      throw new Error("not used");
    },
  };
  return value;
}

/** A wall-clock time in Mexico City, as the Temporal.PlainDateTime shape (written with TZID). */
function plainDateTime(iso: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(iso)!;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    toString: () => iso,
    toJSON: () => iso,
    toPlainDate: () => plainDate(iso.slice(0, 10)),
    // With an event time zone, ical-generator asks for the zoned value and writes its wall-clock
    // fields after TZID=…: the same fields, already in that zone.
    toZonedDateTime: (timeZone: string) => zoned(iso, timeZone),
  };
}

function zoned(iso: string, timeZoneId: string) {
  const plain = plainDateTime(iso);
  const value = {
    ...plain,
    timeZoneId,
    toPlainDateTime: () => plainDateTime(iso),
    withTimeZone: (zone: string) => {
      if (zone !== timeZoneId) throw new Error(`Only ${timeZoneId} is written`);
      return value;
    },
    toInstant: () => {
      throw new Error("not used");
    },
  };
  return value;
}

function dayAfter(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

export interface FeedCourse {
  course_id: number;
  course_name: string;
  course_summary: string;
  course_start_date: string;
  course_finish_date: string;
  course_url: string | null;
  modality_id: ModalityId;
  venue: string | null;
  updated_at: string;
  course_content: string;
}

export interface FeedSession {
  title: string;
  /** 'YYYY-MM-DD' (all day) or 'YYYY-MM-DDTHH:MM' (Mexico City time). */
  when: string;
}

/** The sessions' titles and dates (never their links) from the course's private content. */
export function feedSessions(courseContent: string): FeedSession[] {
  let content: unknown;
  try {
    content = JSON.parse(courseContent);
  } catch {
    return [];
  }
  const sessions = (content as { sessions?: unknown })?.sessions;
  if (!Array.isArray(sessions)) return [];
  return sessions.flatMap((session: unknown, index) => {
    const item = (session ?? {}) as { title?: unknown; date?: unknown };
    const when = typeof item.date === "string" ? item.date.trim() : "";
    if (!DATE_ONLY.test(when) && !DATE_TIME.test(when)) return [];
    return [{ title: typeof item.title === "string" && item.title.trim() ? item.title.trim() : `Sesión ${index + 1}`, when }];
  });
}

/**
 * RFC 5545 TEXT escaping (§3.3.11). ical-generator escapes event texts but writes the calendar's
 * own NAME / X-WR-CALNAME / X-WR-CALDESC as given, so a course name with a line break or a ";"
 * would break the file: those are escaped here.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r?\n|\r/g, "\\n");
}

function newCalendar(name: string, description: string): ICalCalendar {
  const calendar = ical({
    name: escapeText(name),
    description: escapeText(description),
    prodId: { company: "Hospital Infantil de México Federico Gómez", product: "Cursos", language: "ES" },
    ttl: 60 * 60,
  });
  calendar.x([["X-WR-TIMEZONE", TIME_ZONE]]);
  return calendar;
}

function uidHost(origin: string): string {
  return new URL(origin).hostname;
}

interface EventOptions {
  origin: string;
  withSessions: boolean;
  tentative?: boolean;
}

function addCourse(calendar: ICalCalendar, course: FeedCourse, options: EventOptions) {
  const host = uidHost(options.origin);
  const pageUrl = course.course_url
    ? new URL(courseEntryPath(course.course_url), options.origin).href
    : new URL("/ensenanza/offer", options.origin).href;
  const location = course.modality_id === MODALITY.EN_LINEA ? MODALITY_LABELS[MODALITY.EN_LINEA] : (course.venue ?? undefined);
  const description = [course.course_summary.trim(), `Modalidad: ${MODALITY_LABELS[course.modality_id]}.`, `Información e inscripción: ${pageUrl}`]
    .filter(Boolean)
    .join("\n\n");
  // DTSTAMP: when the course last changed, so an unchanged course gives byte-identical output.
  const stamp = new Date(course.updated_at);
  calendar.createEvent({
    id: `curso-${course.course_id}@${host}`,
    summary: course.course_name,
    description,
    location,
    url: pageUrl,
    allDay: true,
    start: plainDate(course.course_start_date),
    end: plainDate(dayAfter(course.course_finish_date)),
    stamp,
    status: options.tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
  });
  if (!options.withSessions) return;
  feedSessions(course.course_content).forEach((session, index) => {
    const common = {
      id: `curso-${course.course_id}-sesion-${index + 1}@${host}`,
      summary: `${course.course_name}: ${session.title}`,
      description: `Sesión del curso «${course.course_name}». Información: ${pageUrl}`,
      location,
      url: pageUrl,
      stamp,
      status: options.tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    };
    if (DATE_ONLY.test(session.when))
      calendar.createEvent({ ...common, allDay: true, start: plainDate(session.when), end: plainDate(dayAfter(session.when)) });
    // A time with no stated end: RFC 5545 reads a DTSTART without DTEND as a moment.
    else calendar.createEvent({ ...common, start: plainDateTime(session.when), timezone: TIME_ZONE });
  });
}

/** The calendar as text, with the Mexico City VTIMEZONE placed before the first event. */
function serialise(calendar: ICalCalendar): string {
  const text = calendar.toString();
  const at = text.indexOf("BEGIN:VEVENT");
  const insertAt = at >= 0 ? at : text.indexOf("END:VCALENDAR");
  return `${text.slice(0, insertAt)}${VTIMEZONE}\r\n${text.slice(insertAt)}`;
}

const FEED_COLUMNS = [
  "courses.course_id",
  "courses.course_name",
  "courses.course_summary",
  "courses.course_start_date",
  "courses.course_finish_date",
  "courses.course_url",
  "courses.modality_id",
  "courses.venue",
  "courses.updated_at",
  "courses.course_content",
] as const;

/** /ensenanza/offer.ics: every course with enrolment open, one all-day event each. */
export async function offerCalendar(db: Kysely<DB>, origin: string): Promise<string> {
  const courses = await db
    .selectFrom("courses")
    .select(FEED_COLUMNS)
    .where("course_able", "=", 1)
    .orderBy("course_start_date")
    .orderBy("course_id")
    .execute();
  const calendar = newCalendar("Oferta académica HIMFG", "Cursos con inscripción abierta del Hospital Infantil de México Federico Gómez.");
  for (const course of courses) addCourse(calendar, course, { origin, withSessions: false });
  return serialise(calendar);
}

/** /cursos2025/{course_url}.ics: the course and its sessions, or null when there is no such course. */
export async function courseCalendar(db: Kysely<DB>, courseUrl: string, origin: string): Promise<string | null> {
  const course = await db.selectFrom("courses").select(FEED_COLUMNS).where("course_url", "=", courseUrl).executeTakeFirst();
  if (!course) return null;
  const calendar = newCalendar(course.course_name, `Curso del Hospital Infantil de México Federico Gómez.`);
  addCourse(calendar, course, { origin, withSessions: true });
  return serialise(calendar);
}

/** The name of a downloaded file: the course slug, or "oferta-academica". */
export function calendarFileName(slug: string): string {
  return `${slug.replace(/[^a-z0-9-]/g, "") || "calendario"}.ics`;
}

/** The answer for a feed: text/calendar, cacheable with an ETag of the content. */
export function calendarResponse(request: Request, body: string, fileName: string, options: { private?: boolean } = {}): Response {
  const etag = `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  const headers: Record<string, string> = {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": `attachment; filename="${fileName}"`,
    ETag: etag,
    "Cache-Control": options.private ? "private, no-cache" : "public, max-age=300",
  };
  // A private feed's address is its only key: keep it out of logs of other sites and search engines.
  if (options.private) {
    headers["X-Robots-Tag"] = "noindex";
    headers["Referrer-Policy"] = "no-referrer";
  }
  if (request.headers.get("If-None-Match") === etag)
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": headers["Cache-Control"]! } });
  return new Response(body, { headers });
}

// ——— a participant's private feed ———

/** The participant's feed token, created on first use. */
// Runs on every /profile: compiled once (issue 22).
const feedTokenOf = compiledOnce((database, participantId: number) =>
  database.selectFrom("calendar_feeds").select("token").where("participant_id", "=", participantId),
);

export async function getCalendarFeedToken(db: Kysely<DB>, participantId: number): Promise<string | null> {
  const [row] = await feedTokenOf(db, participantId);
  return row?.token ?? null;
}

/** A new token for the participant; the previous address stops working at once. */
export async function regenerateCalendarFeed(db: Kysely<DB>, participantId: number): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("calendar_feeds")
    .values({ participant_id: participantId, token })
    .onConflict((oc) => oc.column("participant_id").doUpdateSet({ token, created_at: clock.nowIso() }))
    .execute();
  return token;
}

export function privateFeedPath(token: string): string {
  return `/calendario/${token}/mis-cursos.ics`;
}

/**
 * The private feed of the participant whose token this is: their confirmed enrolments (and those
 * awaiting review, marked tentative) with the sessions. null for an unknown or replaced token.
 */
export async function participantCalendar(db: Kysely<DB>, token: string, origin: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const feed = await db.selectFrom("calendar_feeds").select("participant_id").where("token", "=", token).executeTakeFirst();
  if (!feed) return null;
  const rows = await db
    .selectFrom("enrolments")
    .innerJoin("courses", "courses.course_id", "enrolments.course_id")
    .select([...FEED_COLUMNS, "enrolments.status"])
    .where("enrolments.participant_id", "=", feed.participant_id)
    .where("enrolments.status", "in", ["confirmada", "pendiente_de_revision"])
    .orderBy("courses.course_start_date")
    .execute();
  const calendar = newCalendar("Mis cursos HIMFG", "Sus cursos en el Hospital Infantil de México Federico Gómez.");
  for (const row of rows) addCourse(calendar, row, { origin, withSessions: true, tentative: row.status !== "confirmada" });
  return serialise(calendar);
}
