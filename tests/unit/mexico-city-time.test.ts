import { describe, expect, test } from "vitest";
import { bankDate } from "~/payments/banorte/response.server";
import { monthRangeInMexicoCity } from "~/staff/dashboard.server";
import { mexicoCityLocalToInstant, mexicoCityMonth } from "~/utils/mexico-city";

// Issue 23: the dashboard's month and Banorte's local dates used a fixed −06:00 while the rest of
// the code asked the tz database. They agreed since October 2022 (no daylight saving), but not on
// dates before it: summer 2022 in Mexico City was UTC−5.

describe("one Mexico City time for every caller", () => {
  test("the dashboard's month starts at Mexico City midnight, daylight saving included", () => {
    const june2022 = new Date("2022-06-15T12:00:00Z");
    expect(monthRangeInMexicoCity(june2022)).toEqual({
      start: "2022-06-01T05:00:00.000Z",
      end: "2022-07-01T05:00:00.000Z",
      label: "junio de 2022",
    });
    expect(monthRangeInMexicoCity(june2022).start).toBe(mexicoCityLocalToInstant("2022-06-01T00:00")!.toISOString());
  });

  test("the month across the last change of offset (30 October 2022) and across a year", () => {
    expect(mexicoCityMonth(new Date("2022-10-20T12:00:00Z"))).toMatchObject({
      year: 2022,
      month: 10,
      start: "2022-10-01T05:00:00.000Z",
      end: "2022-11-01T06:00:00.000Z",
    });
    expect(mexicoCityMonth(new Date("2027-01-01T05:59:00Z"))).toMatchObject({
      year: 2026,
      month: 12,
      start: "2026-12-01T06:00:00.000Z",
      end: "2027-01-01T06:00:00.000Z",
    });
  });

  test("a bank date without a zone is Mexico City wall time, as the forms' dates are", () => {
    expect(bankDate("2022-06-15 10:00:00")?.toISOString()).toBe("2022-06-15T15:00:00.000Z");
    expect(bankDate("15/06/2022 10:00:00")?.toISOString()).toBe("2022-06-15T15:00:00.000Z");
    expect(bankDate("20260301 09:30:00.250")?.toISOString()).toBe("2026-03-01T15:30:00.250Z");
    expect(bankDate("2026-03-01T09:30:00-06:00")?.toISOString()).toBe("2026-03-01T15:30:00.000Z");
    expect(bankDate("2026-13-01 09:30:00")).toBeUndefined();
  });
});
