import { db } from "../../app/db.server";
import { publishDuePages } from "../../app/content/page-editor.server";
import { instantToMexicoCityLocal, mexicoCityLocalToInstant } from "../../app/utils/mexico-city";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signInAsStaff } from "./staff-session";

// Issue 12: the communications office creates, previews, schedules, edits and restores a page.
// Long flows with axe on each screen, on a machine shared with other builds.
test.describe.configure({ timeout: 180_000 });

test.describe("pages editor", () => {
  test("create at a new path, preview, schedule, appear at the time, edit, restore, search, audit", async ({ page, context, baseURL, browser }) => {
    await signInAsStaff(context, baseURL!, "comunicacion");
    await page.goto("/admin/contenido");
    await expect(page.getByRole("heading", { level: 1, name: "Páginas del sitio" })).toBeVisible();
    await page.getByLabel("Buscar por título o dirección").fill("voluntariado");
    await page.getByRole("search", { name: "Buscar páginas" }).getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByRole("link", { name: "Voluntariado" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Crear una página" }).click();
    // A path the site already uses is refused, with what was typed kept.
    await page.getByLabel("Dirección de la página").fill("/voluntariado");
    await page.getByLabel("Título", { exact: true }).fill("Jornada de vacunación 2026");
    await page.getByLabel("Resumen").fill("Fechas y sedes de la jornada de vacunación infantil 2026.");
    await page
      .getByLabel("Contenido (Markdown)")
      .fill(
        "## Sedes\n\nLa jornada ciruelacampaña se realiza en el vestíbulo.\n\n<script>window.pwned = 1</script>\n\n[Ver mapa](javascript:window.pwned=2)",
      );
    await page.getByRole("button", { name: "Crear la página" }).click();
    await expect(page.getByTestId("error-summary")).toContainText("Ya existe una página en /voluntariado");
    await expect(page.getByLabel("Título", { exact: true })).toHaveValue("Jornada de vacunación 2026");
    await expectNoAxeViolations(page);

    // Vista previa: rendered by the server's sanitiser, nothing stored, the script and link inert.
    await page.getByLabel("Dirección de la página").fill("/jornada-de-vacunacion");
    await page.getByRole("button", { name: "Vista previa" }).click();
    const preview = page.getByRole("region", { name: "Vista previa (todavía no se guarda)" });
    await expect(preview.getByRole("heading", { name: "Sedes" })).toBeVisible();
    await expect(preview).toContainText("ciruelacampaña");
    await expect(preview.locator("script")).toHaveCount(0);
    await expect(preview.getByText("Ver mapa")).not.toHaveAttribute("href", /javascript/);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await expectNoAxeViolations(page);

    // Schedule for tomorrow 10:30 Mexico City time.
    const tomorrow = instantToMexicoCityLocal(new Date(Date.now() + 24 * 3600_000)).slice(0, 10);
    const local = `${tomorrow}T10:30`;
    await page.getByLabel("Programar la publicación").check();
    await page.getByLabel("Fecha y hora de publicación (hora de la Ciudad de México)").fill(local);
    await page.getByRole("button", { name: "Crear la página" }).click();
    await expect(page.getByText("Se creó la página /jornada-de-vacunacion; quedó programada.")).toBeVisible();
    const editUrl = page.url();

    // Not public before its time; the scheduler at the scheduled instant publishes it.
    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    expect((await publicPage.goto("/jornada-de-vacunacion"))?.status()).toBe(404);
    const at = mexicoCityLocalToInstant(local)!;
    expect(await publishDuePages(db, new Date(at.getTime() - 1000))).toBe(0);
    expect((await publicPage.goto("/jornada-de-vacunacion"))?.status()).toBe(404);
    expect(await publishDuePages(db, at)).toBe(1);
    expect((await publicPage.goto("/jornada-de-vacunacion"))?.status()).toBe(200);
    await expect(publicPage.getByRole("heading", { level: 1, name: "Jornada de vacunación 2026" })).toBeVisible();
    await expect(publicPage.locator("main script, .rich-text script")).toHaveCount(0);
    await expect(publicPage.getByText("Ver mapa")).not.toHaveAttribute("href", /javascript/);
    await expectNoAxeViolations(publicPage);

    // Edit: the new text is found by /buscar at once.
    await page.goto(editUrl);
    await page.getByLabel("Contenido (Markdown)").fill("## Sedes\n\nLa jornada mandarinaeditada se realiza en el auditorio.");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Se guardaron los cambios de /jornada-de-vacunacion; ya está publicada.")).toBeVisible();
    await publicPage.goto("/buscar?q=mandarinaeditada");
    await expect(publicPage.getByRole("link", { name: "Jornada de vacunación 2026" })).toBeVisible();

    // History: compare 1 and 3, then restore the first version.
    await page.getByRole("link", { name: "Historial de versiones" }).click();
    await page.getByLabel("Versión anterior").fill("1");
    await page.getByLabel("Versión posterior").fill("3");
    await page.getByRole("button", { name: "Comparar" }).click();
    await expect(page.locator(".revision-diff del").first()).toContainText("ciruelacampaña");
    await expect(page.locator(".revision-diff ins").first()).toContainText("mandarinaeditada");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Restaurar la versión 1" }).click();
    await expect(page.getByText("Se restauró la versión 1 como versión 4.")).toBeVisible();
    await publicPage.goto("/jornada-de-vacunacion");
    await expect(publicPage.getByText("ciruelacampaña")).toBeVisible();
    await publicPage.goto("/buscar?q=ciruelacampana");
    await expect(publicPage.getByRole("link", { name: "Jornada de vacunación 2026" })).toBeVisible();
    await visitor.close();

    // The audit log shows each change.
    const admin = await browser.newContext();
    await signInAsStaff(admin, baseURL!, "admin");
    const log = await admin.newPage();
    for (const [action, words] of [
      ["page.create", "creó la página"],
      ["page.publish_scheduled", "El sistema publicó, a la hora programada, la página"],
      ["page.update", "editó la página"],
      ["page.restore", /restauró la versión \d+ de la página/],
    ] as const) {
      await log.goto(`/admin/bitacora?action=${action}`);
      await expect(log.getByTestId("audit-entries")).toContainText(words);
    }
    await admin.close();
  });

  test("issue 21: scheduling an edit of «Daño Cero» keeps /dano-cero public; restoring version 1 drops the schedule; only «Retirar» takes it down", async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    await signInAsStaff(context, baseURL!, "comunicacion");
    const id = (await db.selectFrom("content_pages").select("id").where("path", "=", "/dano-cero").executeTakeFirstOrThrow()).id;
    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto("/dano-cero");
    const original = await publicPage.locator("main").innerText();

    // Schedule an edit for tomorrow 9:00 Mexico City time.
    await page.goto(`/admin/contenido/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Editar «Daño Cero»" })).toBeVisible();
    await page.getByLabel("Contenido (Markdown)").fill("## Daño cero\n\nTexto guanabanaprogramada de la campaña.");
    const tomorrow = instantToMexicoCityLocal(new Date(Date.now() + 24 * 3600_000)).slice(0, 10);
    const local = `${tomorrow}T09:00`;
    await page.getByLabel("Programar la publicación").check();
    await page.getByLabel("Fecha y hora de publicación (hora de la Ciudad de México)").fill(local);
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Hasta entonces el sitio sigue mostrando la versión publicada.")).toBeVisible();
    const pending = page.getByRole("region", { name: "Cambios pendientes" });
    await expect(pending).toContainText("La versión publicada sigue visible en el sitio hasta que la programada la reemplace a esa hora.");
    await expect(page.getByLabel("Contenido (Markdown)")).toHaveValue(/guanabanaprogramada/);
    await expectNoAxeViolations(page);

    // The public page, and the main menu's link to it, still work with the published text.
    await publicPage.goto("/");
    await publicPage.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Daño cero" }).first().click();
    await expect(publicPage).toHaveURL(/\/dano-cero$/);
    await expect(publicPage.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await publicPage.locator("main").innerText()).toBe(original);

    await page.goto("/admin/contenido?q=dano");
    await expect(page.getByRole("cell", { name: /^Publicada · cambios programados para el / })).toBeVisible();

    // Restoring version 1 (the text before the editor) keeps it public and drops the schedule.
    await page.goto(`/admin/contenido/${id}/historial`);
    await expect(page.getByText("Son los cambios pendientes: el sitio sigue mostrando la versión publicada.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Restaurar la versión 1" }).click();
    await expect(page.getByText("Se restauró la versión 1 como versión 3.")).toBeVisible();
    const at = mexicoCityLocalToInstant(local)!;
    expect(await publishDuePages(db, new Date(at.getTime() + 60_000))).toBe(0);
    expect((await publicPage.goto("/dano-cero"))?.status()).toBe(200);
    await expect(publicPage.getByText("Daño Cero es la estrategia del hospital", { exact: false })).toBeVisible();
    await expect(publicPage.getByText("guanabanaprogramada", { exact: false })).toHaveCount(0);

    // Taking it down is its own button; «Publicar ahora» brings it back.
    await page.goto(`/admin/contenido/${id}`);
    await expect(page.getByRole("region", { name: "Cambios pendientes" })).toHaveCount(0);
    await page.getByRole("button", { name: "Retirar de la publicación" }).click();
    await expect(page.getByText("Se retiró /dano-cero del sitio")).toBeVisible();
    expect((await publicPage.goto("/dano-cero"))?.status()).toBe(404);
    await page.getByLabel("Publicar ahora").check();
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Se guardaron los cambios de /dano-cero; ya está publicada.")).toBeVisible();
    expect((await publicPage.goto("/dano-cero"))?.status()).toBe(200);
    await visitor.close();
  });

  test("an ensenanza member is refused on every content route, and without JavaScript the editor works", async ({ browser, baseURL }) => {
    const teaching = await browser.newContext();
    await signInAsStaff(teaching, baseURL!, "ensenanza");
    const page = await teaching.newPage();
    const id = (await db.selectFrom("content_pages").select("id").where("path", "=", "/voluntariado").executeTakeFirstOrThrow()).id;
    const departmentId = (await db.selectFrom("department_pages").select("id").where("slug", "=", "medica").executeTakeFirstOrThrow()).id;
    for (const path of [
      "/admin/contenido",
      "/admin/contenido/nueva",
      `/admin/contenido/${id}`,
      `/admin/contenido/${id}/historial`,
      "/admin/contenido/departamentos",
      `/admin/contenido/departamentos/${departmentId}`,
      `/admin/contenido/departamentos/${departmentId}/historial`,
    ]) {
      expect((await page.goto(path))?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "No tiene permiso para esta página" })).toBeVisible();
    }
    const post = await page.request.post(`/admin/contenido/${id}`, { form: { intent: "save", title: "x", summary: "y", status: "publicada" } });
    expect(post.status()).toBe(403);
    const postDepartment = await page.request.post(`/admin/contenido/departamentos/${departmentId}`, {
      multipart: { intent: "save", page_title: "x", summary: "y", tipo_departamento: "2" },
    });
    expect(postDepartment.status()).toBe(403);
    await teaching.close();

    const noJs = await browser.newContext({ javaScriptEnabled: false });
    await signInAsStaff(noJs, baseURL!, "comunicacion");
    const editor = await noJs.newPage();
    await editor.goto(`/admin/contenido/${id}`);
    await editor.getByLabel("Resumen").fill("Resumen editado sin JavaScript.");
    await editor.getByRole("button", { name: "Vista previa" }).click();
    await expect(editor.getByRole("region", { name: "Vista previa (todavía no se guarda)" })).toBeVisible();
    await expect(editor.getByLabel("Resumen")).toHaveValue("Resumen editado sin JavaScript.");
    await editor.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(editor.getByText("Se guardaron los cambios de /voluntariado; ya está publicada.")).toBeVisible();
    await noJs.close();
  });

  test("a direction page: titular, texts and staff rows without JavaScript, history and restore (images: department-editor.test.ts)", async ({
    browser,
    baseURL,
  }) => {
    // Axe needs JavaScript in the page: the screens are checked in a normal browser, then edited without it.
    const withJs = await browser.newContext();
    await signInAsStaff(withJs, baseURL!, "comunicacion");
    const checker = await withJs.newPage();
    await checker.goto("/admin/contenido/departamentos");
    await expect(checker.getByRole("heading", { level: 1, name: "Páginas de direcciones y departamentos" })).toBeVisible();
    await expectNoAxeViolations(checker);
    await checker.getByRole("link", { name: "Dirección Médica", exact: true }).click();
    await expect(checker.getByRole("heading", { level: 1, name: "Editar «Dirección Médica»" })).toBeVisible();
    await expectNoAxeViolations(checker);
    const editUrl = checker.url();

    const noJs = await browser.newContext({ javaScriptEnabled: false });
    await signInAsStaff(noJs, baseURL!, "comunicacion");
    const editor = await noJs.newPage();
    await editor.goto(editUrl);
    await editor.getByLabel("Cargo o grado del titular").fill("Director Médico del Hospital");
    await editor
      .getByLabel("Primer texto (Markdown)")
      .fill("## Atención\n\nLa dirección tamarindoeditado coordina la atención.\n\n<script>window.pwned = 3</script>");
    // Without JavaScript, "Agregar fila" is a submit the server answers with one more empty row.
    const rows = await editor.getByLabel(/^Nombre \(fila \d+\)$/).count();
    await editor.getByRole("button", { name: "Agregar fila" }).click();
    await expect(editor.getByLabel(`Nombre (fila ${rows + 1})`)).toBeVisible();
    await expect(editor.getByLabel("Cargo o grado del titular")).toHaveValue("Director Médico del Hospital");
    await editor.getByLabel(`Nombre (fila ${rows + 1})`).fill("Mapa peligroso");
    await editor.getByLabel(`Enlace (fila ${rows + 1})`).fill("javascript:alert(1)");
    await editor.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(editor.getByTestId("error-summary")).toContainText("debe ser una página del sitio");
    await editor.getByLabel(`Nombre (fila ${rows + 1})`).fill("Dirección de Enseñanza");
    await editor.getByLabel(`Enlace (fila ${rows + 1})`).fill("/direccion/ensenanza");
    await editor.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(editor.getByText("Se guardaron los cambios de /direccion/medica.")).toBeVisible();

    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto("/direccion/medica");
    await expect(publicPage.getByText("Director Médico del Hospital")).toBeVisible();
    await expect(publicPage.getByText("tamarindoeditado", { exact: false })).toBeVisible();
    await expect(publicPage.locator(".rich-text script")).toHaveCount(0);
    await expect(
      publicPage.getByRole("region", { name: "Personal y contacto" }).getByRole("link", { name: "Dirección de Enseñanza" }),
    ).toHaveAttribute("href", "/direccion/ensenanza");
    await publicPage.goto("/buscar?q=tamarindoeditado");
    await expect(publicPage.getByRole("link", { name: "Dirección Médica" })).toBeVisible();

    // History: version 1 is the text before the editor; restoring it brings the page back.
    await checker.goto(`${editUrl}/historial?de=1&a=2`);
    await expect(checker.getByText("Versión inicial (contenido anterior al editor)")).toBeVisible();
    await expect(checker.locator(".revision-diff ins").first()).toBeVisible();
    await expectNoAxeViolations(checker);
    await checker.getByRole("button", { name: "Restaurar la versión 1" }).click();
    await expect(checker.getByText("Se restauró la versión 1 como versión 3.")).toBeVisible();
    await publicPage.goto("/direccion/medica");
    await expect(publicPage.getByText("tamarindoeditado", { exact: false })).toHaveCount(0);
    await expect(publicPage.getByText("Director Médico del Hospital")).toHaveCount(0);
    await visitor.close();
    await noJs.close();
    await withJs.close();

    const admin = await browser.newContext();
    await signInAsStaff(admin, baseURL!, "admin");
    const log = await admin.newPage();
    for (const [action, words] of [
      ["department_page.update", "editó la página de dirección"],
      ["department_page.restore", /restauró la versión \d+ de la página de dirección/],
    ] as const) {
      await log.goto(`/admin/bitacora?action=${action}`);
      await expect(log.getByTestId("audit-entries")).toContainText(words);
    }
    await admin.close();
  });
});
