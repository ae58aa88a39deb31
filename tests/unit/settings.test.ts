import { describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { defaultSettings, formatAddress, phoneHref } from "~/settings/settings";
import { getSettings, insertMissingSettings, updateSetting } from "~/settings/settings.server";

describe("site settings", () => {
  test("fall back to the defaults, including the course prefix HIMFGCURSOS", async () => {
    const settings = await getSettings(db);
    expect(settings).toEqual(defaultSettings);
    expect(settings.coursePrefix).toBe("HIMFGCURSOS");
    expect(settings.institutionAcronym).toBe("HIMFG");
  });

  test("are stored in the database and validated", async () => {
    await insertMissingSettings(db);
    await updateSetting(db, "phone", "55 5228 9917 ext. 1234");
    expect((await getSettings(db)).phone).toBe("55 5228 9917 ext. 1234");
    await expect(updateSetting(db, "coursePrefix", "himfg cursos")).rejects.toThrow();
  });

  test("ignore a stored value that became invalid instead of breaking the site", async () => {
    await db
      .insertInto("site_settings")
      .values({ key: "addressPostalCode", value: JSON.stringify("no es un CP") })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify("no es un CP") }))
      .execute();
    expect((await getSettings(db)).addressPostalCode).toBe(defaultSettings.addressPostalCode);
  });

  test("format the address and phone for people and for tel: links", () => {
    expect(formatAddress(defaultSettings)).toBe("Dr. Márquez No. 162, Col. Doctores, Alcaldía Cuauhtémoc, C.P. 06720, Ciudad de México");
    expect(phoneHref("55 5228 9917")).toBe("tel:+525552289917");
  });
});
