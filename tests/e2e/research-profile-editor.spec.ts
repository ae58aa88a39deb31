import { db } from "../../app/db.server";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signInAsStaff } from "./staff-session";

// Issue 12: the communications office edits a research unit and restores its first version, and
// previews a profile record (decision 0026). Axe on each screen.
test.describe.configure({ timeout: 180_000 });

test("research unit: edit, public page and search at once, compare, restore version 1; profile record preview", async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  const unit = await db.selectFrom("research_units").select(["id", "name"]).where("is_published", "=", 1).orderBy("id").executeTakeFirstOrThrow();
  await signInAsStaff(context, baseURL!, "comunicacion");
  await page.goto("/admin/contenido");
  await page.locator(".page").getByRole("link", { name: "Unidades de investigación" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Unidades y laboratorios de investigación" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: unit.name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Editar «${unit.name}»` })).toBeVisible();
  await expectNoAxeViolations(page);

  // Hostile link and script are inert; a line of work is added.
  await page
    .getByLabel("Texto (Markdown)")
    .fill("## Nuestro trabajo\n\nEstudios pitahayaeditada.\n\n<script>window.pwned = 1</script>\n\n[Ver](javascript:window.pwned=2)");
  await page.getByLabel("Líneas de investigación").fill("Resistencia antimicrobiana\nVacunas pediátricas");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText(`Se guardaron los cambios de /investigadores/${unit.id}. Ya está publicada.`)).toBeVisible();

  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/investigadores/${unit.id}`);
  await expect(publicPage.getByText("Estudios pitahayaeditada.")).toBeVisible();
  await expect(publicPage.getByRole("listitem").filter({ hasText: "Vacunas pediátricas" })).toBeVisible();
  await expect(publicPage.locator("main script")).toHaveCount(0);
  await expect(publicPage.getByText("Ver", { exact: true })).not.toHaveAttribute("href", /javascript/);
  await publicPage.goto("/buscar?q=pitahayaeditada");
  await expect(publicPage.getByRole("link", { name: unit.name })).toBeVisible();

  await page.getByRole("link", { name: "Historial de versiones" }).click();
  await page.getByLabel("Versión anterior").fill("1");
  await page.getByLabel("Versión posterior").fill("2");
  await page.getByRole("button", { name: "Comparar" }).click();
  await expect(page.locator(".revision-diff ins").first()).toContainText("pitahayaeditada");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Restaurar la versión 1" }).click();
  await expect(page.getByText("Se restauró la versión 1 como versión 3.")).toBeVisible();
  await publicPage.goto(`/investigadores/${unit.id}`);
  await expect(publicPage.getByRole("heading", { level: 1, name: unit.name })).toBeVisible();
  await expect(publicPage.getByText("pitahayaeditada")).toHaveCount(0);
  await visitor.close();

  // Profile records: the list says where each shows; the preview renders through the sanitiser.
  await page.goto("/admin/contenido/perfiles");
  await expectNoAxeViolations(page);
  await page.getByRole("table").getByRole("link").first().click();
  await page.getByLabel("Texto del encabezado (Markdown)").fill("Encabezado **guanabana** <script>window.pwned = 3</script>");
  await page.getByRole("button", { name: "Vista previa" }).click();
  const preview = page.getByRole("region", { name: "Vista previa (todavía no se guarda)" });
  await expect(preview.locator("strong")).toHaveText("guanabana");
  await expect(preview.locator("script")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  await expectNoAxeViolations(page);
});

test("a new research unit starts as a draft, is published from its editor and answers publicly; an ensenanza member is refused", async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  await signInAsStaff(context, baseURL!, "comunicacion");
  await page.goto("/admin/contenido/investigacion");
  await page.getByRole("link", { name: "Crear una unidad" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Crear una unidad de investigación" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Nombre", { exact: true }).fill("Laboratorio de Pruebas Zarzamora");
  await page.getByRole("radio", { name: "Laboratorio de investigación" }).check();
  await page.getByLabel("Resumen").fill("Un laboratorio nuevo, creado por la oficina de comunicación.");
  await page.getByLabel("Texto (Markdown)").fill("Estudios zarzamoranueva.");
  await page.getByRole("button", { name: "Crear la unidad" }).click();
  await expect(page.getByText(/Se creó la unidad \/investigadores\/\d+; quedó como borrador/)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Editar «Laboratorio de Pruebas Zarzamora»" })).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByText("borrador: no se muestra en el sitio")).toBeVisible();
  await expectNoAxeViolations(page);

  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  expect((await publicPage.goto(`/investigadores/${id}`))?.status()).toBe(404);

  await page.getByRole("radio", { name: "Publicar ahora" }).check();
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText(`Se guardaron los cambios de /investigadores/${id}. Ya está publicada.`)).toBeVisible();
  expect((await publicPage.goto(`/investigadores/${id}`))?.status()).toBe(200);
  await expect(publicPage.getByRole("heading", { level: 1, name: "Laboratorio de Pruebas Zarzamora" })).toBeVisible();
  await expect(publicPage.getByText("Estudios zarzamoranueva.")).toBeVisible();
  await publicPage.goto("/buscar?q=zarzamoranueva");
  await expect(publicPage.getByRole("link", { name: "Laboratorio de Pruebas Zarzamora" })).toBeVisible();
  await visitor.close();

  const teaching = await browser.newContext();
  await signInAsStaff(teaching, baseURL!, "ensenanza");
  const refused = await teaching.newPage();
  for (const path of ["/admin/contenido/investigacion/nueva", "/admin/contenido/perfiles/nueva", `/admin/contenido/investigacion/${id}`]) {
    expect((await refused.goto(path))?.status(), path).toBe(403);
    await expect(refused.getByRole("heading", { name: "No tiene permiso para esta página" })).toBeVisible();
  }
  await expectNoAxeViolations(refused);
  const units = Number((await db.selectFrom("research_units").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  const post = await refused.request.post("/admin/contenido/investigacion/nueva", {
    multipart: { intent: "save", unit_name: "Intrusa", unit_kind: "unidad", summary: "No debe guardarse." },
  });
  expect(post.status()).toBe(403);
  expect(Number((await db.selectFrom("research_units").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBe(units);
  await teaching.close();
});
