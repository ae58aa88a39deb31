import type { Page } from "@playwright/test";
import { STAFF_ROLE_LABELS } from "../../app/staff/staff";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { signInAsStaff } from "./staff-session";

// The staff area's own frame (issue 21) in a real browser: who is signed in and in which role,
// sign-out, the staff navigation and the way back to the public site, never the public header.

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(clientWidth);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the staff frame at 375 px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: { width: 375, height: 740 }, javaScriptEnabled });

    test("shows the member, the role, sign-out and the public site; the menu opens by keyboard; axe passes", async ({ page, context, baseURL }) => {
      // Communications has the longest list of pages after the admin.
      const staff = await signInAsStaff(context, baseURL!, "comunicacion");
      await page.goto("/admin/dashboard");
      const header = page.getByRole("banner");
      await expect(header.getByText(staff.user.name)).toBeVisible();
      await expect(header.getByText(STAFF_ROLE_LABELS.comunicacion)).toBeVisible();
      await expect(header.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
      await expect(header.getByRole("link", { name: "Ver el sitio público" })).toHaveAttribute("href", "/");
      await expect(header.getByRole("link", { name: /^Hospital Infantil de México Federico Gómez/ })).toHaveAttribute("href", "/admin/dashboard");
      await expect(page.getByRole("link", { name: "Iniciar sesión" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Registrarse" })).toHaveCount(0);
      await expect(page.getByRole("navigation", { name: "Principal" })).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      else await expectNoAxeViolationsWithoutJavaScript(page);

      // The skip link comes first and leads to the page's content.
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Saltar al contenido principal" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();

      // The staff menu: a <details> opened from the keyboard, its links then reachable by Tab.
      const toggle = page.getByText("Menú del personal");
      const menu = page.getByRole("navigation", { name: "Área del personal (menú)" });
      await expect(menu).toBeHidden();
      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect(menu).toBeVisible();
      await expect(menu.getByRole("link", { name: "Contenido", exact: true })).toBeVisible();
      await expect(menu.getByRole("link", { name: "Banners", exact: true })).toBeVisible();
      await expect(menu.getByRole("link", { name: "Pagos", exact: true })).toHaveCount(0);
      await page.keyboard.press("Tab");
      const first = menu.getByRole("link", { name: "Inicio", exact: true });
      await expect(first).toBeFocused();
      // A visible focus ring (WCAG 2.4.7).
      expect(await first.evaluate((link) => getComputedStyle(link).outlineStyle)).not.toBe("none");
      await expectNoSidewaysScroll(page);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      else await expectNoAxeViolationsWithoutJavaScript(page);

      await menu.getByRole("link", { name: "Banners", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Banners" })).toBeVisible();
      await expect(page.getByRole("banner").getByText(staff.user.name)).toBeVisible();

      await page.setViewportSize({ width: 320, height: 640 });
      await expectNoSidewaysScroll(page);
    });
  });
}

test("at 1280 px the staff navigation is a visible list; the public site link leaves the staff frame", async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsStaff(context, baseURL!, "ensenanza");
  await page.goto("/admin/dashboard");
  const nav = page.getByRole("navigation", { name: "Área del personal", exact: true });
  await expect(nav.getByRole("link", { name: "Cursos", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Documentos por revisar", exact: true })).toHaveAttribute("href", "/admin/revision");
  await expect(nav.getByRole("link", { name: "Inicio", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Menú del personal")).toBeHidden();
  await expectNoAxeViolations(page);

  // Client-side navigation inside the staff area keeps the frame.
  await nav.getByRole("link", { name: "Documentos por revisar", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Documentos por revisar" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Documentos por revisar", exact: true })).toHaveAttribute("aria-current", "page");

  await page.getByRole("link", { name: "Ver el sitio público" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("navigation", { name: "Principal", exact: true })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Área del personal" })).toHaveCount(0);
});
