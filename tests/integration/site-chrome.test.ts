import { beforeAll, describe, expect, test } from "vitest";
import { getSiteChrome } from "~/content/site-chrome.server";
import { db } from "~/db.server";
import { prepareDatabase } from "../../server/prepare-database";

beforeAll(async () => {
  await prepareDatabase({ includeDemoContent: true }, db);
});

describe("the page frame is read once per content version", () => {
  test("unchanged content answers from memory; an edit of a menu, a setting or a direction shows on the next read", async () => {
    const first = await getSiteChrome(db, false);
    expect(first.menus.header.length).toBeGreaterThan(0);
    const again = await getSiteChrome(db, false);
    expect(again.settings).toBe(first.settings);
    expect(again.menus).toBe(first.menus);

    const link = await db
      .selectFrom("menu_links")
      .select(["id", "label"])
      .where("menu", "=", "anonimo")
      .orderBy("position")
      .executeTakeFirstOrThrow();
    await db.updateTable("menu_links").set({ label: "Inicio renovado" }).where("id", "=", link.id).execute();
    expect((await getSiteChrome(db, false)).menus.header[0]!.label).toBe("Inicio renovado");

    await db
      .updateTable("site_settings")
      .set({ value: JSON.stringify("55 0000 0000") })
      .where("key", "=", "phone")
      .execute();
    expect((await getSiteChrome(db, false)).settings.phone).toBe("55 0000 0000");

    const top = await db.selectFrom("direction_nodes").select("id").where("parent_id", "is", null).orderBy("position").executeTakeFirstOrThrow();
    await db.updateTable("direction_nodes").set({ name: "Dirección renombrada" }).where("id", "=", top.id).execute();
    expect((await getSiteChrome(db, true)).directions.map((d) => d.name)).toContain("Dirección renombrada");
  });

  test("signed-in visitors get the session menu, others the anonymous one", async () => {
    const rows = await db.selectFrom("menu_links").select(["menu", "label"]).orderBy("position").orderBy("id").execute();
    const anonymous = await getSiteChrome(db, false);
    const signedIn = await getSiteChrome(db, true);
    expect(anonymous.menus.header.map((l) => l.label)).toEqual(rows.filter((r) => r.menu === "anonimo").map((r) => r.label));
    expect(signedIn.menus.header.map((l) => l.label)).toEqual(rows.filter((r) => r.menu === "sesion").map((r) => r.label));
  });
});

describe("the header's directions tree", () => {
  test("goes down to the departments (a subdirection's departments included), renamed areas show, and services and units stay on /direcciones", async () => {
    const { directions } = await getSiteChrome(db, false);
    const medica = directions.find((d) => d.href === "/direccion/medica")!;
    const asistencia = medica.children!.find((c) => c.name === "Subdirección de Asistencia Médica")!;
    expect(asistencia.children!.map((c) => c.name)).toContain("Departamento de Urgencias");
    // Three levels at most: nothing under a department, and only name, address and children.
    const depth = (items: typeof directions): number => Math.max(0, ...items.map((item) => 1 + depth(item.children ?? [])));
    expect(depth(directions)).toBe(3);
    const investigacion = directions.find((d) => d.href === "/direccion/investigacion")!;
    const educativa = investigacion.children![0]!.children!.find((c) => c.href === "/direccion/investigacion-biomedica")!;
    expect(educativa).toEqual({ name: "Departamento de Investigación Educativa", href: "/direccion/investigacion-biomedica" });

    const urgencias = await db.selectFrom("direction_nodes").select("id").where("slug", "=", "departamento-de-urgencias").executeTakeFirstOrThrow();
    await db.updateTable("direction_nodes").set({ name: "Departamento de Urgencias Pediátricas" }).where("id", "=", urgencias.id).execute();
    const renamed = (await getSiteChrome(db, false)).directions.find((d) => d.href === "/direccion/medica")!;
    expect(renamed.children!.flatMap((c) => c.children ?? []).map((c) => c.name)).toContain("Departamento de Urgencias Pediátricas");
  });
});
