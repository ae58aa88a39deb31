import { sql } from "kysely";
import { beforeAll, expect, test } from "vitest";
import { db } from "~/db.server";
import { searchSite } from "~/search/site-index.server";
import { prepareDatabase } from "../../server/prepare-database";
import { seedStaleContentFixes } from "../../seeds/stale-content";

const OLD_DEADLINE =
  "1. Regístrese en el [Formulario de registro a la sesión clínico patológica](https://forms.gle/SBfHiqLYUiWY4F976) antes del 19 de marzo de 2025 a las 11:00 horas.";
const OLD_VIDEO =
  "Vea la grabación completa de la sesión clínico patológica 2024: la presentación del caso, la discusión clínica y los hallazgos de patología. El video se carga sólo cuando usted lo pide.";

beforeAll(async () => {
  await prepareDatabase({ includeDemoContent: true }, db);
});

async function body(path: string) {
  return (await db.selectFrom("content_pages").select("body").where("path", "=", path).executeTakeFirstOrThrow()).body;
}

test("fresh content has no past deadline and no promise of a recording", async () => {
  expect(await body("/sesion-clinico-patologica")).not.toMatch(/antes del \d/);
  expect(await body("/video/scp-2024")).not.toMatch(/grabación completa/);
});

test("a database seeded with the old text is corrected, and the search index follows", async () => {
  // The text as the first seed wrote it.
  await sql`UPDATE content_pages SET body = ${`Introducción.\n\n${OLD_DEADLINE}\n2. Lea el resumen.`} WHERE path = '/sesion-clinico-patologica'`.execute(
    db,
  );
  await sql`UPDATE content_pages SET body = ${OLD_VIDEO} WHERE path = '/video/scp-2024'`.execute(db);
  expect((await searchSite(db, "19 marzo 2025")).results.map((r) => r.path)).toContain("/sesion-clinico-patologica");

  await seedStaleContentFixes(db);
  const scp = await body("/sesion-clinico-patologica");
  expect(scp).toContain("Introducción.");
  expect(scp).toContain("2. Lea el resumen.");
  expect(scp).toContain("La fecha límite de cada sesión aparece en el formulario.");
  expect(scp).not.toContain("marzo de 2025");
  expect(await body("/video/scp-2024")).not.toMatch(/grabación completa/);
  expect((await searchSite(db, "19 marzo 2025")).results).toEqual([]);
});

test("text staff rewrote is left alone", async () => {
  const edited = "Vea la grabación completa aquí: texto propio del equipo editorial.";
  await sql`UPDATE content_pages SET body = ${edited} WHERE path = '/video/scp-2024'`.execute(db);
  await seedStaleContentFixes(db);
  expect(await body("/video/scp-2024")).toBe(edited);
});
