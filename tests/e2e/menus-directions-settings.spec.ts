import { db } from "../../app/db.server";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { signInAsStaff } from "./staff-session";

// Issue 12: the communications office edits the directions tree and the menus; an admin edits
// the site settings. Each test puts back what it changed: the e2e database is shared by every spec.
test.describe("menus, directions and site settings", () => {
  test("a comunicacion member renames a direction's slug (the old address redirects) and relabels a header link", async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    // Five axe scans of full pages on a shared machine: more than the default 30 s.
    test.slow();
    await signInAsStaff(context, baseURL!, "comunicacion");
    await page.goto("/admin/direcciones");
    await expect(page.getByRole("heading", { level: 1, name: "Direcciones y áreas" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Departamento de Sueldos", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Editar «Departamento de Sueldos»" })).toBeVisible();

    // A slug another area uses is refused, with every error at once and what was typed kept.
    await page.getByLabel("Dirección corta (slug)").fill("medica");
    await page.getByLabel("Orden entre las áreas hermanas").fill("-1");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    const summary = page.getByTestId("error-summary");
    await expect(summary).toContainText("El orden es un número entero");
    await page.getByLabel("Orden entre las áreas hermanas").fill("1");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(summary).toContainText("La dirección /direccion/medica ya la usa");
    await expect(page.getByLabel("Dirección corta (slug)")).toHaveValue("medica");
    await expectNoAxeViolations(page);

    await page.getByLabel("Dirección corta (slug)").fill("sueldos-y-salarios");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("la anterior (/direccion/departamento-de-sueldos) redirige a la nueva")).toBeVisible();

    // A visitor's old link answers with a permanent redirect to the new address, which shows the page.
    const visitor = await browser.newContext();
    const old = await visitor.request.get("/direccion/departamento-de-sueldos", { maxRedirects: 0 });
    expect([301, 308]).toContain(old.status());
    expect(old.headers()["location"]).toBe("/direccion/sueldos-y-salarios");
    const publicPage = await visitor.newPage();
    await publicPage.goto("/direccion/departamento-de-sueldos");
    expect(new URL(publicPage.url()).pathname).toBe("/direccion/sueldos-y-salarios");
    await expect(publicPage.getByRole("heading", { level: 1, name: "Departamento de Sueldos" })).toBeVisible();

    // The header's anonymous menu: a javascript: target is refused; the label edit shows on the public site.
    await page.goto("/admin/menus");
    await expect(page.getByRole("heading", { level: 1, name: "Menús del sitio" })).toBeVisible();
    await expectNoAxeViolations(page);
    const footerSection = page.getByRole("region", { name: "Enlaces del pie de página" });
    await footerSection.getByLabel("Etiqueta").fill("Malo");
    await footerSection.getByLabel("Destino").fill("javascript:alert(1)");
    await footerSection.getByRole("button", { name: "Agregar el enlace" }).click();
    await expect(page.getByTestId("error-summary")).toContainText("El destino debe ser una ruta del sitio");
    await expectNoAxeViolations(page);

    const anonymousSection = page.getByRole("region", { name: "Menú principal (visitantes sin sesión)" });
    await anonymousSection.getByRole("link", { name: "Código de ética (editar o quitar)" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Editar el enlace «Código de ética»" })).toBeVisible();
    await expectNoAxeViolations(page);
    // By keyboard: type into the field and submit with Enter.
    const label = page.getByLabel("Etiqueta");
    await label.focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Código de ética y conducta");
    await page.keyboard.press("Enter");
    await expect(page.getByText("Se guardó el enlace «Código de ética y conducta».")).toBeVisible();

    await publicPage.goto("/");
    const nav = publicPage.getByRole("navigation", { name: "Principal", exact: true });
    await expect(nav.getByRole("link", { name: "Código de ética y conducta" })).toHaveAttribute("href", "/cod-etica");
    await expectNoAxeViolations(publicPage);
    await visitor.close();

    // The audit log (admins) shows both changes.
    const admin = await browser.newContext();
    await signInAsStaff(admin, baseURL!, "admin");
    const log = await admin.newPage();
    for (const [action, words] of [
      ["direction_node.update", "editó el área"],
      ["menu_link.update", "editó el enlace"],
    ] as const) {
      await log.goto(`/admin/bitacora?action=${action}`);
      await expect(log.getByTestId("audit-entries")).toContainText(words);
    }
    await admin.close();

    await db.updateTable("menu_links").set({ label: "Código de ética" }).where("label", "=", "Código de ética y conducta").execute();
  });

  test("an ensenanza member is refused on the menus, directions and settings screens; comunicacion on settings", async ({ browser, baseURL }) => {
    const linkId = (await db.selectFrom("menu_links").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const nodeId = (await db.selectFrom("direction_nodes").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const teaching = await browser.newContext();
    await signInAsStaff(teaching, baseURL!, "ensenanza");
    const page = await teaching.newPage();
    for (const path of ["/admin/menus", `/admin/menus/${linkId}`, "/admin/direcciones", `/admin/direcciones/${nodeId}`, "/admin/ajustes"]) {
      expect((await page.goto(path))?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "No tiene permiso para esta página" })).toBeVisible();
    }
    expect((await page.request.post(`/admin/menus/${linkId}`, { form: { label: "x", href: "/", position: "1" } })).status()).toBe(403);
    expect((await page.request.post(`/admin/direcciones/${nodeId}`, { form: { name: "x", position: "1" } })).status()).toBe(403);
    await teaching.close();

    // Without JavaScript, comunicacion is refused on the settings but edits the tree.
    const communications = await browser.newContext({ javaScriptEnabled: false });
    await signInAsStaff(communications, baseURL!, "comunicacion");
    const other = await communications.newPage();
    expect((await other.goto("/admin/ajustes"))?.status()).toBe(403);
    expect((await other.request.post("/admin/ajustes", { form: { phone: "55 0000 0000" } })).status()).toBe(403);
    const stores = await db
      .selectFrom("direction_nodes")
      .select(["id", "name"])
      .where("slug", "=", "departamento-almacenes")
      .executeTakeFirstOrThrow();
    await other.goto(`/admin/direcciones/${stores.id}`);
    await expectNoAxeViolationsWithoutJavaScript(other);
    await other.getByLabel("Nombre").fill("Departamento de Almacenes Generales");
    await other.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(other.getByText("Se guardó «Departamento de Almacenes Generales».")).toBeVisible();
    // On /direcciones a department sits inside its subdirection's closed disclosure.
    await other.goto("/direcciones");
    await expect(other.getByRole("main").locator("a", { hasText: "Departamento de Almacenes Generales" })).toHaveCount(1);
    // The header's menu (desktop and mobile copies) shows the new name on the next page too.
    await expect(other.locator("header a", { hasText: "Departamento de Almacenes Generales" })).toHaveCount(2);
    await communications.close();
    await db.updateTable("direction_nodes").set({ name: stores.name }).where("id", "=", stores.id).execute();
  });

  test("without JavaScript an admin edits the phone, the footer shows it, and the audit log shows the changes", async ({ browser, baseURL }) => {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    await signInAsStaff(noJs, baseURL!, "admin");
    const page = await noJs.newPage();
    await page.goto("/admin/ajustes");
    await expect(page.getByRole("heading", { level: 1, name: "Ajustes del sitio" })).toBeVisible();
    await expectNoAxeViolationsWithoutJavaScript(page);

    // Every error at once, and the typed values kept.
    await page.getByRole("textbox", { name: "Teléfono", exact: true }).fill("55 5228 9999");
    await page.getByLabel("Red social 5: nombre").fill("Malicioso");
    await page.getByLabel("Red social 5: dirección").fill("javascript:alert(1)");
    await page.getByLabel("Código postal").fill("0672");
    await page.getByRole("button", { name: "Guardar los ajustes" }).click();
    const summary = page.getByTestId("error-summary");
    await expect(summary).toContainText("La dirección de la red social debe empezar con https://");
    await expect(summary).toContainText("El código postal son 5 dígitos");
    await expect(page.getByRole("textbox", { name: "Teléfono", exact: true })).toHaveValue("55 5228 9999");
    await expect(page.getByLabel("Red social 5: dirección")).toHaveValue("javascript:alert(1)");
    await expect(page.getByLabel("Red social 1: nombre")).toHaveValue("Facebook");
    await expectNoAxeViolationsWithoutJavaScript(page);

    await page.getByLabel("Red social 5: nombre").fill("");
    await page.getByLabel("Red social 5: dirección").fill("");
    await page.getByLabel("Código postal").fill("06720");
    await page.getByRole("button", { name: "Guardar los ajustes" }).click();
    await expect(page.getByText("Se guardaron los ajustes del sitio.")).toBeVisible();

    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto("/transparencia");
    await expect(publicPage.getByRole("contentinfo").getByRole("link", { name: "55 5228 9999" })).toHaveAttribute("href", "tel:+525552289999");
    await visitor.close();

    // No sideways scroll at 320 px on the staff screens (wide tables scroll inside their region).
    await page.setViewportSize({ width: 320, height: 800 });
    for (const path of ["/admin/ajustes", "/admin/menus", "/admin/direcciones"]) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), path).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.goto("/admin/bitacora?action=settings.update");
    await expect(page.getByTestId("audit-entries")).toContainText("cambió los ajustes del sitio");
    await noJs.close();

    await db
      .updateTable("site_settings")
      .set({ value: JSON.stringify("55 5228 9917") })
      .where("key", "=", "phone")
      .execute();
  });
  test("without JavaScript a comunicacion member adds an area (shown in /direcciones, with its page) and deletes it (its address redirects to the parent)", async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const parent = await db
      .selectFrom("direction_nodes")
      .select(["id", "href"])
      .where("slug", "=", "subdireccion-de-pediatria-ambulatoria")
      .executeTakeFirstOrThrow();
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    await signInAsStaff(noJs, baseURL!, "comunicacion");
    const page = await noJs.newPage();
    await page.goto("/admin/direcciones");
    await page.getByRole("link", { name: "Agregar un área" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Agregar un área" })).toBeVisible();

    // A badly formed slug is refused and what was typed stays; then a direction under a subdirection is refused.
    await page.getByLabel("Nombre").fill("Clínica del Sueño");
    await page.getByLabel("Dirección corta (slug)").fill("Clínica del Sueño");
    await page.getByLabel("Depende de").selectOption(String(parent.id));
    await page.getByRole("button", { name: "Agregar el área" }).click();
    const summary = page.getByTestId("error-summary");
    await expect(summary).toContainText("La dirección corta usa sólo minúsculas");
    await expect(page.getByLabel("Nombre")).toHaveValue("Clínica del Sueño");
    await expectNoAxeViolationsWithoutJavaScript(page);
    await page.getByLabel("Dirección corta (slug)").fill("clinica-del-sueno");
    await page.getByRole("button", { name: "Agregar el área" }).click();
    await expect(summary).toContainText("el área puede ser: departamento, servicio");
    await expect(page.getByLabel("Dirección corta (slug)")).toHaveValue("clinica-del-sueno");

    await page.getByLabel("Tipo de área").selectOption("departamento");
    await page.getByRole("button", { name: "Agregar el área" }).click();
    await expect(page.getByText("Se agregó «Clínica del Sueño» en /direccion/clinica-del-sueno.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Editar «Clínica del Sueño»" })).toBeVisible();

    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto("/direcciones");
    await expect(publicPage.getByRole("main").locator('a[href="/direccion/clinica-del-sueno"]')).toHaveText("Clínica del Sueño");
    await expect(publicPage.locator('header a[href="/direccion/clinica-del-sueno"]')).toHaveCount(2);
    await publicPage.goto("/direccion/clinica-del-sueno");
    await expect(publicPage.getByRole("heading", { level: 1, name: "Clínica del Sueño" })).toBeVisible();
    await expectNoAxeViolations(publicPage);

    await page.getByRole("button", { name: "Eliminar «Clínica del Sueño»" }).click();
    await expect(page.getByText("Se eliminó «Clínica del Sueño».")).toBeVisible();
    const old = await visitor.request.get("/direccion/clinica-del-sueno", { maxRedirects: 0 });
    expect(old.status()).toBe(308);
    expect(old.headers()["location"]).toBe(parent.href);
    await publicPage.goto("/direcciones");
    await expect(publicPage.locator('a[href="/direccion/clinica-del-sueno"]')).toHaveCount(0);
    await visitor.close();
    await noJs.close();

    await db.deleteFrom("path_redirects").where("from_path", "=", "/direccion/clinica-del-sueno").execute();
  });
});
