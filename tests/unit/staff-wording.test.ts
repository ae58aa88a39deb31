import { describe, expect, test } from "vitest";
import { mexicoCityDaysBetween } from "~/utils/mexico-city";
import { countOf, waitingAge } from "~/utils/plural";

// The staff screens' counted words (issue 21): "1 documento pendiente", never "documento(s)";
// a waiting age of "hoy", "1 día" or "N días", never "(0 días)".
describe("counted nouns", () => {
  test("the singular for one, the plural otherwise, with the number in es-MX", () => {
    const forms = { one: "documento pendiente", other: "documentos pendientes" };
    expect(countOf(1, forms)).toBe("1 documento pendiente");
    expect(countOf(2, forms)).toBe("2 documentos pendientes");
    expect(countOf(0, forms)).toBe("0 documentos pendientes");
    expect(countOf(1200, forms)).toBe("1,200 documentos pendientes");
    expect(countOf(1_000_000, forms)).toBe("1,000,000 documentos pendientes");
  });

  test("a waiting age reads hoy, 1 día, N días", () => {
    expect(waitingAge(0)).toBe("hoy");
    expect(waitingAge(1)).toBe("1 día");
    expect(waitingAge(12)).toBe("12 días");
  });
});

describe("days waited are Mexico City calendar days", () => {
  test("the same day is 0 even 23 hours apart; just after midnight it is 1", () => {
    // 00:30 and 23:30 of 25 November in Mexico City (UTC−6).
    expect(mexicoCityDaysBetween("2026-11-25T06:30:00.000Z", "2026-11-26T05:30:00.000Z")).toBe(0);
    // 23:30 of 24 November, then 00:30 of 25 November: yesterday, although one hour ago.
    expect(mexicoCityDaysBetween("2026-11-25T05:30:00.000Z", "2026-11-25T06:30:00.000Z")).toBe(1);
    expect(mexicoCityDaysBetween("2026-11-13T18:00:00.000Z", new Date("2026-11-25T18:00:00.000Z"))).toBe(12);
    // A clock that ran behind never makes a negative age.
    expect(mexicoCityDaysBetween("2026-11-26T18:00:00.000Z", "2026-11-25T18:00:00.000Z")).toBe(0);
  });
});
