import { addCalendarDays } from "~/utils/mexico-city";

/** The most days a course's attendance list covers (a course longer than this counts its first days). */
export const MAX_COURSE_DAYS = 366;

/**
 * THE COURSE DAYS of a course (issue 25): every Mexico City calendar day from its start date to
 * its finish date, both included ('YYYY-MM-DD'). Attendance is taken per course day, and a
 * constancia's required share of attendance is counted against this list.
 */
export function courseDays(startDate: string, finishDate: string): string[] {
  const days: string[] = [];
  for (let day = startDate; day <= finishDate && days.length < MAX_COURSE_DAYS; day = addCalendarDays(day, 1)) days.push(day);
  return days;
}
