import { sql } from "kysely";
import type { Outcome } from "~/actions/outcome";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { DEPARTMENT_RECORD, departmentEditSchema } from "~/content/department-editor.server";
import { createPage, publishDuePages, restorePageRevision, updatePage } from "~/content/page-editor.server";
import { PROFILE_RECORD, profileEditSchema } from "~/content/profile-page-editor.server";
import { publishDueRecords } from "~/content/record-publication.server";
import { RESEARCH_UNIT_RECORD, researchUnitEditSchema } from "~/content/research-unit-editor.server";
import { db } from "~/db.server";
import { loader as pageLoader } from "~/routes/$";
import { loader as departmentLoader } from "~/routes/direccion.$slug";
import { loader as unitLoader } from "~/routes/investigadores.$id";
import type { StaffUser } from "~/staff/staff";
import { instantToMexicoCityLocal } from "~/utils/mexico-city";
import { useSeededDatabase } from "../support/database";
import { createSignedInStaff } from "../factories";

// The seeded records' writers, read and restore (their content-record definitions, decision 0057).
const { forEditor: getDepartmentPageForEditor, update: updateDepartmentPage, restore: restoreDepartmentRevision } = DEPARTMENT_RECORD;
const { forEditor: getResearchUnitForEditor, update: updateResearchUnit, restore: restoreResearchUnitRevision } = RESEARCH_UNIT_RECORD;
const { forEditor: getProfileForEditor, update: updateProfile, restore: restoreProfileRevision } = PROFILE_RECORD;

// Issue 21: a scheduled or draft revision never takes down the published one (decision 0033), for
// every kind of record with publication states. Each kind is read through the loader its public
// route uses (the same calls, the same publishDue* at read time) and written through its editor's
// domain function; the scheduled publication runs with a clock past the chosen time.

let editor: StaffUser;
const DAY = 24 * 60 * 60 * 1000;
const context = { cspNonce: "n", requestId: "r" };

type Status = "borrador" | "publicada" | "programada";
type Save = (text: string, status: Status, publishAt?: string) => Promise<{ ok: boolean }>;

interface Kind {
  label: string;
  /** The public address whose text the record shows. */
  path: () => string;
  /** The record's text as its public route renders it, or null when the route answers 404 / leaves it out. */
  shown: () => Promise<string | null>;
  save: Save;
  restore: (number: number) => Promise<Outcome<{ message: string }>>;
  publishDue: (at: Date) => Promise<number>;
  entity: "content_page" | "department_page" | "research_unit" | "profile_page";
  id: () => number;
}

const ids = { page: 0, department: 0, unit: 0, profile: 0 };
let profilePath = "";
const DEPARTMENT_SLUG = "medica";

async function notFoundAsNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof Response && error.status === 404) return null;
    throw error;
  }
}

const pageArgs = (path: string) => ({ request: new Request(`http://localhost${path}`), params: { "*": path.slice(1) }, context });

