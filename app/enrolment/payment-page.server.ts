import type { Kysely } from "kysely";
import { getChosenCourseId, getChosenModality, type SessionUser } from "~/accounts/session.server";
import { getCourseById, type PublicCourse } from "~/courses/courses.server";
import { fixedEnrolmentModality, MODALITY } from "~/courses/modality";
import type { DB, EnrolmentModality } from "~/db.server";
import { enrolmentPath, freeSeats, type EnrolmentPath } from "./enrolment.server";

export interface Purchase {
  course: PublicCourse;
  modality: EnrolmentModality;
  path: EnrolmentPath;
  /** The course offers both modalities, so the participant may switch. */
  bothModalities: boolean;
}

/**
 * What the signed-in participant is buying: the chosen course (from the session), and the
 * modality: fixed by the course, or for a course with both, the one picked at registration,
 * else en línea (buying while signed in).
 */
export async function currentPurchase(db: Kysely<DB>, request: Request, user: SessionUser): Promise<Purchase | null> {
  const courseId = await getChosenCourseId(request);
  if (courseId === null) return null;
  const course = await getCourseById(db, courseId);
  if (!course || course.course_able !== 1) return null;
  const modality: EnrolmentModality = fixedEnrolmentModality(course.modality_id) ?? (await getChosenModality(request)) ?? "en_linea";
  return { course, modality, path: enrolmentPath(course, user.profile), bothModalities: course.modality_id === MODALITY.PRESENCIAL_Y_EN_LINEA };
}

export async function seatsLeft(db: Kysely<DB>, purchase: Purchase): Promise<number | null> {
  return purchase.modality === "presencial" ? freeSeats(db, purchase.course.course_id) : null;
}
