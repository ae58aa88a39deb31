import { db } from "../../app/db.server";
import { samplePng } from "../support/sample-files";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { signInAsStaff } from "./staff-session";

// Issue 12: the communications office keeps the home carousel and the galleries current.
const exe = {
  name: "campana.png",
  mimeType: "image/png",
  buffer: Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00", "latin1"), Buffer.alloc(600, 0x41)]),
};
const png = (name: string, width: number, height: number) => ({ name, mimeType: "image/png", buffer: samplePng(width, height) });

test.describe("banners and gallery editor", () => {
  test("a comunicacion member adds a banner that appears in the home carousel, reorders and hides it; the audit log shows it", async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    // Three browser contexts and four axe scans: more than the default 30 s on a shared machine.
    test.slow();
    await signInAsStaff(context, baseURL!, "comunicacion");
    await page.goto("/admin/dashboard");
    await page.getByRole("link", { name: "Banners", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Banners de la página de inicio" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Agregar un banner" }).click();
    // A renamed executable, no alternative text and a javascript: link: every error at once, typed values kept.
    await page.getByLabel("Imagen del banner").setInputFiles(exe);
    await page.getByLabel("Encabezado (opcional)").fill("Campaña de vacunación 2026");
    await page.getByLabel("Enlace (opcional)").fill("javascript:alert(document.cookie)");
    await page.getByRole("button", { name: "Agregar el banner" }).click();
    const summary = page.getByTestId("error-summary");
    await expect(summary).toContainText("no es una imagen JPG, PNG ni WebP");
    await expect(summary).toContainText("Escriba el texto alternativo");
    await expect(summary).toContainText("El enlace debe ser una dirección que empiece con https://");
    await expect(page.getByLabel("Encabezado (opcional)")).toHaveValue("Campaña de vacunación 2026");
    await expectNoAxeViolations(page);

    await page.getByLabel("Imagen del banner").setInputFiles(png("vacunacion.png", 1200, 400));
    await page.getByLabel("Texto alternativo").fill("Niña recibe su vacuna en el vestíbulo del hospital");
    await page.getByLabel("Enlace (opcional)").fill("/ensenanza/offer");
    await page.getByRole("button", { name: "Agregar el banner" }).click();
    await expect(page.getByText("Se agregó el banner; está visible.")).toBeVisible();

    // An anonymous visitor (the cached home page) sees it at once.
    const visitor = await browser.newContext();
    const home = await visitor.newPage();
    await home.goto("/");
    const carousel = home.getByRole("region", { name: "Avisos destacados" });
    // Hydrated, only the current slide is exposed to assistive technology, so find it by its alt attribute.
    const slide = carousel.locator('img[alt="Niña recibe su vacuna en el vestíbulo del hospital"]');
    await expect(slide).toHaveCount(1);
    await expect(carousel.locator('a:has(img[alt="Niña recibe su vacuna en el vestíbulo del hospital"])')).toHaveAttribute(
      "href",
      "/ensenanza/offer",
    );
    await expectNoAxeViolations(home);

    // Reorder: it was last; "Subir" moves it one place up.
    const rows = page.locator("tbody tr");
    const count = await rows.count();
    await expect(rows.nth(count - 1)).toContainText("Campaña de vacunación 2026");
    await page.getByRole("button", { name: "Subir «Campaña de vacunación 2026»" }).click();
    await expect(page.getByText("El banner «Campaña de vacunación 2026» subió un lugar.")).toBeVisible();
    await expect(rows.nth(count - 2)).toContainText("Campaña de vacunación 2026");

    // Hide: gone from the carousel.
    await page.getByRole("button", { name: "Ocultar «Campaña de vacunación 2026»" }).click();
    await expect(page.getByText("El banner «Campaña de vacunación 2026» quedó oculto.")).toBeVisible();
    await home.goto("/");
    await expect(home.locator('img[alt="Niña recibe su vacuna en el vestíbulo del hospital"]')).toHaveCount(0);
    await expect(home.getByRole("region", { name: "Avisos destacados" })).toBeVisible();
    await visitor.close();

    const admin = await browser.newContext();
    await signInAsStaff(admin, baseURL!, "admin");
    const log = await admin.newPage();
    for (const [action, words] of [
      ["banner.create", "agregó el banner"],
      ["banner.move", "cambió de lugar el banner"],
      ["banner.hide", "ocultó el banner"],
    ] as const) {
      await log.goto(`/admin/bitacora?action=${action}`);
      await expect(log.getByTestId("audit-entries")).toContainText(words);
    }
    await admin.close();
  });

  test("without JavaScript a comunicacion member adds a gallery image that appears on the public gallery page", async ({ browser, baseURL }) => {
    // Four axe scans of no-JS twins, one of a 50-image gallery: more than the default 30 s on a shared machine.
    test.slow();
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    await signInAsStaff(noJs, baseURL!, "comunicacion");
    const page = await noJs.newPage();
    await page.goto("/admin/galerias");
    await expect(page.getByRole("heading", { level: 1, name: "Galerías" })).toBeVisible();
    await expectNoAxeViolationsWithoutJavaScript(page);
    await page.getByRole("main").getByRole("link", { name: "Legado artístico", exact: true }).click();
    await expectNoAxeViolationsWithoutJavaScript(page);
    await page.getByRole("link", { name: "Agregar una imagen" }).click();

    // Missing texts and an oversize file: refused, nothing stored.
    const before = (await db.selectFrom("gallery_items").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n;
    await page
      .getByLabel("Imagen", { exact: true })
      .setInputFiles({ name: "grande.png", mimeType: "image/png", buffer: Buffer.concat([samplePng(10, 10), Buffer.alloc(2 * 1024 * 1024 + 10)]) });
    await page.getByLabel("Título").fill("Mural del vestíbulo restaurado");
    await page.getByRole("button", { name: "Agregar la imagen" }).click();
    await expect(page.getByTestId("error-summary")).toContainText("La imagen pesa más de 2 MB");
    await expect(page.getByTestId("error-summary")).toContainText("Escriba el pie de foto");
    await expect(page.getByLabel("Título")).toHaveValue("Mural del vestíbulo restaurado");
    await expectNoAxeViolationsWithoutJavaScript(page);
    expect((await db.selectFrom("gallery_items").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n).toBe(before);

    await page.getByLabel("Imagen", { exact: true }).setInputFiles(png("mural.png", 640, 480));
    await page.getByLabel("Autor (opcional)").fill("Taller de restauración HIMFG");
    await page.getByLabel("Pie de foto").fill("El mural del vestíbulo después de su restauración en 2026.");
    await page.getByLabel("Texto alternativo").fill("Mural de colores con niñas y niños jugando.");
    await page.getByRole("button", { name: "Agregar la imagen" }).click();
    await expect(page.getByText("Se agregó «Mural del vestíbulo restaurado» a la galería.")).toBeVisible();

    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const gallery = await visitor.newPage();
    await gallery.goto("/legado-artistico");
    const thumb = gallery.getByRole("link", { name: "El mural del vestíbulo después de su restauración en 2026." });
    await expect(thumb).toBeVisible();
    await thumb.click();
    await expect(gallery.getByRole("heading", { level: 1, name: "Mural del vestíbulo restaurado" })).toBeVisible();
    await expect(gallery.getByRole("img", { name: "Mural de colores con niñas y niños jugando." })).toHaveAttribute("width", "640");
    await expectNoAxeViolationsWithoutJavaScript(gallery);
    const imageUrl = gallery.url();

    // Hidden: the gallery leaves it out and its address answers 404 until it is shown again.
    await page.getByRole("button", { name: "Ocultar «Mural del vestíbulo restaurado»" }).click();
    await expect(page.getByText("La imagen «Mural del vestíbulo restaurado» quedó oculta.")).toBeVisible();
    expect((await gallery.goto(imageUrl))?.status()).toBe(404);
    await visitor.close();
    await noJs.close();

    const admin = await browser.newContext();
    await signInAsStaff(admin, baseURL!, "admin");
    const log = await admin.newPage();
    for (const [action, words] of [
      ["gallery_image.create", "agregó la imagen"],
      ["gallery_image.hide", "ocultó la imagen"],
    ] as const) {
      await log.goto(`/admin/bitacora?action=${action}`);
      await expect(log.getByTestId("audit-entries")).toContainText(words);
    }
    await admin.close();
  });

  test("an ensenanza member is refused on every banner and gallery route", async ({ browser, baseURL }) => {
    const teaching = await browser.newContext();
    await signInAsStaff(teaching, baseURL!, "ensenanza");
    const page = await teaching.newPage();
    const banner = (await db.selectFrom("banners").select("id").executeTakeFirstOrThrow()).id;
    const image = (await db.selectFrom("gallery_items").select("id").where("gallery", "=", "galeria").executeTakeFirstOrThrow()).id;
    for (const path of [
      "/admin/banners",
      "/admin/banners/nuevo",
      `/admin/banners/${banner}`,
      "/admin/galerias",
      "/admin/galerias/galeria",
      "/admin/galerias/galeria/nueva",
      "/admin/galerias/galeria/textos",
      `/admin/galerias/galeria/${image}`,
    ]) {
      expect((await page.goto(path))?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "No tiene permiso para esta página" })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    expect((await page.request.post("/admin/banners", { form: { id: String(banner), op: "ocultar" } })).status()).toBe(403);
    expect((await page.request.post("/admin/galerias/galeria/textos", { form: { title: "x", description: "y", intro: "z" } })).status()).toBe(403);
    expect((await db.selectFrom("banners").select("is_active").where("id", "=", banner).executeTakeFirstOrThrow()).is_active).toBe(1);
    await teaching.close();
  });

  test("on a 320 px phone without JavaScript the editor's screens fit and a banner is scheduled", async ({ browser, baseURL }) => {
    // Without JavaScript too: the same forms post as plain multipart forms.
    const phone = await browser.newContext({ viewport: { width: 320, height: 640 }, javaScriptEnabled: false });
    await signInAsStaff(phone, baseURL!, "comunicacion");
    const page = await phone.newPage();
    const banner = (await db.selectFrom("banners").select("id").executeTakeFirstOrThrow()).id;
    const image = (await db.selectFrom("gallery_items").select("id").where("gallery", "=", "dia-del-nino").executeTakeFirstOrThrow()).id;
    for (const path of [
      "/admin/banners",
      "/admin/banners/nuevo",
      `/admin/banners/${banner}`,
      "/admin/galerias",
      "/admin/galerias/dia-del-nino",
      "/admin/galerias/dia-del-nino/textos",
      `/admin/galerias/dia-del-nino/${image}`,
    ]) {
      expect((await page.goto(path))?.status(), path).toBe(200);
      await page.waitForLoadState("load");
      // The tables scroll inside their own focusable region; the page itself must not.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), path).toBe(true);
    }
    await page.goto("/admin/banners/nuevo");
    await page.getByLabel("Imagen del banner").setInputFiles(png("becas.png", 900, 300));
    await page.getByLabel("Texto alternativo").fill("Convocatoria de becas de enseñanza 2027");
    await page.getByLabel("Enlace (opcional)").fill("https://www.gob.mx/salud");
    // Next year's 10 January: always ahead, and inside the two-year window of scheduled dates.
    const year = new Date().getFullYear() + 1;
    await page.getByLabel("Visible desde (hora de la Ciudad de México, opcional)").fill(`${year}-01-10T08:00`);
    await page.getByRole("button", { name: "Agregar el banner" }).click();
    await expect(page.getByText("Se agregó el banner; está programado.")).toBeVisible();
    await expect(page.getByRole("row", { name: /Convocatoria de becas de enseñanza 2027/ })).toContainText(
      `Desde el 10 de enero de ${year} a las 8:00`,
    );
    await phone.close();
  });
});
