import { describe, expect, test } from "vitest";
import { getVisibleBanners } from "~/content/banners.server";
import { getDirectionsMenu } from "~/content/directions.server";
import { db } from "~/db.server";
import { getSettings, updateSetting } from "~/settings/settings.server";
import { seedDatabase } from "../../seeds/index";

async function countRows() {
  const count = async (table: "direction_nodes" | "banners" | "site_settings" | "stored_files") =>
    Number((await db.selectFrom(table).select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  return {
    directions: await count("direction_nodes"),
    banners: await count("banners"),
    settings: await count("site_settings"),
    files: await count("stored_files"),
  };
}

describe("seeding", () => {
  test("fills a fresh database, and a second run changes nothing", async () => {
    const first = await seedDatabase(db);
    expect(first.length).toBeGreaterThan(0);
    const before = await countRows();
    expect(before.directions).toBeGreaterThanOrEqual(79);
    expect(before.banners).toBeGreaterThanOrEqual(3);

    expect(await seedDatabase(db)).toEqual([]);
    expect(await countRows()).toEqual(before);
  });

  test("never overwrites or resurrects content that staff changed", async () => {
    await seedDatabase(db);
    await updateSetting(db, "phone", "55 1234 5678");
    const banner = (await getVisibleBanners(db, new Date()))[0]!;
    await db.deleteFrom("banners").where("id", "=", banner.id).execute();

    await seedDatabase(db);

    expect((await getSettings(db)).phone).toBe("55 1234 5678");
    expect((await getVisibleBanners(db, new Date())).map((b) => b.id)).not.toContain(banner.id);
  });

  test("builds the directions menu as directions → subdirections → departments", async () => {
    await seedDatabase(db);
    const menu = await getDirectionsMenu(db);
    expect(menu.map((d) => d.name)).toEqual([
      "Dirección General",
      "Dirección Médica",
      "Dirección de Enseñanza y Desarrollo Académico",
      "Dirección de Investigación",
      "Dirección de Administración",
      "Dirección de Planeación",
    ]);
    const medica = menu.find((d) => d.href === "/direccion/medica")!;
    const asistencia = medica.children.find((s) => s.href === "/direccion/subdireccion-de-asistenca-medica")!;
    expect(asistencia.level).toBe("subdireccion");
    expect(asistencia.children.map((d) => d.href)).toContain("/direccion/departamento-de-urgencias");
  });

  test("skips demo content when asked to", async () => {
    await db.deleteFrom("seed_log").execute();
    await db.deleteFrom("banners").execute();
    const applied = await seedDatabase(db, { includeDemoContent: false });
    expect(applied).not.toContain("0002-home-banners");
    expect(await getVisibleBanners(db, new Date())).toEqual([]);
  });
});
