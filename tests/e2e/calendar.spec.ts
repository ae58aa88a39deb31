import fs from "node:fs";
import type { Download, Page } from "@playwright/test";
import ICAL from "ical.js";
import { db } from "../../app/db.server";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { signInAsNewParticipant } from "./participants";

/** The downloaded file, parsed by an independent iCalendar parser (ical.js): its events. */
async function parsedDownload(download: Download) {
  const file = await download.path();
  const text = fs.readFileSync(file!, "utf8");
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe("vcalendar");
  expect(calendar.getAllSubcomponents("vtimezone")).toHaveLength(1);
  return calendar.getAllSubcomponents("vevent");
}

async function downloadFromLink(page: Page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Agregar a mi calendario" }).click()]);
  return download;
}

test.describe("Agregar a mi calendario", () => {
  test("the catalogue's link downloads every open course as a calendar file", async ({ page }) => {
    const open = await db.selectFrom("courses").select("course_name").where("course_able", "=", 1).execute();
    await page.goto("/ensenanza/offer");
    const download = await downloadFromLink(page);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const events = await parsedDownload(download);
    expect(events.map((event) => event.getFirstPropertyValue("summary")).sort()).toEqual(open.map((course) => course.course_name).sort());
    await expectNoAxeViolations(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a course page's link downloads the course and its sessions", async ({ page }) => {
      const course = await db
        .selectFrom("courses")
        .select(["course_url", "course_name"])
        .where("course_url", "is not", null)
        .orderBy("course_id")
        .executeTakeFirstOrThrow();
      await page.goto(`/cursos2025/${course.course_url}`);
      const download = await downloadFromLink(page);
      expect(download.suggestedFilename()).toBe(`${course.course_url}.ics`);
      const events = await parsedDownload(download);
      expect(events[0]!.getFirstPropertyValue("summary")).toBe(course.course_name);
      expect(events.length).toBeGreaterThan(1);
      await expectNoAxeViolationsWithoutJavaScript(page);
    });
  });

  test("a participant creates and regenerates the private address of their calendar on the profile", async ({ page, context, baseURL }) => {
    await signInAsNewParticipant(context, baseURL!, { name: "Jorge Ramírez Soto" });
    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Mi calendario" });
    await expect(section.getByRole("textbox")).toHaveCount(0);
    await section.getByRole("button", { name: "Crear la dirección de mi calendario" }).click();
    const address = page.getByRole("textbox", { name: "Dirección privada de su calendario" });
    await expect(address).toHaveValue(/\/calendario\/[A-Za-z0-9_-]{43}\/mis-cursos\.ics$/);
    const first = await address.inputValue();

    const feed = await page.request.get(new URL(first).pathname);
    expect(feed.status()).toBe(200);
    new ICAL.Component(ICAL.parse(await feed.text()));

    await section.getByRole("button", { name: "Regenerar la dirección" }).click();
    await expect(address).not.toHaveValue(first);
    expect((await page.request.get(new URL(first).pathname)).status()).toBe(404);
    await expectNoAxeViolations(page);
    // The long address fits a 320 px phone without sideways scroll.
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  });
});
