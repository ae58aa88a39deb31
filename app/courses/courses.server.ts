import type { Kysely, Selectable } from "kysely";
import { notFound, type Outcome } from "~/actions/outcome";
import type { CoursesTable, DB } from "~/db.server";
import { publicFileUrl } from "~/files/files.server";
import { capacityLabel, cardAction, formatCalendarDate, type CardAction } from "./catalogue";
import { MODALITY, MODALITY_LABELS } from "./modality";
import { formatPrice, isProfile, PROFILE_LABELS, PROFILES, priceForProfile, type Profile } from "./pricing";

/**
 * The columns any visitor may see. course_password, online_access_url and course_content are
 * for enrolled participants only, so public queries never select them.
 */
const PUBLIC_COLUMNS = [
  "course_id",
  "course_name",
  "course_summary",
  "course_start_date",
  "course_finish_date",
  "course_price",
  "course_student_price",
  "course_employee_price",
  "course_image_file_id",
  "course_pdf_file_id",
  "course_url",
  "course_able",
  "course_max_range",
  "modality_id",
  "month_id",
  "capacity_wording",
  "venue",
] as const;

export type PublicCourse = Pick<Selectable<CoursesTable>, (typeof PUBLIC_COLUMNS)[number]>;

// An archived course (decision 0016) is gone from every public page.
function selectPublicCourses(db: Kysely<DB>) {
  return db.selectFrom("courses").select(PUBLIC_COLUMNS).where("archived_at", "is", null);
}

/** The courses of a catalogue month (0–11), earliest start first. */
export async function listCoursesByMonth(db: Kysely<DB>, monthId: number): Promise<PublicCourse[]> {
  return selectPublicCourses(db).where("month_id", "=", monthId).orderBy("course_start_date").orderBy("course_name").execute();
}

/** Courses per catalogue page: a month with many courses is paginated, so the page stays small. */
export const CATALOGUE_PAGE_SIZE = 12;

export interface CataloguePage {
  courses: PublicCourse[];
  total: number;
  page: number;
  pageCount: number;
}

/** One page of a month's courses (a page past the last one shows the last one). */
export async function listCoursesByMonthPage(db: Kysely<DB>, monthId: number, requested: number): Promise<CataloguePage> {
  const { total } = await db
    .selectFrom("courses")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("month_id", "=", monthId)
    .where("archived_at", "is", null)
    .executeTakeFirstOrThrow();
  const pageCount = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  const page = Math.min(Math.max(1, requested), pageCount);
  const courses = await selectPublicCourses(db)
    .where("month_id", "=", monthId)
    .orderBy("course_start_date")
    .orderBy("course_name")
    .orderBy("course_id")
    .limit(CATALOGUE_PAGE_SIZE)
    .offset((page - 1) * CATALOGUE_PAGE_SIZE)
    .execute();
  return { courses, total, page, pageCount };
}

/** A course by its entry slug (/cursos2025/{course_url}), public fields only. */
export async function getCourseByUrl(db: Kysely<DB>, courseUrl: string): Promise<PublicCourse | undefined> {
  return selectPublicCourses(db).where("course_url", "=", courseUrl).executeTakeFirst();
}

export async function getCourseById(db: Kysely<DB>, courseId: number): Promise<PublicCourse | undefined> {
  return selectPublicCourses(db).where("course_id", "=", courseId).executeTakeFirst();
}

/** Refused 404 when the course does not exist; `open` says whether its enrolment is open. */
export type ChooseCourseOutcome = Outcome<{ course: PublicCourse; open: boolean }>;

/** A course a visitor may choose from the catalogue: it must exist, and only an open one is chosen. */
export async function findChoosableCourse(db: Kysely<DB>, courseId: number): Promise<ChooseCourseOutcome> {
  const course = await getCourseById(db, courseId);
  if (!course) return notFound("El curso no existe.");
  return { ok: true, course, open: course.course_able === 1 };
}

/** Who is looking at the catalogue: anonymous, or a signed-in participant with a profile. */
export type Viewer = { signedIn: false } | { signedIn: true; profile: Profile };

export interface ProgrammeView {
  courseId: number;
  courseName: string;
  pdfUrl: string | null;
  courseEntryUrl: string | null;
}

export interface CourseCard {
  id: number;
  name: string;
  summary: string;
  monthId: number;
  imageUrl: string | null;
  startDate: string;
  finishDate: string;
  /** The ISO dates too, for <time dateTime>. */
  startIso: string;
  finishIso: string;
  modality: string;
  capacity: string;
  venue: string | null;
  /** One price for a signed-in viewer (their profile), three for an anonymous one. */
  prices: { label: string; amount: string }[];
  action: CardAction;
  programme: ProgrammeView;
}