const KINDS: Kind[] = [
  {
    label: "information page (Daño Cero, /dano-cero)",
    path: () => "/dano-cero",
    shown: async () => (await notFoundAsNull(() => pageLoader(pageArgs("/dano-cero"))))?.page.body.__html ?? null,
    save: async (text, status, publishAt) => {
      const page = (await db.selectFrom("content_pages").selectAll().where("id", "=", ids.page).executeTakeFirstOrThrow())!;
      return updatePage(
        db,
        ids.page,
        { title: page.title, navLabel: page.nav_label ?? "", summary: page.summary, body: text, status, publishAt },
        editor,
        null,
        new Date(),
      );
    },
    restore: (number) => restorePageRevision(db, ids.page, number, editor, null, new Date()),
    publishDue: (at) => publishDuePages(db, at),
    entity: "content_page",
    id: () => ids.page,
  },
  {
    label: "department page (/direccion/medica)",
    path: () => `/direccion/${DEPARTMENT_SLUG}`,
    shown: async () =>
      (
        await notFoundAsNull(() =>
          departmentLoader({ request: new Request(`http://localhost/direccion/${DEPARTMENT_SLUG}`), params: { slug: DEPARTMENT_SLUG }, context }),
        )
      )?.page.firstContent.__html ?? null,
    save: async (text, status, publishAt) => {
      const page = (await getDepartmentPageForEditor(db, ids.department))!;
      const input = departmentEditSchema.parse({
        page_title: page.page_title,
        summary: page.summary,
        tipo_departamento: String(page.tipo_departamento),
        page_titular: page.page_titular ?? "",
        page_titular_grade: page.page_titular_grade ?? "",
        page_first_content: text,
        page_second_content: page.page_second_content,
        page_first_image_alt: page.page_first_image_alt,
        page_second_image_alt: page.page_second_image_alt,
        page_staff: page.page_staff,
        status,
        publishAt,
      });
      return updateDepartmentPage(db, ids.department, input, {}, editor, null, new Date());
    },
    restore: (number) => restoreDepartmentRevision(db, ids.department, number, editor, null, new Date()),
    publishDue: (at) => publishDueRecords(db, at),
    entity: "department_page",
    id: () => ids.department,
  },
  {
    label: "research unit (/investigadores/1)",
    path: () => `/investigadores/${ids.unit}`,
    shown: async () =>
      (
        await notFoundAsNull(() =>
          unitLoader({ request: new Request(`http://localhost/investigadores/${ids.unit}`), params: { id: String(ids.unit) }, context }),
        )
      )?.unit.content.__html ?? null,
    save: async (text, status, publishAt) => {
      const unit = (await getResearchUnitForEditor(db, ids.unit))!;
      const input = researchUnitEditSchema.parse({
        unit_name: unit.unit_name,
        unit_kind: unit.unit_kind,
        name_is_illustrative: unit.name_is_illustrative ? "on" : undefined,
        summary: unit.summary,
        content: text,
        lines_of_work: unit.lines_of_work.join("\n"),
        head_name: unit.head_name ?? "",
        head_grade: unit.head_grade ?? "",
        image_alt: unit.image_alt,
        status,
        publishAt,
      });
      return updateResearchUnit(db, ids.unit, input, {}, editor, null, new Date());
    },
    restore: (number) => restoreResearchUnitRevision(db, ids.unit, number, editor, null, new Date()),
    publishDue: (at) => publishDueRecords(db, at),
    entity: "research_unit",
    id: () => ids.unit,
  },
  {
    label: "profile record (shown under an information page)",
    path: () => profilePath,
    // A profile that is not published is left out of the page that shows it.
    shown: async () => (await pageLoader(pageArgs(profilePath))).page.profile?.firstContent.__html ?? null,
    save: async (text, status, publishAt) => {
      const profile = (await getProfileForEditor(db, ids.profile))!;
      const input = profileEditSchema.parse({
        page_title: profile.page_title,
        page_banner_image_alt: profile.page_banner_image_alt,
        page_banner_content: profile.page_banner_content,
        page_first_content: text,
        page_first_image_alt: profile.page_first_image_alt,
        page_second_content: profile.page_second_content,
        page_second_image_alt: profile.page_second_image_alt,
        status,
        publishAt,
      });
      return updateProfile(db, ids.profile, input, {}, editor, null, new Date());
    },
    restore: (number) => restoreProfileRevision(db, ids.profile, number, editor, null, new Date()),
    publishDue: (at) => publishDueRecords(db, at),
    entity: "profile_page",
    id: () => ids.profile,
  },
];

beforeAll(async () => {
  await useSeededDatabase();
  editor = (await createSignedInStaff(db, "comunicacion")).user;
  ids.page = (await db.selectFrom("content_pages").select("id").where("path", "=", "/dano-cero").executeTakeFirstOrThrow()).id;
  ids.department = (await db.selectFrom("department_pages").select("id").where("slug", "=", DEPARTMENT_SLUG).executeTakeFirstOrThrow()).id;
  ids.unit = (await db.selectFrom("research_units").select("id").where("is_published", "=", 1).orderBy("id").executeTakeFirstOrThrow()).id;
  const shown = await db
    .selectFrom("content_pages")
    .select(["path", "profile_page_id"])
    .where("profile_page_id", "is not", null)
    .where("is_published", "=", 1)
    .orderBy("path")
    .executeTakeFirstOrThrow();
  ids.profile = shown.profile_page_id!;
  profilePath = shown.path;
  // Every record starts published, as the seed leaves them.
  for (const [table, id] of [
    ["content_pages", ids.page],
    ["department_pages", ids.department],
    ["research_units", ids.unit],
    ["profile_pages", ids.profile],
  ] as const) {
    expect((await db.selectFrom(table).select("is_published").where("id", "=", id).executeTakeFirstOrThrow()).is_published, table).toBe(1);
  }
});

async function search(word: string): Promise<string[]> {
  return (await sql<{ path: string }>`SELECT path FROM search_index WHERE search_index MATCH ${word}`.execute(db)).rows.map((row) => row.path);
}

/** A whole minute, `days` from now: a scheduled time the form accepts. */
function later(days: number): Date {
  return new Date(Math.ceil((Date.now() + days * DAY) / 60_000) * 60_000);
}

const TABLES = {
  content_page: "content_pages",
  department_page: "department_pages",
  research_unit: "research_units",
  profile_page: "profile_pages",
} as const;

