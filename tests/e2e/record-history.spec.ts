import { db } from "../../app/db.server";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signInAsStaff } from "./staff-session";

// Issue 23: a library panel (like banners, gallery images, menu links and collection
// introductions) keeps its earlier versions; the one history screen lists them, compares two and
// «Restaurar» brings one back.
test.describe("restorable history of a library panel", () => {
  test("two saves, the history screen (axe), a comparison, «Restaurar» the first version; the public page shows it again", async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow();
    const original = await db.selectFrom("library_panels").select(["label", "body"]).where("id", "=", "ligas").executeTakeFirstOrThrow();
    await signInAsStaff(context, baseURL!, "comunicacion");

    for (const body of ["Primera versión de las ligas de interés.", "Segunda versión de las ligas de interés."]) {
      await page.goto("/admin/hemerobiblioteca/ligas");
      await page.getByLabel("Contenido (Markdown)").fill(body);
      await page.getByRole("button", { name: "Guardar cambios" }).click();
      await expect(page.getByText("Se guardó el apartado", { exact: false }).first()).toBeVisible();
    }

    await page.goto("/admin/hemerobiblioteca/ligas");
    await page.getByRole("link", { name: "Historial del apartado (versiones anteriores y «Restaurar»)" }).click();
    await expect(page).toHaveURL(/\/admin\/contenido\/hemerobiblioteca\/ligas\/historial$/);
    await expect(page.getByRole("heading", { level: 1, name: `Historial de «${original.label}»` })).toBeVisible();
    const versions = page.getByRole("list").filter({ hasText: "Versión 1" });
    await expect(versions.getByRole("listitem")).toHaveCount(3);
    await expect(versions.getByRole("listitem").first()).toContainText("Edición, por Prueba comunicacion");
    await expect(versions.getByRole("listitem").first()).toContainText("Cambió: Contenido.");
    await expect(versions.getByRole("listitem").last()).toContainText("Versión inicial (contenido anterior al editor)");
    await expectNoAxeViolations(page);

    await page.getByLabel("Versión anterior").fill("2");
    await page.getByLabel("Versión posterior").fill("3");
    await page.getByRole("button", { name: "Comparar" }).click();
    const diff = page.getByRole("region", { name: "Diferencias entre la versión 2 y la 3" });
    await expect(diff.locator("del")).toContainText("Primera");
    await expect(diff.locator("ins")).toContainText("Segunda");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Restaurar la versión 1" }).click();
    await expect(page.getByText(`Se restauró la versión 1 de «${original.label}».`)).toBeVisible();
    await expect(versions.getByRole("listitem").first()).toContainText("Restauración de la versión 1, por Prueba comunicacion");
    await expectNoAxeViolations(page);
    const now = await db.selectFrom("library_panels").select(["label", "body"]).where("id", "=", "ligas").executeTakeFirstOrThrow();
    expect(now).toEqual(original);
    await page.goto("/hemerobiblioteca");
    await expect(page.getByText("Segunda versión de las ligas de interés.")).toHaveCount(0);
  });
});
