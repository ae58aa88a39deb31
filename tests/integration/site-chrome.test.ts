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
