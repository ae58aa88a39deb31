import { setSessionVideo } from "../support/session-video";
import { expect, expectNoAxeViolations, test } from "./fixtures";

test.describe("institutional pages", () => {
  test("a direction page: head, areas, breadcrumbs", async ({ page }) => {
    await page.goto("/direccion/medica");
    await expect(page.getByRole("heading", { level: 1, name: "Dirección Médica" })).toBeVisible();
    await expect(page.getByText("Dr. Víctor Olivar López")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Áreas que integran la dirección" })).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: "Departamento de Cardiología" })).toBeVisible();
    await expect(page).toHaveTitle("Dirección Médica | HIMFG");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/direccion\/medica$/);
    await expectNoAxeViolations(page);
  });

  test("a department page, reached from its direction", async ({ page }) => {
    await page.goto("/direccion/medica");
    await page.locator("main").getByRole("link", { name: "Departamento de Cardiología" }).click();
    await expect(page).toHaveURL(/\/direccion\/departamento-de-cardiologia$/);
    await expect(page.getByRole("heading", { level: 1, name: "Departamento de Cardiología" })).toBeVisible();
    const crumbs = page.getByRole("navigation", { name: "Ruta de navegación" });
    await expect(crumbs.getByRole("link", { name: "Subdirección de Asistencia Médica" })).toBeVisible();
    for (const img of await page.locator("main img").all()) {
      await expect(img).toHaveAttribute("width", /\d+/);
      await expect(img).toHaveAttribute("height", /\d+/);
    }
    await expectNoAxeViolations(page);
  });

  test("the research direction lists units and calls; a unit page opens", async ({ page }) => {
    await page.goto("/direccion/investigacion");
    await expect(page.getByRole("heading", { name: "Unidades y laboratorios de investigación" })).toBeVisible();
    await expect(page.locator(".research-units li")).toHaveCount(15);
    await expect(page.locator(".page-documents a").first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.locator(".research-units").getByRole("link", { name: "Unidad de Investigación en Enfermedades Oncológicas" }).click();
    await expect(page).toHaveURL(/\/investigadores\/3$/);
    await expect(page.getByRole("heading", { level: 1, name: "Unidad de Investigación en Enfermedades Oncológicas" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Líneas de investigación" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/investigadores/1");
    await expect(page.getByText("Nombre ilustrativo")).toBeVisible();
  });

  test("an information page with its section navigation", async ({ page }) => {
    await page.goto("/convocatoria");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Convocatoria");
    const sectionNav = page.getByRole("navigation", { name: "Páginas de esta sección" });
    await expect(sectionNav.getByRole("link", { name: "Convocatoria" })).toHaveAttribute("aria-current", "page");
    await expectNoAxeViolations(page);
    await sectionNav.getByRole("link", { name: "Preguntas frecuentes" }).click();
    await expect(page).toHaveURL(/\/convocatoria\/preguntas-frecuentes$/);
    await expect(page.getByRole("heading", { level: 1, name: "Preguntas frecuentes de la convocatoria" })).toBeVisible();
  });

  test("the privacy notices", async ({ page }) => {
    await page.goto("/avisos-de-privacidad");
    await expect(page.getByRole("heading", { level: 1, name: "Avisos de privacidad" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /registro e inscripción a cursos/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: /donativos/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: /revisión de documentos/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cómo ejercer sus derechos ARCO" })).toBeVisible();
    await expect(page.getByText("Ley General de Protección de Datos Personales en Posesión de Sujetos Obligados").first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the session page without a video explains itself", async ({ page }) => {
    await setSessionVideo("");
    await page.goto("/sesion-clinico-patologica");
    await expect(page.getByText("Todavía no hay un video publicado")).toBeVisible();
    await expect(page.locator("iframe")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("the video page loads nothing third-party until the visitor clicks", async ({ page }) => {
    await setSessionVideo("https://www.youtube-nocookie.com/embed/abcDEF12345");
    const thirdParty: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(process.env.E2E_BASE_URL!)) thirdParty.push(request.url());
    });
    // Stand in for YouTube so the test never leaves this machine.
    await page.route("https://www.youtube-nocookie.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Video</title><p>Video</p>" }),
    );
    await page.goto("/video/scp-2024");
    const play = page.getByRole("button", { name: /Reproducir el video/ });
    await expect(play).toBeVisible();
    await expectNoAxeViolations(page);
    expect(thirdParty).toEqual([]);

    await play.click();
    const frame = page.locator("iframe");
    await expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1");
    await expect(frame).toHaveAttribute("title", /Sesión clínico patológica 2024/);
    await expect.poll(() => thirdParty.some((url) => url.startsWith("https://www.youtube-nocookie.com/"))).toBe(true);
    await setSessionVideo("");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the video facade is a link to the video", async ({ page }) => {
      await setSessionVideo("https://www.youtube-nocookie.com/embed/abcDEF12345");
      await page.goto("/video/scp-2024");
      await expect(page.getByRole("link", { name: /Reproducir el video/ })).toHaveAttribute("href", "https://www.youtube.com/watch?v=abcDEF12345");
      await setSessionVideo("");
    });
  });

  test("unknown slugs and numbers answer a Spanish 404", async ({ page }) => {
    for (const path of ["/direccion/no-existe", "/investigadores/16", "/investigadores/0"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "No encontramos esta página" })).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });
});
