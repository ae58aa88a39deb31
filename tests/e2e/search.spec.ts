import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";

test.describe("site search", () => {
  test("searches from the header, without accents, and opens a result", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("search").getByRole("searchbox", { name: "Buscar en el sitio" });
    await box.fill("cardiologia");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/buscar\?q=cardiologia/);
    await expect(page.locator("#resultados")).toContainText("para «cardiologia»");
    const result = page.getByRole("link", { name: "Departamento de Cardiología" }).first();
    await expect(result).toBeVisible();
    await expect(page.locator(".search-result mark").first()).toBeVisible();
    await expectNoAxeViolations(page);
    await result.click();
    await expect(page).toHaveURL(/\/direccion\/departamento-de-cardiologia$/);
  });

  test("says so when nothing matches, and finds documents by title", async ({ page }) => {
    await page.goto("/buscar?q=zzzxxyy");
    await expect(page.locator("#resultados")).toHaveText("No encontramos resultados para «zzzxxyy»");
    await page.getByLabel("Palabras a buscar").fill("anuario estadistico 2019");
    await page.getByRole("button", { name: "Buscar", exact: true }).last().click();
    const document = page.locator(".search-result", { hasText: "Documento" }).first();
    await expect(document).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the search form works as a plain form", async ({ page }) => {
      await page.goto("/buscar");
      await page.getByLabel("Palabras a buscar").fill("urgencias");
      await page.getByRole("button", { name: "Buscar", exact: true }).last().click();
      await expect(page).toHaveURL(/\/buscar\?q=urgencias/);
      await expect(page.getByRole("link", { name: "Departamento de Urgencias" }).first()).toBeVisible();
      await expectNoAxeViolationsWithoutJavaScript(page);
    });
  });

  test("sitemap.xml and robots.txt are served", async ({ request }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain("/direccion/medica</loc>");
    const robots = await request.get("/robots.txt");
    expect(await robots.text()).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
  });
});
