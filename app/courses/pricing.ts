/**
 * Prices by participant profile (pure: used by the server to decide and by pages to show).
 * EXTERNO pays course_price, ESTUDIANTE course_student_price, PERSONAL_HIMFG
 * course_employee_price. Amounts are integer centavos; 0 means the course is free for that
 * profile.
 */
export const PROFILES = ["PERSONAL_HIMFG", "ESTUDIANTE", "EXTERNO"] as const;
export type Profile = (typeof PROFILES)[number];

export const PROFILE_LABELS: Record<Profile, string> = {
  PERSONAL_HIMFG: "Personal HIMFG",
  ESTUDIANTE: "Estudiante",
  EXTERNO: "Externo",
};

export interface CoursePrices {
  course_price: number;
  course_student_price: number;
  course_employee_price: number;
}

export function isProfile(value: unknown): value is Profile {
  return typeof value === "string" && (PROFILES as readonly string[]).includes(value);
}

/** The price in centavos that a participant with this profile pays for the course. */
export function priceForProfile(course: CoursePrices, profile: Profile): number {
  switch (profile) {
    case "EXTERNO":
      return course.course_price;
    case "ESTUDIANTE":
      return course.course_student_price;
    case "PERSONAL_HIMFG":
      return course.course_employee_price;
  }
}

const mxn = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN", minimumFractionDigits: 2 });

/** "$1,500.00" (es-MX, pesos mexicanos) from integer centavos. */
export function formatMoney(centavos: number): string {
  if (!Number.isInteger(centavos) || centavos < 0) throw new RangeError(`Invalid amount in centavos: ${centavos}`);
  return mxn.format(centavos / 100);
}

/** What a card shows for one price: "Gratuito" at 0, otherwise "$1,500.00 MXN". */
export function formatPrice(centavos: number): string {
  return centavos === 0 ? "Gratuito" : `${formatMoney(centavos)} MXN`;
}
