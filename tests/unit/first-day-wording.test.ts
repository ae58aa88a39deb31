import { describe, expect, test } from "vitest";
import { DOCUMENT_LIMITS, FILE_MESSAGES, MISSING_DOCUMENT_MESSAGES } from "~/accounts/documents";
import { SUMMARY_WARNING } from "~/accounts/account-options";
import { REQUEST_TOO_LARGE_MESSAGE } from "~/accounts/uploads.server";
import { fileLimits } from "~/files/file-limits";
import { waitingAge } from "~/utils/plural";
import { mexicoCityDaysBetween } from "~/utils/mexico-city";
import { drawArtwork, FORMATS } from "../../seeds/gallery-art";
import galleryData from "../../seeds/data/gallery.json";

// Issue 21's small things: texts that said one thing twice or three ways at once, and gallery
// pictures whose drawn title was cut mid-word.

describe("what a file field takes, in one wording", () => {
  test("formats as a list with «o», the size with a space and «como máximo»", () => {
    expect(fileLimits(["JPG", "PNG", "PDF"], 1)).toBe("JPG, PNG o PDF, de 1 MB como máximo");
    expect(fileLimits(["CSV", "XLSX"], 5)).toBe("CSV o XLSX, de 5 MB como máximo");
    expect(fileLimits(["PDF"], 10)).toBe("PDF, de 10 MB como máximo");
  });

  test("the participants' messages say it the same way, with the seed's formats and limit", () => {
    expect(DOCUMENT_LIMITS).toBe("JPG, PNG o PDF, de 1 MB como máximo");
    expect(SUMMARY_WARNING).toBe("Complete los campos requeridos o revise sus archivos seleccionados (JPG, PNG o PDF, de 1 MB como máximo)");
    expect(FILE_MESSAGES.missing).toBe("Seleccione el archivo: JPG, PNG o PDF, de 1 MB como máximo.");
    // The registration's two documents say which one is missing (the error summary lists both).
    expect(MISSING_DOCUMENT_MESSAGES).toEqual({
      student_license: "Seleccione el archivo del documento 1: JPG, PNG o PDF, de 1 MB como máximo.",
      student_license_part_2: "Seleccione el archivo del documento 2: JPG, PNG o PDF, de 1 MB como máximo.",
    });
    for (const text of [SUMMARY_WARNING, FILE_MESSAGES.missing, ...Object.values(MISSING_DOCUMENT_MESSAGES), REQUEST_TOO_LARGE_MESSAGE]) {
      expect(text).not.toMatch(/\.PNG|\.PDF|\dMB|máximo \d/);
    }
  });
});

describe("how long a document has waited, said once", () => {
  test("hoy, 1 día, N días: never «(0 días)» nor «llegó hoy»", () => {
    expect(waitingAge(0)).toBe("hoy");
    expect(waitingAge(1)).toBe("1 día");
    expect(waitingAge(1423)).toBe("1,423 días");
  });

  test("days are Mexico City calendar days, not 24-hour periods", () => {
    // 23:30 on the 24th and 08:00 on the 25th, Mexico City time (UTC−6): one day apart.
    expect(mexicoCityDaysBetween("2026-11-25T05:30:00.000Z", new Date("2026-11-25T14:00:00.000Z"))).toBe(1);
    // 00:10 and 23:50 on the same day.
    expect(mexicoCityDaysBetween("2026-11-25T06:10:00.000Z", new Date("2026-11-26T05:50:00.000Z"))).toBe(0);
    expect(mexicoCityDaysBetween("2026-02-27T18:00:00.000Z", "2026-03-02T18:00:00.000Z")).toBe(3);
  });
});

describe("the demo gallery pictures draw the whole title and author", () => {
  const drawnText = (svg: string) =>
    Array.from(svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g), (match) => match[1]!.replace(/&apos;/g, "'").replace(/&amp;/g, "&"));

  test("every seeded work, in each of the three formats: every word, in order, in lines that fit the square a thumbnail shows", () => {
    const works = galleryData.legadoArtistico;
    for (const [index, work] of works.entries()) {
      const { svg, width, height } = drawArtwork({ index, title: work.title, author: work.author });
      expect(drawnText(svg).join(" ")).toBe(`${work.title} ${work.author ?? "Autor no identificado"}`.replace(/\s+/g, " "));
      const side = Math.min(width, height);
      for (const match of svg.matchAll(/<text x="([\d.]+)" y="(\d+)" [^>]*font-size="(\d+)"( font-weight="700")?[^>]*>([^<]*)<\/text>/g)) {
        const [, x, y, size, bold, text] = match;
        // Inside the centred square (object-fit: cover), at an average glyph width of 0.62 em (bold) or 0.6 em.
        expect(Number(x)).toBeGreaterThanOrEqual((width - side) / 2);
        expect(Number(x) + text!.length * Number(size) * (bold ? 0.62 : 0.6)).toBeLessThanOrEqual((width + side) / 2);
        expect(Number(y)).toBeLessThanOrEqual((height + side) / 2);
      }
    }
    expect(FORMATS).toHaveLength(3);
  });

  test("the longest title is drawn whole, not cut at 48 characters", () => {
    const title = "Protección que la institución otorga a los niños mexicanos";
    const { svg } = drawArtwork({ index: 5, title, author: "Ángela Gurría" });
    expect(drawnText(svg).join(" ")).toContain(title);
  });
});
