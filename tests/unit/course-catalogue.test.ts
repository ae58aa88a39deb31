import { afterEach, describe, expect, test } from "vitest";
import { capacityLabel, cardAction, currentMonthInMexicoCity, formatCalendarDate, monthHref, MONTHS, parseMonthParam } from "~/courses/catalogue";
import { formatMoney, formatPrice, priceForProfile } from "~/courses/pricing";
import { viewerFromSessionUser } from "~/courses/courses.server";

const originalTimeZone = process.env.TZ;
afterEach(() => {
  if (originalTimeZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalTimeZone;
});

describe("prices by profile", () => {
  const course = { course_price: 250_000, course_student_price: 120_000, course_employee_price: 0 };

  test("EXTERNO pays course_price, ESTUDIANTE the student price, PERSONAL_HIMFG the staff price", () => {
    expect(priceForProfile(course, "EXTERNO")).toBe(250_000);
    expect(priceForProfile(course, "ESTUDIANTE")).toBe(120_000);
    expect(priceForProfile(course, "PERSONAL_HIMFG")).toBe(0);
  });

  test("centavos are shown as es-MX pesos, and 0 as Gratuito", () => {
    expect(formatMoney(250_000)).toBe("$2,500.00");
    expect(formatMoney(99)).toBe("$0.99");
    expect(formatPrice(1_800_000)).toBe("$18,000.00 MXN");
    expect(formatPrice(0)).toBe("Gratuito");
    expect(() => formatMoney(-1)).toThrow(RangeError);
    expect(() => formatMoney(10.5)).toThrow(RangeError);
  });

  test("a signed-in participant without a known profile is priced as EXTERNO", () => {
    expect(viewerFromSessionUser(null)).toEqual({ signedIn: false });
    const withoutProfile = { id: 450001, name: "Ana" };
    expect(viewerFromSessionUser(withoutProfile)).toEqual({ signedIn: true, profile: "EXTERNO" });
    const student = { id: 450002, name: "Luis", profile: "ESTUDIANTE" };
    expect(viewerFromSessionUser(student)).toEqual({ signedIn: true, profile: "ESTUDIANTE" });
    const bogus = { id: 450003, name: "X", profile: "ADMIN" };
    expect(viewerFromSessionUser(bogus)).toEqual({ signedIn: true, profile: "EXTERNO" });
  });
});

describe("calendar dates", () => {
  // Zones at both ends of the clock: UTC+14 and UTC-11. A date parsed as an instant and shown in
  // the local zone moves a day in at least one of them.
  const zones = ["Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Mexico_City", "UTC", "Asia/Tokyo"];

  for (const zone of zones) {
    test(`never shift a day with the process in ${zone}`, () => {
      process.env.TZ = zone;
      expect(formatCalendarDate("2027-03-15")).toBe("15 de marzo de 2027");
      expect(formatCalendarDate("2027-01-01")).toBe("1 de enero de 2027");
      expect(formatCalendarDate("2026-12-31")).toBe("31 de diciembre de 2026");
      expect(formatCalendarDate("2028-02-29")).toBe("29 de febrero de 2028");
    });
  }

  test("the zone switch really changes the process zone (so the tests above mean something)", () => {
    process.env.TZ = "Pacific/Kiritimati";
    const kiritimati = new Date(2027, 2, 15).getTimezoneOffset();
    process.env.TZ = "Pacific/Pago_Pago";
    const pagoPago = new Date(2027, 2, 15).getTimezoneOffset();
    expect(kiritimati).toBe(-14 * 60);
    expect(pagoPago).toBe(11 * 60);
  });

  test("anything that is not a real YYYY-MM-DD date is refused", () => {
    expect(() => formatCalendarDate("2027-02-30")).toThrow(RangeError);
    expect(() => formatCalendarDate("15/03/2027")).toThrow(RangeError);
    expect(() => formatCalendarDate("2027-03-15T00:00:00Z")).toThrow(RangeError);
  });
});

describe("the current month in Mexico City", () => {
  test("follows Mexico City's calendar, not UTC's", () => {
    // 31 January, 23:30 in Mexico City (UTC-6) is already 1 February in UTC.
    expect(currentMonthInMexicoCity(new Date("2027-02-01T05:30:00Z"))).toBe(0);
    expect(currentMonthInMexicoCity(new Date("2027-02-01T06:00:00Z"))).toBe(1);
    // New Year's Eve: still December in Mexico City.
    expect(currentMonthInMexicoCity(new Date("2027-01-01T05:59:00Z"))).toBe(11);
    expect(currentMonthInMexicoCity(new Date("2027-07-15T12:00:00Z"))).toBe(6);
  });

  test("whatever the process's own zone is", () => {
    for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"]) {
      process.env.TZ = zone;
      expect(currentMonthInMexicoCity(new Date("2027-02-01T05:30:00Z"))).toBe(0);
      expect(currentMonthInMexicoCity(new Date("2027-03-31T20:00:00Z"))).toBe(2);
    }
  });

  test("?mes accepts 0–11 only", () => {
    expect(parseMonthParam("0")).toBe(0);
    expect(parseMonthParam("11")).toBe(11);
    for (const bad of [null, "", "12", "-1", "1.5", "abc", "03x"]) expect(parseMonthParam(bad)).toBeNull();
    expect(MONTHS).toHaveLength(12);
    expect(MONTHS[0]).toBe("Enero");
    expect(MONTHS[11]).toBe("Diciembre");
    expect(monthHref(4)).toBe("/ensenanza/offer?mes=4");
  });
});

