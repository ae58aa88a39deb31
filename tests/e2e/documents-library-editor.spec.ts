import { db } from "../../app/db.server";
import { buildPdf } from "../../app/documents/file-builders.server";
import { COLLECTION_INTROS_0025 } from "../../migrations/0025-collection-intros";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { signInAsStaff } from "./staff-session";

// Issue 12: the communications office publishes transparency documents and edits the Hemerobiblioteca.

const report = buildPdf({
  title: "Estados financieros al primer trimestre de 2025",
  issuer: "Subdirección de Recursos Financieros",
  paragraphs: ["Estado de situación financiera al 31 de marzo de 2025."],
  date: "2025-03-31",
});
const corrected = buildPdf({
  title: "Estados financieros al primer trimestre de 2025 (corregido)",
  issuer: "Subdirección de Recursos Financieros",
  paragraphs: ["Versión corregida."],
  date: "2025-04-15",
});
const exe = Buffer.concat([Buffer.from("MZ", "latin1"), Buffer.alloc(2048)]);
const TITLE = "Estados financieros al primer trimestre de 2025";

test.describe("documents and library editor", () => {
  // Several axe scans per journey on a shared machine.
  test.slow();

  test("upload a 2025 financial report into its group and year, download it publicly, replace it; the audit log shows it", async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    await signInAsStaff(context, baseURL!, "comunicacion");
    await page.goto("/admin/documentos");
    await expect(page.getByRole("heading", { level: 1, name: "Documentos y transparencia" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Información contable" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Información contable" })).toBeVisible();
    await expectNoAxeViolations(page);

    // An executable renamed .pdf is refused by its content; what was typed is kept.
    const upload = page.getByRole("region", { name: "Subir un documento" });
    await upload.getByLabel("Año o grupo").selectOption({ label: "2025" });
    await upload.getByLabel("Título del documento").fill(TITLE);
    await upload.getByLabel("Archivo").setInputFiles({ name: "estados-financieros.pdf", mimeType: "application/pdf", buffer: exe });
    await upload.getByRole("button", { name: "Publicar el documento" }).click();
    await expect(page.getByTestId("error-summary")).toContainText("no es un PDF, DOCX, XLS ni XLSX");
    await expect(page.getByRole("region", { name: "Subir un documento" }).getByLabel("Título del documento")).toHaveValue(TITLE);
    await expectNoAxeViolations(page);

    await upload.getByLabel("Año o grupo").selectOption({ label: "2025" });
    await upload.getByLabel("Archivo").setInputFiles({ name: "estados-financieros.pdf", mimeType: "application/pdf", buffer: report });
    await upload.getByRole("button", { name: "Publicar el documento" }).click();
    await expect(page.getByText(`Se publicó «${TITLE}» en 2025.`)).toBeVisible();

    // The public page (an anonymous visitor, through the page cache) lists it under 2025 and serves the file.
    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto("/transparencia/informacion-financiera");
    const accounting = publicPage.locator("details#financial-accounting");
    await accounting.locator("summary").click();
    const year = accounting.locator("section.doc-group", { has: publicPage.getByRole("heading", { level: 3, name: "2025", exact: true }) });
    const link = year.getByRole("link", { name: new RegExp(`${TITLE} \\(PDF, \\d+ kB\\)`) });
    await expect(link).toBeVisible();
    await expectNoAxeViolations(publicPage);
    const href = (await link.getAttribute("href"))!;
    const downloaded = await publicPage.request.get(href);
    expect(downloaded.status()).toBe(200);
    expect(downloaded.headers()["content-type"]).toBe("application/pdf");
    expect((await downloaded.body()).equals(report)).toBe(true);

    // Replace the file: the URL already handed out answers with the new file.
    await page.getByRole("link", { name: TITLE, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Archivo nuevo").setInputFiles({ name: "corregido.pdf", mimeType: "application/pdf", buffer: corrected });
    await page.getByRole("button", { name: "Reemplazar el archivo" }).click();
    await expect(page.getByText("Los enlaces anteriores ya entregan el archivo nuevo.")).toBeVisible();
    const again = await publicPage.request.get(href);
    expect(again.status()).toBe(200);
    expect((await again.body()).equals(corrected)).toBe(true);

    // Remove it: gone from the page and its URL; kept in the editor's history.
    await page.getByRole("button", { name: "Retirar el documento" }).click();
    await expect(page.getByText("ya no aparece en el sitio; queda en el historial")).toBeVisible();
    await publicPage.goto("/transparencia/informacion-financiera");
    await publicPage.locator("details#financial-accounting summary").click();
    await expect(publicPage.getByRole("link", { name: new RegExp(TITLE) })).toHaveCount(0);
    expect((await publicPage.request.get(href)).status()).toBe(404);
    await page.getByRole("button", { name: "Volver a publicar" }).click();
    await expect(page.getByText(`«${TITLE}» vuelve a estar publicado.`)).toBeVisible();
    await visitor.close();

    const admin = await browser.newContext();
    await signInAsStaff(admin, baseURL!, "admin");
    const log = await admin.newPage();
    for (const [action, words] of [
      ["document.upload", "subió el documento"],
      ["document.replace_file", "reemplazó el archivo del documento"],
      ["document.remove", "retiró el documento"],
      ["document.restore", "volvió a publicar el documento"],
    ] as const) {
      await log.goto(`/admin/bitacora?action=${action}`);
      await expect(log.getByTestId("audit-entries")).toContainText(words);
    }
    await admin.close();
  });

  test("edit a library panel: preview, save, see it on /hemerobiblioteca, find it with /buscar; script and javascript: stay inert", async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    await signInAsStaff(context, baseURL!, "comunicacion");
    await page.goto("/admin/hemerobiblioteca");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Servicios", exact: true }).click();
    const body = page.getByLabel("Contenido (Markdown)");
    const original = await body.inputValue();
    const added =
      "\n\n## Préstamo nocturno\n\nDurante la temporada de exámenes el servicio guayabanocturna abre hasta las 23:00.\n\n<script>window.pwned = 1</script>\n\n[Reglas](javascript:window.pwned=2)";
    await body.fill(original + added);
    await page.getByRole("button", { name: "Vista previa" }).click();
    const preview = page.getByRole("region", { name: "Vista previa (todavía no se guarda)" });
    await expect(preview).toContainText("guayabanocturna");
    await expect(preview.getByRole("heading", { level: 3, name: "Préstamo nocturno" })).toBeVisible();
    await expect(preview.locator("script")).toHaveCount(0);
    await expect(preview.getByText("Reglas")).not.toHaveAttribute("href", /javascript/);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Se guardó el apartado «Servicios» de la Hemerobiblioteca.")).toBeVisible();

    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto("/hemerobiblioteca?panel=servicios");
    const panel = publicPage.getByRole("tabpanel", { name: "Servicios" });
    await expect(panel).toContainText("guayabanocturna");
    await expect(panel).toContainText("Orientación a usuarios");
    await expect(panel.locator("script")).toHaveCount(0);
    await expect(panel.getByText("Reglas")).not.toHaveAttribute("href", /javascript/);
    expect(await publicPage.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await expectNoAxeViolations(publicPage);

    await publicPage.goto("/buscar?q=guayabanocturna");
    const result = publicPage.getByRole("link", { name: "Hemerobiblioteca: Servicios" });
    await expect(result).toBeVisible();
    await result.click();
    await expect(publicPage.getByRole("tabpanel", { name: "Servicios" })).toContainText("guayabanocturna");
    await visitor.close();

    const admin = await browser.newContext();
    await signInAsStaff(admin, baseURL!, "admin");
    const log = await admin.newPage();
    await log.goto("/admin/bitacora?action=library_panel.update");
    await expect(log.getByTestId("audit-entries")).toContainText("editó el apartado de la Hemerobiblioteca");
    await admin.close();
  });

  test("an ensenanza member is refused (403) on every documents and library route", async ({ browser, baseURL }) => {
    const teaching = await browser.newContext();
    await signInAsStaff(teaching, baseURL!, "ensenanza");
    const page = await teaching.newPage();
    const item = await db
      .selectFrom("document_items")
      .innerJoin("document_groups", "document_groups.id", "document_items.group_id")
      .select("document_items.id")
      .where("document_groups.collection_key", "=", "yearbooks")
      .executeTakeFirstOrThrow();
    for (const path of [
      "/admin/documentos",
      "/admin/documentos/yearbooks",
      `/admin/documentos/yearbooks/${item.id}`,
      "/admin/hemerobiblioteca",
      "/admin/hemerobiblioteca/contacto",
    ]) {
      expect((await page.goto(path))?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "No tiene permiso para esta página" })).toBeVisible();
    }
    const before = await db.selectFrom("document_groups").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect((await page.request.post("/admin/documentos/yearbooks", { form: { intent: "add-group", title: "2031", place: "inicio" } })).status()).toBe(
      403,
    );
    expect((await page.request.post(`/admin/documentos/yearbooks/${item.id}`, { form: { intent: "remove" } })).status()).toBe(403);
    expect((await page.request.post("/admin/hemerobiblioteca/contacto", { form: { intent: "save", label: "x", body: "x" } })).status()).toBe(403);
    expect(await db.selectFrom("document_groups").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).toEqual(before);
    await teaching.close();
  });

  test("without JavaScript: add a year, upload into it, reorder, and preview a panel", async ({ browser, baseURL }) => {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    await signInAsStaff(noJs, baseURL!, "comunicacion");
    const page = await noJs.newPage();
    await page.goto("/admin/documentos/financial-budget");
    const addGroup = page.getByRole("region", { name: "Agregar un año o grupo" });
    await addGroup.getByLabel("Año o nombre del grupo").fill("2026");
    await addGroup.getByRole("button", { name: "Agregar el grupo" }).click();
    await expect(page.getByText("Se agregó el grupo «2026».")).toBeVisible();
    await expect(page.getByRole("heading", { level: 3 }).first()).toHaveText("2026");

    const upload = page.getByRole("region", { name: "Subir un documento" });
    for (const title of ["Presupuesto aprobado 2026", "Calendario de presupuesto 2026"]) {
      await upload.getByLabel("Año o grupo").selectOption({ label: "2026" });
      await upload.getByLabel("Título del documento").fill(title);
      await upload.getByLabel("Archivo").setInputFiles({ name: "presupuesto.pdf", mimeType: "application/pdf", buffer: report });
      await upload.getByRole("button", { name: "Publicar el documento" }).click();
      await expect(page.getByText(`Se publicó «${title}» en 2026.`)).toBeVisible();
    }
    const year = page.getByRole("region", { name: "2026", exact: true });
    await expect(year.getByRole("row").nth(1)).toContainText("Presupuesto aprobado 2026");
    await year.getByRole("button", { name: "Subir «Calendario de presupuesto 2026»" }).click();
    await expect(page.getByText("Se movió «Calendario de presupuesto 2026».")).toBeVisible();
    await expect(page.getByRole("region", { name: "2026", exact: true }).getByRole("row").nth(1)).toContainText("Calendario de presupuesto 2026");
    await expectNoAxeViolationsWithoutJavaScript(page);

    // No sideways scroll at 320 px (the tables scroll inside their own focusable region).
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ["/admin/documentos", "/admin/documentos/financial-budget", "/admin/hemerobiblioteca", "/admin/hemerobiblioteca/contacto"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        // What sticks out, to say what to fix.
        culprits: [...document.body.querySelectorAll("*")]
          .filter((element) => element.getBoundingClientRect().right > 320.5 && !element.parentElement?.closest(".table-wrap"))
          .slice(0, 6)
          .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).replace(/\s+/g, ".")}`),
      }));
      expect(overflow.width, `${path}: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(320);
    }

    await page.goto("/admin/hemerobiblioteca/contacto");
    await page.getByLabel("Contenido (Markdown)").fill("Escríbanos a **hemeroteca@himfg.edu.mx**.");
    await page.getByRole("button", { name: "Vista previa" }).click();
    await expect(page.getByRole("region", { name: "Vista previa (todavía no se guarda)" })).toContainText("Escríbanos a hemeroteca@himfg.edu.mx.");
    await expect(page.getByLabel("Contenido (Markdown)")).toHaveValue("Escríbanos a **hemeroteca@himfg.edu.mx**.");
    await expectNoAxeViolationsWithoutJavaScript(page);
    await noJs.close();
  });
  test("without JavaScript: edit a collection's introduction (the public page shows it) and delete an empty group", async ({ browser, baseURL }) => {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    await signInAsStaff(noJs, baseURL!, "comunicacion");
    const page = await noJs.newPage();
    await page.goto("/admin/documentos/archives");
    const intro = page.getByRole("region", { name: "Introducción de la página" });
    await expect(intro.getByLabel("Introducción (Markdown)")).toHaveValue(COLLECTION_INTROS_0025.archives!);
    await intro.getByLabel("Introducción (Markdown)").fill("");
    await intro.getByRole("button", { name: "Guardar la introducción" }).click();
    await expect(page.getByTestId("error-summary")).toContainText("Escriba la introducción de la colección");
    await page.getByLabel("Introducción (Markdown)").fill("La Coordinación de Archivos publica **formatos e inventarios** cada año.");
    await page.getByRole("button", { name: "Guardar la introducción" }).click();
    await expect(page.getByText("Se guardó la introducción de la colección.")).toBeVisible();
    await expectNoAxeViolationsWithoutJavaScript(page);

    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto("/organizacion-de-archivos");
    await expect(publicPage.locator(".doc-page__lead strong")).toHaveText("formatos e inventarios");
    await expectNoAxeViolations(publicPage);
    await visitor.close();

    const addGroup = page.getByRole("region", { name: "Agregar un año o grupo" });
    await addGroup.getByLabel("Año o nombre del grupo").fill("Grupo temporal");
    await addGroup.getByRole("button", { name: "Agregar el grupo" }).click();
    await page.getByRole("button", { name: "Eliminar el grupo vacío «Grupo temporal»" }).click();
    await expect(page.getByText("Se eliminó el grupo vacío «Grupo temporal».")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Grupo temporal" })).toHaveCount(0);
    await noJs.close();

    await db.updateTable("document_collections").set({ intro: COLLECTION_INTROS_0025.archives! }).where("key", "=", "archives").execute();
  });
});
