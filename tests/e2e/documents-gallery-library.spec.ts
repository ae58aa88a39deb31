import fs from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";

/** Pages that do not hydrate (decision 0027) load one script, the page script, and no React. */
async function expectOnlyThePageScript(page: Page) {
  const scripts = await page.locator("script[src]").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("src")));
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/^\/build\/page-script\/index-[A-Z0-9]+\.js$/);
  expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
}

test.describe("gallery", () => {
  test("the page script's lightbox: Enter opens, arrows and buttons move, focus stays inside, Esc closes and focus returns", async ({ page }) => {
    await page.goto("/legado-artistico");
    await expectOnlyThePageScript(page);
    const thumbs = page.locator(".gallery-grid__link");
    expect(await thumbs.count()).toBeGreaterThanOrEqual(50);
    // Every thumbnail reserves its space and loads lazily.
    const first = thumbs.nth(0).locator("img");
    await expect(first).toHaveAttribute("loading", "lazy");
    await expect(first).toHaveAttribute("width", /^\d+$/);
    await expect(first).toHaveAttribute("height", /^\d+$/);
    await expectNoAxeViolations(page);

    // Enhanced: thumbnails announce the dialog they open.
    await expect(thumbs.nth(0)).toHaveAttribute("aria-haspopup", "dialog");
    const captions = await page.locator(".gallery-grid__caption").allTextContents();
    await thumbs.nth(0).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/legado-artistico$/);
    await expect(dialog.locator(".gallery-dialog__caption")).toHaveText(captions[0]!);
    // Named by the image's title, described by its position; the image has its alt text and size.
    const firstTitle = await thumbs.nth(0).getAttribute("data-title");
    await expect(dialog).toHaveAccessibleName(firstTitle!);
    await expect(dialog).toHaveAccessibleDescription(new RegExp(`^Imagen 1 de ${captions.length}\\.`));
    const image = dialog.getByRole("img", { name: (await thumbs.nth(0).getAttribute("data-alt"))! });
    await expect(image).toHaveAttribute("src", (await first.getAttribute("src"))!);
    await expect(image).toHaveAttribute("width", (await first.getAttribute("width"))!);
    await expect(dialog.getByRole("button", { name: "Cerrar la imagen" })).toBeFocused();
    await expectNoAxeViolations(page);

    await page.keyboard.press("ArrowRight");
    await expect(dialog.locator(".gallery-dialog__caption")).toHaveText(captions[1]!);
    await expect(dialog).toContainText(`Imagen 2 de ${captions.length}`);
    await page.keyboard.press("ArrowRight");
    await expect(dialog.locator(".gallery-dialog__caption")).toHaveText(captions[2]!);
    await page.keyboard.press("ArrowLeft");
    await expect(dialog.locator(".gallery-dialog__caption")).toHaveText(captions[1]!);
    await dialog.getByRole("button", { name: "Siguiente" }).click();
    await expect(dialog.locator(".gallery-dialog__caption")).toHaveText(captions[2]!);
    await dialog.getByRole("button", { name: "Anterior" }).click();
    await expect(dialog.locator(".gallery-dialog__caption")).toHaveText(captions[1]!);

    // Focus stays in the modal dialog: Tab and Shift+Tab go round its three buttons.
    const focusedButton = () => page.evaluate(() => (document.activeElement?.closest("dialog") ? document.activeElement.textContent?.trim() : null));
    expect(await focusedButton()).toBe("← Anterior");
    await page.keyboard.press("Tab");
    expect(await focusedButton()).toBe("Siguiente →");
    await page.keyboard.press("Tab");
    expect(await focusedButton()).toBe("Cerrar la imagen");
    await page.keyboard.press("Shift+Tab");
    expect(await focusedButton()).toBe("Siguiente →");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await focusedButton()).toBe("← Anterior");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // Focus goes back to the thumbnail of the image last shown.
    await expect(thumbs.nth(1)).toBeFocused();

    // Wrapping backwards from the first image reaches the last one; the close button works too.
    await thumbs.nth(0).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowLeft");
    await expect(dialog.locator(".gallery-dialog__caption")).toHaveText(captions[captions.length - 1]!);
    await dialog.getByRole("button", { name: "Cerrar la imagen" }).click();
    await expect(dialog).toBeHidden();
    await expect(thumbs.nth(captions.length - 1)).toBeFocused();

    // A click with the pointer opens it too; a modified click still opens the image's page in a new tab.
    await thumbs.nth(4).click();
    await expect(dialog.locator(".gallery-dialog__caption")).toHaveText(captions[4]!);
    await page.keyboard.press("Escape");
    const [tab] = await Promise.all([page.context().waitForEvent("page"), thumbs.nth(5).click({ modifiers: ["ControlOrMeta"] })]);
    await expect(tab).toHaveURL(/\/legado-artistico\/\d+$/);
    await tab.close();
    await expect(dialog).toBeHidden();
  });

  test("without JavaScript each thumbnail opens the image's own page with previous/next links", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto("/legado-artistico");
      await expect(page.locator("dialog")).toHaveCount(0);
      const captions = await page.locator(".gallery-grid__caption").allTextContents();
      await page.locator(".gallery-grid__link").nth(1).click();
      await expect(page).toHaveURL(/\/legado-artistico\/\d+$/);
      await expect(page.locator("figure img")).toBeVisible();
      await expect(page.locator("figcaption")).toContainText(captions[1]!);
      await expect(page.getByText(`Imagen 2 de ${captions.length}`)).toBeVisible();
      await expectNoAxeViolationsWithoutJavaScript(page);
      await page.getByRole("link", { name: /^Siguiente:/ }).click();
      await expect(page.locator("figcaption")).toContainText(captions[2]!);
      await page.getByRole("link", { name: /^Anterior:/ }).click();
      await page.getByRole("link", { name: /^Anterior:/ }).click();
      await expect(page.locator("figcaption")).toContainText(captions[0]!);
      await expect(page.getByRole("link", { name: /^Anterior:/ })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("the other galleries and an unknown image", async ({ page }) => {
    for (const path of ["/galeria", "/dia-del-nino"]) {
      await page.goto(path);
      await expectOnlyThePageScript(page);
      expect(await page.locator(".gallery-grid__link").count()).toBeGreaterThan(5);
      await expect(page.locator(".gallery-grid__link").first()).toHaveAttribute("aria-haspopup", "dialog");
      await expectNoAxeViolations(page);
    }
    await page.locator(".gallery-grid__link").first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto((await page.locator(".gallery-grid__link").first().getAttribute("href"))!);
    await expectOnlyThePageScript(page);
    const response = await page.goto("/legado-artistico/999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No encontramos esta página");
  });
});