export function programmeView(course: PublicCourse): ProgrammeView {
  return {
    courseId: course.course_id,
    courseName: course.course_name,
    pdfUrl: course.course_pdf_file_id ? publicFileUrl(course.course_pdf_file_id) : null,
    courseEntryUrl: course.course_url ? courseEntryPath(course.course_url) : null,
  };
}

export function courseEntryPath(courseUrl: string): string {
  return `/cursos2025/${encodeURIComponent(courseUrl)}`;
}

/**
 * What a card shows, decided on the server. An anonymous visitor sees the price of every
 * profile and is priced as EXTERNO (course_price) for the button matrix; a signed-in participant
 * sees and is priced at their own profile's price.
 */
export function toCourseCard(course: PublicCourse, viewer: Viewer): CourseCard {
  const profile: Profile = viewer.signedIn ? viewer.profile : "EXTERNO";
  const prices = viewer.signedIn
    ? [{ label: `Precio para ${PROFILE_LABELS[profile]}`, amount: formatPrice(priceForProfile(course, profile)) }]
    : PROFILES.map((p) => ({ label: PROFILE_LABELS[p], amount: formatPrice(priceForProfile(course, p)) }));
  return {
    id: course.course_id,
    name: course.course_name,
    summary: course.course_summary,
    monthId: course.month_id,
    imageUrl: course.course_image_file_id ? publicFileUrl(course.course_image_file_id) : null,
    startDate: formatCalendarDate(course.course_start_date),
    finishDate: formatCalendarDate(course.course_finish_date),
    startIso: course.course_start_date,
    finishIso: course.course_finish_date,
    modality: MODALITY_LABELS[course.modality_id],
    capacity: capacityLabel(course),
    venue: course.modality_id === MODALITY.EN_LINEA ? null : course.venue,
    prices,
    action: cardAction({ price: priceForProfile(course, profile), open: course.course_able === 1, signedIn: viewer.signedIn }),
    programme: programmeView(course),
  };
}

/**
 * The catalogue viewer from the session user (getSessionUser). A signed-in participant whose
 * profile is missing or unknown is priced as EXTERNO, the full price, so nobody is ever shown a
 * discount they have not proved.
 */
export function viewerFromSessionUser(user: { id: number; profile?: unknown } | null): Viewer {
  if (!user) return { signedIn: false };
  return { signedIn: true, profile: isProfile(user.profile) ? user.profile : "EXTERNO" };
}

/** What an enrolled participant gets on the course page: sessions, video, materials, access. */
export interface EnrolledCourseContent {
  sessions: { title: string; date: string | null; url: string | null }[];
  videoUrl: string | null;
  materials: { title: string; url: string }[];
  onlineAccessUrl: string | null;
  coursePassword: string | null;
  modality: "presencial" | "en_linea";
  venue: string | null;
}

const httpUrl = (value: unknown): string | null => (typeof value === "string" && /^https?:\/\//.test(value) ? value : null);

/**
 * The private content of a course, only for a participant whose enrolment is confirmed; null for
 * everyone else. The access address and password are given only to online participants.
 */
export async function getEnrolledCourseContent(db: Kysely<DB>, courseId: number, participantId: number): Promise<EnrolledCourseContent | null> {
  const row = await db
    .selectFrom("enrolments")
    .innerJoin("courses", "courses.course_id", "enrolments.course_id")
    .select(["enrolments.modality", "courses.course_content", "courses.online_access_url", "courses.course_password", "courses.venue"])
    .where("enrolments.course_id", "=", courseId)
    .where("enrolments.participant_id", "=", participantId)
    .where("enrolments.status", "=", "confirmada")
    .executeTakeFirst();
  if (!row) return null;
  let content: Record<string, unknown> = {};
  try {
    content = JSON.parse(row.course_content) as Record<string, unknown>;
  } catch {
    content = {};
  }
  const list = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);
  const online = row.modality === "en_linea";
  return {
    sessions: list(content.sessions).map((session, index) => ({
      title: typeof session.title === "string" ? session.title : `Sesión ${index + 1}`,
      date: typeof session.date === "string" ? session.date : null,
      url: online ? httpUrl(session.url) : null,
    })),
    videoUrl: httpUrl(content.videoUrl),
    materials: list(content.materials).flatMap((item) => {
      const url = httpUrl(item.url);
      return url && typeof item.title === "string" ? [{ title: item.title, url }] : [];
    }),
    onlineAccessUrl: online ? httpUrl(row.online_access_url) : null,
    coursePassword: online ? row.course_password : null,
    modality: row.modality,
    venue: row.venue,
  };
}