describe("card buttons (seed specification, section 4)", () => {
  test("price > 0, open, anonymous: Inscripción to /register", () => {
    expect(cardAction({ price: 150_000, open: true, signedIn: false })).toEqual({ kind: "choose", label: "Inscripción", target: "/register" });
  });
  test("price > 0, open, signed in: Comprar to /payment", () => {
    expect(cardAction({ price: 150_000, open: true, signedIn: true })).toEqual({ kind: "choose", label: "Comprar", target: "/payment" });
  });
  test("free, open, signed in: Inscripción to /payment", () => {
    expect(cardAction({ price: 0, open: true, signedIn: true })).toEqual({ kind: "choose", label: "Inscripción", target: "/payment" });
  });
  test("free, open, anonymous: Inscripción to /register", () => {
    expect(cardAction({ price: 0, open: true, signedIn: false })).toEqual({ kind: "choose", label: "Inscripción", target: "/register" });
  });
  test("not open: no action button, paid or free, signed in or not", () => {
    for (const price of [0, 150_000]) {
      for (const signedIn of [true, false]) expect(cardAction({ price, open: false, signedIn })).toEqual({ kind: "closed" });
    }
  });
});

describe("capacity wording", () => {
  test("counts in-person seats in the course's own word", () => {
    expect(capacityLabel({ modality_id: 1, course_max_range: 30, capacity_wording: "plazas" })).toBe("30 plazas");
    expect(capacityLabel({ modality_id: 1, course_max_range: 30, capacity_wording: "personas" })).toBe("30 personas");
    expect(capacityLabel({ modality_id: 1, course_max_range: 1, capacity_wording: "plazas" })).toBe("1 plaza");
    expect(capacityLabel({ modality_id: 3, course_max_range: 40, capacity_wording: "personas" })).toBe(
      "Presencial: 40 personas; en línea: sin límite",
    );
  });
  test("capacity 0 on a course offered both ways means online only", () => {
    expect(capacityLabel({ modality_id: 3, course_max_range: 0, capacity_wording: "personas" })).toBe(
      "Solo en línea (sin cupo presencial), sin límite",
    );
    expect(capacityLabel({ modality_id: 2, course_max_range: 0, capacity_wording: "personas" })).toBe("En línea, sin límite");
  });
});
