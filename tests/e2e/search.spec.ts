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

    test("results come in pages of 20 with the true count, reachable by plain links", async ({ page }) => {
      await page.goto("/buscar?q=pediatria");
      const heading = page.locator("#resultados");
      await expect(heading).toHaveText(/^\d+ resultados para «pediatria»$/);
      const total = Number((await heading.textContent())!.split(" ")[0]);
      expect(total).toBeGreaterThan(40);
      const pages = page.getByRole("navigation", { name: "Páginas de resultados" });
      await expect(page.locator(".search-result")).toHaveCount(20);
      await expect(pages.getByRole("link", { name: "Página 1" })).toHaveAttribute("aria-current", "page");
      await expect(pages.locator("a[rel=prev]")).toHaveCount(0);
      const firstPage = await page.locator(".search-result__title").allTextContents();

      await pages.getByRole("link", { name: "Siguiente página" }).click();
      await expect(page).toHaveURL(/\/buscar\?q=pediatria&pagina=2$/);
      await expect(pages.getByRole("link", { name: "Página 2" })).toHaveAttribute("aria-current", "page");
      await expect(pages.locator("a[rel=prev]")).toHaveAttribute("href", "/buscar?q=pediatria");
      await expect(page.getByText("Página 2 de")).toBeVisible();
      const secondPage = await page.locator(".search-result__title").allTextContents();
      expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([]);
      await expectNoAxeViolationsWithoutJavaScript(page);

      // The last page holds the rest, and has no "next".
      const last = Math.ceil(total / 20);
      await pages.getByRole("link", { name: `Página ${last}` }).click();
      await expect(page.locator(".search-result")).toHaveCount(total - (last - 1) * 20);
      await expect(pages.locator("a[rel=next]")).toHaveCount(0);
    });

    test("courses are found and link to their page", async ({ page }) => {
      await page.goto("/buscar?q=Reanimaci%C3%B3n");
      const course = page.locator(".search-result", { hasText: "Curso ·" }).getByRole("link", { name: "Curso de Reanimación Neonatal" });
      await expect(course).toHaveAttribute("href", "/cursos2025/reanimacion-neonatal");
      await course.click();
      await expect(page.getByRole("heading", { level: 1, name: "Curso de Reanimación Neonatal" })).toBeVisible();
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