describe.each(KINDS)("$label", (kind) => {
  // Each test starts from a published record with no pending revision (so one test's failure never
  // explains the next one's). With the rule in place this changes nothing.
  beforeEach(async () => {
    await db.updateTable(TABLES[kind.entity]).set({ is_published: 1, publish_at: null }).where("id", "=", kind.id()).execute();
  });

  test("a scheduled edit keeps the published version public (page, search) until the publication at its time puts the new one live", async () => {
    const before = await kind.shown();
    expect(before).not.toBeNull();
    const at = later(2);
    const word = `guayaba${kind.entity.replace("_", "")}programada`;
    expect(await kind.save(`Texto ${word}.`, "programada", instantToMexicoCityLocal(at))).toMatchObject({ ok: true });

    // Until its time: the public route answers with the old text, and search does not know the new one.
    expect(await kind.shown()).toBe(before);
    expect(await search(word)).toEqual([]);
    expect(await kind.publishDue(new Date(at.getTime() - 60_000))).toBe(0);
    expect(await kind.shown()).toBe(before);

    // At its time: the new text is live, once, and found.
    expect(await kind.publishDue(new Date(at.getTime() + 60_000))).toBe(1);
    expect(await kind.publishDue(new Date(at.getTime() + 120_000))).toBe(0);
    expect(await kind.shown()).toContain(word);
    expect(await search(word)).toEqual([kind.path()]);
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "actor_email"])
      .where("entity", "=", kind.entity)
      .where("entity_id", "=", String(kind.id()))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: `${kind.entity === "content_page" ? "page" : kind.entity}.publish_scheduled`, actor_email: null });
  });

  test("a draft keeps the published version public; «Publicar ahora» puts the new text live", async () => {
    const before = await kind.shown();
    expect(before).not.toBeNull();
    const word = `mamey${kind.entity.replace("_", "")}borrador`;
    expect(await kind.save(`Texto ${word}.`, "borrador")).toMatchObject({ ok: true });
    expect(await kind.shown()).toBe(before);
    expect(await search(word)).toEqual([]);

    expect(await kind.save(`Texto ${word}.`, "publicada")).toMatchObject({ ok: true });
    expect(await kind.shown()).toContain(word);
    expect(await search(word)).toEqual([kind.path()]);
  });

  test("after a scheduled save, restoring version 1 keeps the record public with version 1's text, and nothing is published later", async () => {
    const original = (
      await db
        .selectFrom("page_revisions")
        .select("snapshot")
        .where("entity", "=", kind.entity)
        .where("entity_id", "=", kind.id())
        .where("number", "=", 1)
        .executeTakeFirstOrThrow()
    ).snapshot;
    expect(JSON.parse(original)).toMatchObject({ status: "publicada" });
    const at = later(3);
    const word = `nispero${kind.entity.replace("_", "")}restaurado`;
    expect(await kind.save(`Texto ${word}.`, "programada", instantToMexicoCityLocal(at))).toMatchObject({ ok: true });

    const restored = await kind.restore(1);
    expect(restored.ok).toBe(true);
    const shown = await kind.shown();
    expect(shown).not.toBeNull();
    expect(shown).not.toContain("guayaba");
    expect(shown).not.toContain(word);
    const row = await db.selectFrom(TABLES[kind.entity]).select(["is_published", "publish_at"]).where("id", "=", kind.id()).executeTakeFirstOrThrow();
    expect(row).toEqual({ is_published: 1, publish_at: null });

    // The schedule went with the restore: its time passes and nothing changes.
    expect(await kind.publishDue(new Date(at.getTime() + 60_000))).toBe(0);
    expect(await kind.shown()).toBe(shown);
    expect(await search(word)).toEqual([]);
  });
});

test("a deleted record takes its pending revision with it (migration 0032's triggers)", async () => {
  const created = await createPage(
    db,
    { path: "/prueba-pendiente", title: "Prueba", navLabel: "", summary: "Resumen.", body: "Texto.", status: "publicada" },
    editor,
    null,
    new Date(),
  );
  if (!created.ok) throw new Error("not created");
  const edit = { title: "Prueba", navLabel: "", summary: "Resumen.", body: "Texto nuevo.", status: "borrador" as const };
  expect(await updatePage(db, created.pageId, edit, editor, null, new Date())).toMatchObject({ ok: true });
  const pending = () =>
    db.selectFrom("pending_revisions").select("entity_id").where("entity", "=", "content_page").where("entity_id", "=", created.pageId);
  expect(await pending().execute()).toHaveLength(1);
  await db.deleteFrom("content_pages").where("id", "=", created.pageId).execute();
  expect(await pending().execute()).toHaveLength(0);
});