test.describe("library", () => {
  for (const path of ["/hemerobiblioteca", "/direccion/hemerobiblioteca"]) {
    test(`the page script's tabs at ${path}: 8 tabs, one panel at a time, arrow keys, Home and End, the hash`, async ({ page }) => {
      await page.goto(path);
      await expectOnlyThePageScript(page);
      const tablist = page.getByRole("tablist", { name: "Secciones de la Hemerobiblioteca" });
      const tabs = tablist.getByRole("tab");
      await expect(tabs).toHaveCount(8);
      await expect(page.getByRole("tabpanel")).toHaveCount(1);
      await expect(page.getByRole("tabpanel")).toHaveAccessibleName("Reglamento");
      await expect(page.getByRole("tabpanel")).toContainText("15 de febrero de 2024");
      await expect(page.getByRole("tabpanel")).toContainText("$0.60");
      await expect(page.getByRole("tabpanel")).toContainText("200 fotocopias");
      await expect(tabs.nth(0)).toHaveAttribute("aria-controls", (await page.getByRole("tabpanel").getAttribute("id"))!);
      await expectNoAxeViolations(page);

      await tabs.nth(0).focus();
      await page.keyboard.press("ArrowRight");
      await expect(tabs.nth(1)).toBeFocused();
      await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
      await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "false");
      await expect(page.getByRole("tabpanel")).toHaveCount(1);
      await expect(page.getByRole("tabpanel")).toHaveAccessibleName("Servicios");
      await page.keyboard.press("End");
      await expect(page.getByRole("tabpanel")).toHaveAccessibleName("Contacto");
      await expect(page.getByRole("tabpanel")).toContainText("8:00 a 20:00");
      await page.keyboard.press("ArrowRight");
      await expect(page.getByRole("tabpanel")).toHaveAccessibleName("Reglamento");
      await page.keyboard.press("ArrowLeft");
      await expect(page.getByRole("tabpanel")).toHaveAccessibleName("Contacto");
      await page.keyboard.press("ArrowUp");
      await expect(tabs.nth(6)).toBeFocused();
      await page.keyboard.press("Home");
      await expect(tabs.nth(0)).toBeFocused();
      // Only the selected tab is in the tab order (roving tabindex); Tab moves on into the panel.
      expect(await tabs.evaluateAll((all) => all.map((t) => t.getAttribute("tabindex")))).toEqual(["0", "-1", "-1", "-1", "-1", "-1", "-1", "-1"]);
      await page.keyboard.press("Tab");
      await expect(page.getByRole("tabpanel")).toBeFocused();
      await tabs.nth(2).click();
      await expect(page.getByRole("tabpanel")).toHaveAccessibleName("Colecciones");
      await expect(page.getByRole("tabpanel")).toContainText("5,700");
      await expect(page).toHaveURL(/#panel-colecciones$/);
      await expectNoAxeViolations(page);

      // The hash selects the tab: on load, and when it changes (a link to a section, Back).
      await page.reload();
      await expect(page.getByRole("tabpanel")).toHaveAccessibleName("Colecciones");
      await expect(tabs.nth(2)).toHaveAttribute("tabindex", "0");
      await page.evaluate(() => (window.location.hash = "#panel-revistas"));
      await expect(page.getByRole("tabpanel")).toHaveAccessibleName("Revistas en línea");
      await expect(tabs.nth(4)).toHaveAttribute("aria-selected", "true");

      const archives = page.getByRole("link", { name: "Coordinación general de archivos (se abre en una pestaña nueva)" });
      await expect(archives).toHaveAttribute("target", "_blank");
      await expect(archives).toHaveAttribute("href", "/organizacion-de-archivos");
    });
  }

  test("the legacy ?panel= address leads to the section's hash and selects its tab", async ({ page }) => {
    await page.goto("/hemerobiblioteca?panel=contacto");
    await expect(page).toHaveURL(/\/hemerobiblioteca#panel-contacto$/);
    await expect(page.getByRole("tabpanel")).toHaveAccessibleName("Contacto");
    await expect(page.getByRole("tab", { name: "Contacto" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "Catálogo" }).click();
    await expect(page).toHaveURL(/\/hemerobiblioteca#panel-catalogo$/);
  });

  test("without JavaScript the nav links to every section, all on the page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto("/hemerobiblioteca");
      const nav = page.getByRole("navigation", { name: "Secciones de la Hemerobiblioteca" });
      await expect(nav.getByRole("link")).toHaveCount(8);
      await expect(page.getByRole("tab")).toHaveCount(0);
      const panels = page.locator(".library-panel");
      await expect(panels).toHaveCount(8);
      for (const panel of await panels.all()) await expect(panel).toBeVisible();
      await expect(page.getByRole("region", { name: "Reglamento" })).toContainText("200 fotocopias");
      await nav.getByRole("link", { name: "Contacto" }).click();
      await expect(page).toHaveURL(/\/hemerobiblioteca#panel-contacto$/);
      const contact = page.getByRole("region", { name: "Contacto" });
      await expect(contact).toContainText("57 61 01 47");
      await expect(contact).toBeInViewport();
      await expectNoAxeViolationsWithoutJavaScript(page);

      // The legacy ?panel= address (admin pages, search results) lands on its section too.
      await page.goto("/direccion/hemerobiblioteca?panel=servicios");
      await expect(page).toHaveURL(/\/direccion\/hemerobiblioteca#panel-servicios$/);
      await expect(page.getByRole("region", { name: "Servicios" })).toBeInViewport();
    } finally {
      await context.close();
    }
  });
});

test.describe("transparency documents", () => {
  test("financial information: 5 expandable groups, documents per year, a valid download", async ({ page }) => {
    await page.goto("/transparencia/informacion-financiera");
    const groups = page.locator("details.doc-details");
    await expect(groups).toHaveCount(5);
    await expect(groups.locator("summary h2")).toHaveText([
      "Información contable",
      "Información presupuestaria",
      "Información programática",
      "Normas del título V de la Ley General de Contabilidad Gubernamental",
      "Inventario de bienes muebles e inmuebles",
    ]);
    await expect(groups.first().getByRole("link").first()).toBeHidden();
    await expectNoAxeViolations(page);

    // Open the first group by keyboard.
    await groups.first().locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(groups.first()).toHaveAttribute("open", "");
    await expect(groups.first().getByRole("heading", { level: 3, name: "2024", exact: true })).toBeVisible();
    const pdfLink = groups.first().getByRole("link", { name: /Estado de Actividades Diciembre 2024 \(PDF, \d+ kB\)/ });
    await expect(pdfLink).toBeVisible();
    await expectNoAxeViolations(page);

    const pdf = await page.request.get((await pdfLink.getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdf.headers()["content-disposition"]).toContain("filename*=UTF-8''Estado%20de%20Actividades%20Diciembre%202024.pdf");
    const pdfBody = await pdf.body();
    expect(pdfBody.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdfBody.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);

    // Download a spreadsheet from the inventory group and check it is a real XLSX.
    const inventory = groups.nth(4);
    await inventory.locator("summary").click();
    const xlsxLink = inventory.getByRole("link", { name: /\(XLSX, \d+ kB\)/ }).first();
    const [download] = await Promise.all([page.waitForEvent("download"), xlsxLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^Listado de Bienes Muebles .*\.xlsx$/);
    const parts = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
    expect(strFromU8(parts["xl/workbook.xml"]!)).toContain("<sheets>");
    expect(strFromU8(parts["xl/worksheets/sheet1.xml"]!)).toContain("Listado de Bienes Muebles");
  });

  test("the legacy path shows the same page, with the clear path as canonical", async ({ page }) => {
    await page.goto("/direccion/subdireccion-recursos-financieros");
    await expect(page.locator("details.doc-details")).toHaveCount(5);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/transparencia\/informacion-financiera$/);
  });

  test("yearbooks: 18 links, one per year from 2007 to 2024, each a PDF", async ({ page, request }) => {
    await page.goto("/anuarios-estadisticos");
    const links = page.locator("main a.doc-link");
    await expect(links).toHaveCount(18);
    const names = await links.allTextContents();
    expect(names.map((n) => Number(/(\d{4})/.exec(n)![1])).sort()).toEqual(Array.from({ length: 18 }, (_, i) => 2007 + i));
    for (const name of names) expect(name).toMatch(/\(PDF, \d+ kB\)$/);
    const response = await request.get((await links.last().getAttribute("href"))!);
    expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await expectNoAxeViolations(page);
  });

  test("portal, procurement, archives and mission pages pass axe and are linked", async ({ page }) => {
    await page.goto("/transparencia");
    const portal = page.locator(".portal-links a");
    await expect(portal).toHaveCount(2);
    for (const link of await portal.all()) {
      await expect(link).toHaveAttribute("href", /^https:\/\/[a-z.]*plataformadetransparencia\.org\.mx\//);
      await expect(link.locator("img")).toHaveAttribute("alt", /\(se abre en una pestaña nueva\)$/);
    }
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Adquisiciones", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Adquisiciones");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      "Licitaciones",
      "Invitaciones",
      "Informe de Gestión Gubernamental del HIMFG",
      "Programas anuales de adquisiciones, arrendamientos y servicios",
    ]);
    await expect(page.getByText("No hay licitaciones públicas en curso en este momento.")).toBeVisible();
    await expect(page.getByText("No hay invitaciones a cuando menos tres personas en curso en este momento.")).toBeVisible();
    await expect(page.locator("main a.doc-link")).toHaveCount(2);
    await expectNoAxeViolations(page);

    for (const path of ["/organizacion-de-archivos", "/mision-y-vision"]) {
      await page.goto(path);
      await expectNoAxeViolations(page);
    }
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(["Misión", "Visión"]);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Misión y visión" })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Hemerobiblioteca" })).toBeVisible();
  });
});
