import type { Page } from "@playwright/test";
import { db } from "../../app/db.server";
import { storeFile } from "../../app/files/files.server";
import { mexicoCityDay, startOfDayInMexicoCity } from "../../app/utils/mexico-city";
import { createParticipant, deleteParticipants, sessionCookieFor } from "../factories";
import { clearOfMexicoCityMidnight } from "../support/midnight";
import { samplePdf, samplePng } from "../support/sample-files";
import { SESSION_COOKIE_NAME } from "../../app/accounts/session.server";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { signInAsStaff } from "./staff-session";

// Issue 21, the small things a first day trips over: texts read as a person reads them, the
// carousel's links, and long gallery titles on a phone.

const created: number[] = [];
test.afterAll(async () => deleteParticipants(created));

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test("the upload forms say what a file may be once, in words: «JPG, PNG o PDF, de 1 MB como máximo»", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/register");
  const documents = page.getByRole("group", { name: "Documentos" });
  // Said at each file field (its hint, read with the field), not again in the notice above them.
  await expect(documents.getByText("JPG, PNG o PDF, de 1 MB como máximo.", { exact: true })).toHaveCount(2);
  await expect(documents.getByText("de 1 MB como máximo")).toHaveCount(2);
  await page.getByRole("radio", { name: "Externo", exact: true }).check();
  await page.getByRole("button", { name: "Registrarme" }).click();
  await expect(
    page.getByTestId("error-summary").getByRole("heading", {
      name: "Complete los campos requeridos o revise sus archivos seleccionados (JPG, PNG o PDF, de 1 MB como máximo)",
    }),
  ).toBeVisible();
  await expect(page.getByText("Seleccione el archivo del documento 1: JPG, PNG o PDF, de 1 MB como máximo.").first()).toBeVisible();
  await page.goto("/donacion");
  await expect(page.getByText("JPG, PNG o PDF, de 1 MB como máximo.", { exact: true })).toBeVisible();
  for (const path of ["/register", "/donacion"]) {
    await page.goto(path);
    const text = await page.locator("main").innerText();
    expect(text).not.toMatch(/\.PNG|\.PDF|\dMB|máximo \d/);
  }
  await context.close();
});

test("the staff dashboard says once how long a document has waited: «Esperando desde el … (1 día)», counted in Mexico City days", async ({
  page,
  context,
  baseURL,
}) => {
  const participant = await createParticipant(
    { name: "Leticia Enviada Ayer", role: "EXTERNO" },
    { documents: [{ kind: "professional_license", file: { fileName: "cedula.pdf", contentType: "application/pdf", data: samplePdf() } }] },
  );
  created.push(participant.id);
  // "Yesterday" here and in the server's render below (a sign-in later): not across a midnight.
  await clearOfMexicoCityMidnight(30_000, (ms) => test.setTimeout(test.info().timeout + ms));
  // 23:30 yesterday in Mexico City: fewer than 24 hours ago for most of today, but yesterday.
  const sentAt = new Date(Date.parse(startOfDayInMexicoCity(mexicoCityDay(new Date()))) - 30 * 60_000);
  await db.updateTable("participant_documents").set({ created_at: sentAt.toISOString() }).where("participant_id", "=", participant.id).execute();
  const day = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeZone: "America/Mexico_City" }).format(sentAt);

  await signInAsStaff(context, baseURL!, "ensenanza");
  await page.goto("/admin/dashboard");
  const item = page.getByTestId("documents-waiting").getByRole("listitem").filter({ hasText: participant.name });
  await expect(item).toHaveText(`${participant.name}: Cédula profesional. Esperando desde el ${day} (1 día).`);
  await expect(page.getByTestId("documents-waiting")).not.toContainText("llegó");
});

test("the graduated answer reads the same for the participant and the staff: «Egresado(a)» Sí, No or Sin respuesta", async ({
  page,
  browser,
  baseURL,
}) => {
  const answered = await createParticipant({ name: "Pablo Egresado", graduated: "SÍ" });
  const unknown = await createParticipant({ name: "Rosa Sin Respuesta", graduated: null });
  created.push(answered.id, unknown.id);

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInAsStaff(staffContext, baseURL!, "ensenanza");
  for (const [person, label] of [
    [answered, "Sí"],
    [unknown, "Sin respuesta"],
  ] as const) {
    await staffPage.goto(`/admin/estudiantes/${person.id}`);
    await expect(staffPage.locator("dt", { hasText: /^Egresado\(a\)$/ }).locator("+ dd")).toHaveText(label);
  }
  await staffContext.close();

  const cookie = await sessionCookieFor(answered);
  await page.context().addCookies([{ name: SESSION_COOKIE_NAME, value: cookie.slice(SESSION_COOKIE_NAME.length + 1), url: baseURL! }]);
  await page.goto("/profile");
  await expect(page.locator("dt", { hasText: /^Egresado\(a\)$/ }).locator("+ dd")).toHaveText("Sí");
});

