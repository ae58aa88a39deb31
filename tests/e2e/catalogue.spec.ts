import type { BrowserContext, Page } from "@playwright/test";
import { getChosenCourseId, SESSION_COOKIE_NAME } from "../../app/accounts/session.server";
import { currentMonthInMexicoCity, MONTHS } from "../../app/courses/catalogue";
import { listCoursesByMonth } from "../../app/courses/courses.server";
import { db } from "../../app/db.server";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";

// The server seeds the demo courses into the e2e database at start; the tests read the same file.
async function course(id: number) {
  return db.selectFrom("courses").selectAll().where("course_id", "=", id).executeTakeFirstOrThrow();
}

const card = (page: Page, courseId: number) => page.locator(`article[data-course-id="${courseId}"]`);
const monthBar = (page: Page) => page.getByRole("navigation", { name: "Meses del año" });

/** The chosen course the server stored for this browser's session. */
async function chosenCourseOf(context: BrowserContext): Promise<number | null> {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE_NAME);
  if (!cookie) return null;
  return getChosenCourseId(new Request("http://localhost/", { headers: { Cookie: `${cookie.name}=${cookie.value}` } }));
}

test.describe("course catalogue", () => {
  test("opens on the current month of Mexico City with one card per course", async ({ page }) => {
    const month = currentMonthInMexicoCity();
    const expected = await db.selectFrom("courses").select("course_id").where("month_id", "=", month).execute();
    await page.goto("/ensenanza/offer");
    await expect(page.getByRole("heading", { level: 1, name: "Oferta académica" })).toBeVisible();
    const links = monthBar(page).getByRole("link");
    await expect(links).toHaveText([...MONTHS]);
    await expect(monthBar(page).getByRole("link", { name: MONTHS[month], exact: true })).toHaveAttribute("aria-current", "page");
    await expect(monthBar(page).locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 2, name: `Cursos de ${MONTHS[month]}` })).toBeVisible();
    await expect(page.locator("article.course-card")).toHaveCount(expected.length);
    // Images reserve their space (width and height set).
    const image = page.locator("article.course-card img").first();
    if (expected.length > 0) {
      await expect(image).toHaveAttribute("width", "600");
      await expect(image).toHaveAttribute("height", "300");
    }
    await expectNoAxeViolations(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("every month link works", async ({ page }) => {
      const rows = await db.selectFrom("courses").select(["course_id", "month_id"]).execute();
      await page.goto("/ensenanza/offer");
      for (const [id, name] of MONTHS.entries()) {
        await monthBar(page).getByRole("link", { name, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/ensenanza/offer\\?mes=${id}$`));
        await expect(page.getByRole("heading", { level: 2, name: `Cursos de ${name}` })).toBeVisible();
        await expect(monthBar(page).getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
        const names = (await listCoursesByMonth(db, id)).map((r) => r.course_name);
        expect(names.length).toBe(rows.filter((r) => r.month_id === id).length);
        await expect(page.locator("article.course-card h3")).toHaveText(names);
        if (id === 0) await expectNoAxeViolationsWithoutJavaScript(page);
      }
    });

    test("Programa opens the programme as a page", async ({ page }) => {
      const row = await course(286);
      await page.goto(`/ensenanza/offer?mes=${row.month_id}`);
      await card(page, 286).getByRole("link", { name: "Programa" }).click();
      await expect(page).toHaveURL(/\/ensenanza\/offer\/programa\/286$/);
      await expect(page.getByRole("heading", { level: 1, name: `Programa: ${row.course_name}` })).toBeVisible();
      await expect(page.locator("iframe.programme__frame")).toHaveAttribute("src", `/archivos/${row.course_pdf_file_id}`);
      await expect(page.getByRole("link", { name: "Entrar al curso" })).toHaveAttribute("href", `/cursos2025/${row.course_url}`);

      await page.goto("/ensenanza/offer/programa/277");
      await expect(page.getByText("Enlace al curso no disponible", { exact: true })).toBeVisible();
      await page.goto("/ensenanza/offer/programa/276");
      await expect(page.getByText("Programa no disponible", { exact: true })).toBeVisible();
      // The no-JS twin scan answers every navigation (frames included) with this page's HTML, so
      // it is run on the page without a PDF frame; the page with the frame is scanned below.
      await expectNoAxeViolationsWithoutJavaScript(page);
    });

    test("choosing a course works as a plain form", async ({ page, context }) => {
      const row = await course(273);
      await page.goto(`/ensenanza/offer?mes=${row.month_id}`);
      await card(page, 273).getByRole("button", { name: "Inscripción" }).click();
      await expect(page).toHaveURL(/\/register$/);
      expect(await chosenCourseOf(context)).toBe(273);
    });
  });

  test("the month bar is plain links, and the catalogue ships only the page script, not React (decision 0027)", async ({ page }) => {
    await page.goto("/ensenanza/offer?mes=0");
    const scripts = await page.locator("script[src]").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("src")));
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/build\/page-script\/index-[A-Z0-9]+\.js$/);
    expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
    await monthBar(page).getByRole("link", { name: "Julio", exact: true }).click();
    await expect(page).toHaveURL(/\?mes=6$/);
    await expect(page.getByRole("heading", { level: 2, name: "Cursos de Julio" })).toBeVisible();
    await expect(monthBar(page).getByRole("link", { name: "Julio", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("anonymous: Inscripción to /register on open courses (paid or free), nothing on closed ones", async ({ page, context }) => {
    const paid = await course(286);
    await page.goto(`/ensenanza/offer?mes=${paid.month_id}`);
    const paidCard = card(page, 286);
    await expect(paidCard.getByRole("heading", { name: paid.course_name })).toBeVisible();
    // The three prices per profile.
    await expect(paidCard.locator(".course-card__prices dt")).toHaveText(["Personal HIMFG", "Estudiante", "Externo"]);
    await expect(paidCard.locator(".course-card__prices dd")).toHaveText(["$1,300.00 MXN", "$2,600.00 MXN", "$5,200.00 MXN"]);
    await expect(paidCard).toContainText("24 plazas");
    await expect(paidCard).toContainText("Presencial");
    await expect(paidCard.getByRole("button", { name: "Comprar" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    const free = await course(285);
    await page.goto(`/ensenanza/offer?mes=${free.month_id}`);
    await expect(card(page, 285).locator(".course-card__prices dd")).toHaveText(["Gratuito", "Gratuito", "Gratuito"]);
    await expect(card(page, 285).getByRole("button", { name: "Inscripción" })).toBeVisible();

    const closed = await course(274);
    await page.goto(`/ensenanza/offer?mes=${closed.month_id}`);
    await expect(card(page, 274)).toContainText("Inscripciones cerradas");
    await expect(card(page, 274).getByRole("button")).toHaveCount(1); // only "Programa"
    await expect(card(page, 274).getByRole("button", { name: /Inscripción|Comprar/ })).toHaveCount(0);

    const onlineOnly = await course(275);
    await page.goto(`/ensenanza/offer?mes=${onlineOnly.month_id}`);
    await expect(card(page, 275)).toContainText("Presencial y en línea");
    await expect(card(page, 275)).toContainText("Solo en línea");

    await page.goto(`/ensenanza/offer?mes=${paid.month_id}`);
    await card(page, 286).getByRole("button", { name: "Inscripción" }).click();
    await expect(page).toHaveURL(/\/register$/);
    expect(await chosenCourseOf(context)).toBe(286);
  });

  test("signed in: Comprar to /payment when it costs, Inscripción to /payment when free", async ({ page, context, signInAsParticipant }) => {
    await signInAsParticipant({ name: "Laura Méndez Ruiz", role: "EXTERNO" });
    const paid = await course(286);
    await page.goto(`/ensenanza/offer?mes=${paid.month_id}`);
    await expect(page.getByText("Los precios corresponden a su perfil")).toContainText("Externo");
    await expect(card(page, 286).locator(".course-card__prices dd")).toHaveText(["$5,200.00 MXN"]);
    await expect(card(page, 286).getByRole("button", { name: "Inscripción" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await card(page, 286).getByRole("button", { name: "Comprar" }).click();
    await expect(page).toHaveURL(/\/payment$/);
    expect(await chosenCourseOf(context)).toBe(286);

    const free = await course(285);
    await page.goto(`/ensenanza/offer?mes=${free.month_id}`);
    await expect(card(page, 285).getByRole("button", { name: "Comprar" })).toHaveCount(0);
    await card(page, 285).getByRole("button", { name: "Inscripción" }).click();
    await expect(page).toHaveURL(/\/payment$/);
    expect(await chosenCourseOf(context)).toBe(285);
  });

  test("the programme dialog embeds the PDF, closes with Esc and returns focus", async ({ page }) => {
    const row = await course(286);
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/refused|blocked/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`/ensenanza/offer?mes=${row.month_id}`);
    const opener = card(page, 286).getByRole("button", { name: "Programa" });
    const pdfResponse = page.waitForResponse((response) => response.url().endsWith(`/archivos/${row.course_pdf_file_id}`));
    await opener.click();
    const dialog = page.getByRole("dialog", { name: `Programa: ${row.course_name}` });
    await expect(dialog).toBeVisible();
    const response = await pdfResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-security-policy"] ?? "").not.toContain("sandbox");
    const frame = dialog.locator("iframe.programme__frame");
    await expect(frame).toHaveAttribute("src", `/archivos/${row.course_pdf_file_id}`);
    await expect(frame).toHaveAttribute("title", `Programa del curso ${row.course_name} (PDF)`);
    // The frame shows the PDF, not Chromium's "refused to connect" page.
    const embedded = await (await frame.elementHandle())!.contentFrame();
    await expect.poll(() => embedded?.url()).toContain(`/archivos/${row.course_pdf_file_id}`);
    expect(refused).toEqual([]);
    await expect(dialog.getByRole("link", { name: "Entrar al curso" })).toHaveAttribute("href", `/cursos2025/${row.course_url}`);
    // 1000 px wide on a desktop screen.
    expect(Math.round((await dialog.boundingBox())!.width)).toBe(1000);
    await expectNoAxeViolations(page);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // The Cerrar button closes it too, from the keyboard.
    await opener.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: /Cerrar/ }).press("Enter");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("the programme page (the no-JavaScript twin of the dialog) passes axe with its PDF frame", async ({ page }) => {
    const row = await course(286);
    await page.goto("/ensenanza/offer/programa/286");
    await expect(page.getByRole("heading", { level: 1, name: `Programa: ${row.course_name}` })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Ruta de navegación" }).getByRole("link", { name: "Oferta académica" })).toHaveAttribute(
      "href",
      `/ensenanza/offer?mes=${row.month_id}`,
    );
    await expectNoAxeViolations(page);
  });

  test("the dialog says when the programme or the course link is missing", async ({ page }) => {
    const noPdf = await course(276);
    await page.goto(`/ensenanza/offer?mes=${noPdf.month_id}`);
    await card(page, 276).getByRole("button", { name: "Programa" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("Programa no disponible", { exact: true })).toBeVisible();
    await expect(dialog.locator("iframe")).toHaveCount(0);
    await expect(dialog.getByRole("link", { name: "Entrar al curso" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");

    const noLink = await course(277);
    await page.goto(`/ensenanza/offer?mes=${noLink.month_id}`);
    await card(page, 277).getByRole("button", { name: "Programa" }).click();
    await expect(dialog.getByText("Enlace al curso no disponible", { exact: true })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Entrar al curso" })).toHaveCount(0);
  });

  test("/cursos2025/{course_url} tells a visitor how to enrol; an unknown course is a 404", async ({ page }) => {
    const row = await course(286);
    const answer = await page.goto(`/cursos2025/${row.course_url}`);
    expect(answer?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: row.course_name })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Cómo inscribirse" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Oferta académica de ${MONTHS[row.month_id]}` })).toHaveAttribute(
      "href",
      `/ensenanza/offer?mes=${row.month_id}`,
    );
    expect(await page.content()).not.toContain(row.course_password!);
    await expectNoAxeViolations(page);

    const missing = await page.goto("/cursos2025/curso-que-no-existe");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "No encontramos esta página" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
