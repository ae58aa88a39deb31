import type { Page } from "@playwright/test";
import { SESSION_COOKIE_NAME } from "../../app/accounts/session.server";
import { AUTOPLAY_INTERVAL_MS, TRANSITION_MS } from "../../app/components/banner-carousel";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";

async function leaveCarousel(page: Page) {
  await page.mouse.move(5, 5);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

// Any fixed instant: the carousel only counts intervals.
const CLOCK_START = new Date("2026-03-02T10:00:00-06:00");
// The fake clock starts a little before the moment it is paused at: once installed it runs, and
// pausing at a moment it has already passed fails ("Cannot fast-forward to the past"; one CI run).
const CLOCK_INSTALLED = new Date(CLOCK_START.getTime() - 5_000);

const currentDot = (page: Page) =>
  page.locator(".carousel__dot").evaluateAll((dots) => dots.findIndex((d) => d.getAttribute("aria-current") === "true"));

test.describe("public shell", () => {
  test("home shows the carousel, the anonymous menu, the directions and the footer", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Hospital Infantil de México Federico Gómez/);
    const nav = page.getByRole("navigation", { name: "Principal", exact: true });
    for (const label of [
      "Inicio",
      "Consulta de primera vez",
      "Transparencia",
      "Protección de datos",
      "Sesión clínico patológica",
      "Daño cero",
      "Oferta académica",
      "Código de ética",
    ]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Perfil" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Avisos destacados" })).toBeVisible();
    await expect(page.locator(".carousel__slide")).toHaveCount(4);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("heading", { name: "Redes sociales" })).toBeVisible();
    await expect(footer).toContainText("Dr. Márquez No. 162");
    await expect(footer.getByRole("link", { name: "55 5228 9917" })).toHaveAttribute("href", "tel:+525552289917");
    await expect(footer.getByRole("link", { name: /Plataforma Nacional de Transparencia/ })).toBeVisible();
    // Montserrat comes from our own origin.
    const fontLoaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return document.fonts.check('700 16px "Montserrat"');
    });
    expect(fontLoaded).toBe(true);
    await expectNoAxeViolations(page);
  });

  test("the carousel autoplays, pauses with its button and on hover, and resumes", async ({ page }) => {
    // Playwright's clock drives the page's timers and animation frames: time moves only when the
    // test says, so "it stood still for two intervals" is a fact, not a race.
    await page.clock.install({ time: CLOCK_INSTALLED });
    await page.clock.pauseAt(CLOCK_START);
    await page.goto("/");
    const toggle = page.getByTestId("carousel-toggle");
    await expect(toggle).toHaveText(/Pausar/);
    expect(await currentDot(page)).toBe(0);
    // Autoplay: a new slide after one interval (and the transition).
    await page.clock.runFor(AUTOPLAY_INTERVAL_MS + TRANSITION_MS);
    await expect.poll(() => currentDot(page)).toBeGreaterThan(0);

    await toggle.click();
    await expect(toggle).toHaveText(/Reproducir/);
    await leaveCarousel(page);
    const paused = await currentDot(page);
    await page.clock.runFor(2 * (AUTOPLAY_INTERVAL_MS + TRANSITION_MS));
    expect(await currentDot(page)).toBe(paused);

    await toggle.click();
    await expect(toggle).toHaveText(/Pausar/);
    // While the pointer rests on the carousel it does not move.
    await page.locator(".carousel__track").hover();
    await expect(page.locator(".carousel")).not.toHaveAttribute("data-playing", "true");
    const hovered = await currentDot(page);
    await page.clock.runFor(2 * (AUTOPLAY_INTERVAL_MS + TRANSITION_MS));
    expect(await currentDot(page)).toBe(hovered);
    await leaveCarousel(page);
    await expect(page.locator(".carousel")).toHaveAttribute("data-playing", "true");
    await page.clock.runFor(AUTOPLAY_INTERVAL_MS + TRANSITION_MS);
    await expect.poll(() => currentDot(page)).not.toBe(hovered);
    // axe schedules its own timers: let time flow again for the scan.
    await page.clock.resume();
    await expectNoAxeViolations(page);
  });

  test("the carousel does not autoplay when the visitor prefers reduced motion", async ({ page }) => {
    await page.clock.install({ time: CLOCK_INSTALLED });
    await page.clock.pauseAt(CLOCK_START);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const toggle = page.getByTestId("carousel-toggle");
    await expect(toggle).toHaveText(/Reproducir/);
    await page.clock.runFor(2 * (AUTOPLAY_INTERVAL_MS + TRANSITION_MS));
    expect(await currentDot(page)).toBe(0);
  });

  test("the directions menu works by keyboard", async ({ page }) => {
    await page.goto("/");
    const toggle = page.locator("summary", { hasText: "Direcciones" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const menu = page.locator("details[data-directions-menu]");
    await expect(menu).toHaveAttribute("open", "");
    const medica = menu.getByRole("link", { name: "Dirección Médica", exact: true });
    await expect(medica).toBeVisible();

    // Tab moves into the panel; the first direction link is next after the toggle.
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Dirección General" })).toBeFocused();

    // Escape closes the menu and returns focus to its toggle.
    await page.keyboard.press("Escape");
    await expect(toggle).toBeFocused();
    await expect(menu).not.toHaveAttribute("open", "");

    // Following a link closes the menu.
    await page.keyboard.press("Enter");
    await medica.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/direccion\/medica$/);
    await expect(menu).not.toHaveAttribute("open", "");

    // Every area is one link away, on /direcciones; its departments open by keyboard too.
    await toggle.focus();
    await page.keyboard.press("Enter");
    await menu.getByRole("link", { name: "Todas las áreas" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/direcciones$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Direcciones y áreas del hospital");
    const main = page.getByRole("main");
    const departmentsToggle = main.locator("summary", { hasText: "de Subdirección de Asistencia Médica" });
    await departmentsToggle.focus();
    await page.keyboard.press("Enter");
    const urgencias = main.getByRole("link", { name: "Departamento de Urgencias" });
    await expect(urgencias).toBeVisible();
    await urgencias.focus();
    await page.keyboard.press("Enter");
    await expect(page).not.toHaveURL(/\/direcciones$/);
    await expectNoAxeViolations(page);
  });

  test("the directions menu opens level by level by keyboard: direction, subdirection, department; Escape backs out one level at a time", async ({
    page,
  }) => {
    await page.goto("/");
    const toggle = page.locator("summary", { hasText: "Direcciones" });
    const menu = page.locator("details[data-directions-menu]");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("open", "");

    // Each area is its link and then the toggle of the areas under it.
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Dirección General", exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Dirección Médica", exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    const medicaAreas = menu.locator("summary", { hasText: "5 áreas de Dirección Médica" });
    await expect(medicaAreas).toBeFocused();
    const subdirection = menu.getByRole("link", { name: "Subdirección de Asistencia Médica", exact: true });
    await expect(subdirection).toBeHidden();
    await page.keyboard.press("Enter");
    await expect(subdirection).toBeVisible();

    // Into the subdirection: its departments open in place.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(subdirection).toBeFocused();
    await page.keyboard.press("Tab");
    const asistenciaAreas = menu.locator("summary", { hasText: "13 áreas de Subdirección de Asistencia Médica" });
    await expect(asistenciaAreas).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    const urgencias = menu.getByRole("link", { name: "Departamento de Urgencias" });
    await expect(urgencias).toBeFocused();
    await expect(urgencias).toBeVisible();
    await expectNoAxeViolations(page);

    // Escape closes the innermost open level and puts focus on its toggle; then the next one out.
    await page.keyboard.press("Escape");
    await expect(asistenciaAreas).toBeFocused();
    await expect(urgencias).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(medicaAreas).toBeFocused();
    await expect(subdirection).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(toggle).toBeFocused();
    await expect(menu).not.toHaveAttribute("open", "");

    // A department's link leads to its page.
    await page.keyboard.press("Enter");
    await medicaAreas.click();
    await menu.locator("summary", { hasText: "de Subdirección de Asistencia Médica" }).click();
    await urgencias.click();
    await expect(page).toHaveURL(/\/direccion\/departamento-de-urgencias$/);
    await expect(menu).not.toHaveAttribute("open", "");
  });

  for (const width of [1024, 1280, 1440]) {
    test(`the desktop menu takes one row at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Principal", exact: true });
      await expect(nav.getByRole("link", { name: "Código de ética" })).toBeVisible();
      const tops = await nav
        .locator(".menu-links > li, .directions-menu")
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
      expect(tops.length).toBe(9);
      expect(new Set(tops).size, `item tops: ${tops.join(", ")}`).toBe(1);
    });
  }

  test("at 1280 px the search box and the main menu share one row; narrower, one search box and no sideways scroll", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const search = page.getByRole("searchbox", { name: "Buscar en el sitio" });
    await expect(search).toHaveCount(1);
    const first = page.getByRole("navigation", { name: "Principal", exact: true }).getByRole("link").first();
    const [box, item] = [(await search.boundingBox())!, (await first.boundingBox())!];
    // The same row: each box's vertical centre lies inside the other one.
    expect(box.y + box.height / 2, `search ${JSON.stringify(box)}, first item ${JSON.stringify(item)}`).toBeGreaterThan(item.y);
    expect(box.y + box.height / 2).toBeLessThan(item.y + item.height);
    expect(item.y + item.height / 2).toBeGreaterThan(box.y);
    expect(item.y + item.height / 2).toBeLessThan(box.y + box.height);
    await expectNoAxeViolations(page);

    for (const width of [1280, 1024, 768, 375, 320]) {
      await page.setViewportSize({ width, height: 800 });
      // Exactly one search box is shown at every width, and it works.
      await expect(search, `${width} px`).toHaveCount(1);
      await expect(search).toBeVisible();
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, `${width} px`).toBeLessThanOrEqual(clientWidth);
      // Nor does a grid's column outgrow its box (a fixed minimum wider than the box: the
      // Misión/Visión text ran past its grey box at 320 px without scrolling the page).
      const spills = await page.evaluate(() => {
        const found: string[] = [];
        for (const grid of Array.from(document.querySelectorAll<HTMLElement>("main *"))) {
          const style = getComputedStyle(grid);
          if (style.display !== "grid" || !grid.getClientRects().length) continue;
          const inner = grid.getBoundingClientRect().right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
          for (const child of Array.from(grid.children)) {
            const box = child.getBoundingClientRect();
            if (box.width && box.right > inner + 0.5) found.push(`.${grid.className} > ${child.tagName.toLowerCase()}.${child.className}`);
          }
        }
        return found;
      });
      expect(spills, `${width} px`).toEqual([]);
      // The header's Donar, Iniciar sesión and Registrarse are a thumb's target, not a line of small text.
      for (const name of ["Donar", "Iniciar sesión", "Registrarse"]) {
        const box = await page.locator(".brand-bar__tools").getByRole("link", { name, exact: true }).boundingBox();
        expect(box?.height, `${name} at ${width} px`).toBeGreaterThanOrEqual(44);
      }
    }
    await search.fill("cardiologia");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/buscar\?q=cardiologia/);
  });

  test("unknown paths answer a Spanish 404 with a way back", async ({ page }) => {
    const response = await page.goto("/esta-pagina-no-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No encontramos esta página");
    await expect(page).toHaveTitle(/Página no encontrada/);
    await page.getByRole("link", { name: "Ir a la página de inicio", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("404 page passes axe", async ({ page }) => {
    await page.goto("/esta-pagina-no-existe");
    await expectNoAxeViolations(page);
  });
});

test.describe("signed-in menu", () => {
  test("shows Perfil and Cerrar sesión, and sign-out ends the session with a toast", async ({ page, context, baseURL, signInAsParticipant }) => {
    const { cookieValue: value } = await signInAsParticipant();

    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Principal", exact: true });
    for (const label of ["Inicio", "Sesión clínico patológica (video)", "Transparencia", "Oferta académica", "Perfil"]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Consulta de primera vez" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await nav.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page.getByTestId("toast")).toContainText("Cerró su sesión.");
    await expect(nav.getByRole("link", { name: "Perfil" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Consulta de primera vez" })).toBeVisible();
    await expectNoAxeViolations(page);

    // The old cookie is dead on the server, even if a browser still sent it.
    await context.addCookies([{ name: SESSION_COOKIE_NAME, value, url: baseURL! }]);
    await page.goto("/");
    await expect(nav.getByRole("link", { name: "Perfil" })).toHaveCount(0);
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`mobile menu at 375 px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: { width: 375, height: 740 }, javaScriptEnabled });

    test("opens from the Menú button and reaches every level", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("navigation", { name: "Principal", exact: true })).toBeHidden();
      const toggle = page.locator("summary", { hasText: "Menú" });
      await expect(toggle).toBeVisible();
      const panel = page.getByRole("navigation", { name: "Principal en móvil" });
      await expect(panel).toBeHidden();

      await toggle.click();
      await expect(panel).toBeVisible();
      await expect(panel.getByRole("link", { name: "Consulta de primera vez" })).toBeVisible();
      await expect(panel.getByRole("link", { name: "Dirección Médica", exact: true })).toBeVisible();
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      else await expectNoAxeViolationsWithoutJavaScript(page);

      // The keyboard works too: the toggle closes with Enter.
      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect(panel).toBeHidden();

      // Every level is reachable from "Todas las áreas".
      await toggle.click();
      await panel.getByRole("link", { name: "Todas las áreas" }).click();
      await expect(page).toHaveURL(/\/direcciones$/);
      const main = page.getByRole("main");
      await main.locator("summary", { hasText: "de Subdirección de Pediatría Ambulatoria" }).click();
      await expect(main.getByRole("link", { name: "Departamento de Genética" })).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(375);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      else await expectNoAxeViolationsWithoutJavaScript(page);
    });

    test("the menu's directions open in place down to the departments", async ({ page }) => {
      await page.goto("/");
      await page.locator("summary", { hasText: "Menú" }).click();
      const panel = page.getByRole("navigation", { name: "Principal en móvil" });
      const subdirection = panel.getByRole("link", { name: "Subdirección de Pediatría Ambulatoria", exact: true });
      await expect(subdirection).toBeHidden();
      await panel.locator("summary", { hasText: "de Dirección Médica" }).click();
      await expect(subdirection).toBeVisible();
      await panel.locator("summary", { hasText: "de Subdirección de Pediatría Ambulatoria" }).click();
      const genetica = panel.getByRole("link", { name: "Departamento de Genética" });
      await expect(genetica).toBeVisible();
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      else await expectNoAxeViolationsWithoutJavaScript(page);
      await genetica.click();
      await expect(page).toHaveURL(/\/direccion\/genetica-y-genomica$/);
    });

    test("the carousel slides stay reachable", async ({ page }) => {
      await page.goto("/");
      const links = page.locator(".carousel__slide a");
      await expect(links).toHaveCount(4);
      if (!javaScriptEnabled) {
        await page.getByRole("link", { name: "Legado artístico del hospital" }).click();
        await expect(page.locator("#diapositiva-4 img")).toBeInViewport();
      }
    });
  });
}

test.describe("mobile menu at 320 px without JavaScript", () => {
  test.use({ viewport: { width: 320, height: 640 }, javaScriptEnabled: false });

  test("every level of the directions opened at once still fits: no sideways scroll", async ({ page }) => {
    await page.goto("/");
    await page.locator("summary", { hasText: "Menú" }).click();
    const panel = page.getByRole("navigation", { name: "Principal en móvil" });
    // In document order an area's toggle comes before the toggles under it, so each is visible
    // by the time its turn comes.
    const toggles = panel.locator("summary");
    const count = await toggles.count();
    expect(count).toBeGreaterThan(10);
    for (let index = 0; index < count; index += 1) await toggles.nth(index).click();
    await expect(panel.getByRole("link", { name: "Departamento de Control y Análisis Económico" })).toBeVisible();
    const overflow = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      culprits: Array.from(document.querySelectorAll<HTMLElement>("body *"))
        .filter((element) => element.getBoundingClientRect().right > 320.5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
        .slice(0, 5),
    }));
    expect(overflow.width, overflow.culprits.join(", ")).toBeLessThanOrEqual(320);
    await expectNoAxeViolationsWithoutJavaScript(page);
  });
});