test.describe("the home carousel", () => {
  const seeded = [
    { title: "Convocatoria a residencias médicas", href: "/convocatoria" },
    { title: "Oferta académica de educación médica continua", href: "/ensenanza/offer" },
    { title: "Consulta de primera vez", href: "/requisitos" },
    { title: "Legado artístico del hospital", href: "/legado-artistico" },
  ];

  test("every seeded slide links to a page that answers; the first to the residency call, whose page has its PDF", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    for (const slide of seeded) {
      const group = page.getByRole("group", { name: new RegExp(`^\\d+ de \\d+: ${slide.title}$`) });
      await expect(group.getByRole("link")).toHaveAttribute("href", slide.href);
      expect((await page.request.get(slide.href)).status()).toBe(200);
    }
    await page.goto("/convocatoria");
    await expect(page.getByRole("link", { name: "Convocatoria completa (PDF)" })).toBeVisible();
    await context.close();
  });

  test("a banner without a link is an image in its slide, named and reachable, with and without JavaScript", async ({ page, browser }) => {
    // Two pages and two axe scans: more than the default 30 s on a shared machine.
    test.slow();
    const fileId = await storeFile(db, { fileName: "aviso.png", contentType: "image/png", data: samplePng(1200, 400) }, "public");
    const last = await db
      .selectFrom("banners")
      .select((eb) => eb.fn.max("position").as("position"))
      .executeTakeFirstOrThrow();
    const banner = await db
      .insertInto("banners")
      .values({
        title: "Aviso sin enlace",
        alt_text: "Aviso: el hospital atiende con normalidad.",
        link_url: null,
        image_file_id: fileId,
        position: Number(last.position ?? 0) + 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    try {
      const noScript = await browser.newContext({ javaScriptEnabled: false });
      const plain = await noScript.newPage();
      await plain.goto("/");
      const group = plain.getByRole("group", { name: /^\d+ de \d+: Aviso sin enlace$/ });
      await expect(group.getByRole("img", { name: "Aviso: el hospital atiende con normalidad." })).toBeVisible();
      await expect(group.getByRole("link")).toHaveCount(0);
      await expect(plain.locator(".carousel__index").getByRole("link", { name: "Aviso sin enlace" })).toBeVisible();
      await expectNoAxeViolationsWithoutJavaScript(plain);
      await noScript.close();

      await page.goto("/");
      await expect(page.locator(".carousel[data-enhanced]")).toBeVisible();
      await page.getByRole("button", { name: /Pausar el carrusel/ }).click();
      await page.getByRole("button", { name: /Ir a la diapositiva \d+: Aviso sin enlace/ }).click();
      const shown = page.getByRole("group", { name: /^\d+ de \d+: Aviso sin enlace$/ });
      await expect(shown).not.toHaveAttribute("aria-hidden", "true");
      await expect(shown.getByRole("img", { name: "Aviso: el hospital atiende con normalidad." })).toBeVisible();
      await expectNoAxeViolations(page);
    } finally {
      await db.deleteFrom("banners").where("id", "=", banner.id).execute();
      await db.deleteFrom("stored_files").where("id", "=", fileId).execute();
    }
  });
});

test.describe("long gallery titles on a phone", () => {
  const title = "Protección que la institución otorga a los niños mexicanos";

  for (const width of [320, 375]) {
    test(`${width} px: the whole title in the grid, the lightbox and the picture itself, and nothing scrolls sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.goto("/legado-artistico");
      await noSidewaysScroll(page);
      // Two pictures a row on a phone (one column of 55 made the page 18,700 px long at 320 px).
      const thumbs = page.locator("a.gallery-grid__link");
      const [first, second] = [await thumbs.nth(0).boundingBox(), await thumbs.nth(1).boundingBox()];
      expect(second!.y, `${JSON.stringify(first)} ${JSON.stringify(second)}`).toBe(first!.y);
      expect(second!.x).toBeGreaterThan(first!.x + first!.width);
      const link = page.locator("a.gallery-grid__link", { hasText: title });
      await expect(link.locator(".gallery-grid__caption")).toHaveText(`${title} - Ángela Gurría`);

      // The picture draws every word of the title and the author (it cut them at 48 characters).
      const src = await link.locator("img").getAttribute("src");
      const svg = await (await page.request.get(src!)).text();
      const drawn = Array.from(svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g), (match) => match[1]).join(" ");
      expect(drawn).toBe(`${title} Ángela Gurría`);

      await link.click();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog.getByRole("heading", { name: title })).toBeVisible();
      expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await noSidewaysScroll(page);
      await dialog.getByRole("button", { name: /Cerrar/ }).click();

      const itemPath = await link.getAttribute("href");
      await page.goto(itemPath!);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await noSidewaysScroll(page);
      await expectNoAxeViolationsWithoutJavaScript(page);
    });
  }
});
