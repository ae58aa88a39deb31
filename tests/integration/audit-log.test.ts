import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { problemMessages } from "~/actions/outcome";
import { createPage, restorePageRevision, updatePage } from "~/content/page-editor.server";
import { db } from "~/db.server";
import { recordAudit } from "~/staff/audit.server";
import { auditPageQuery, type AuditCursor, type AuditFilters } from "~/staff/audit-log.server";
import type { StaffUser } from "~/staff/staff";
import { startTestServer } from "../support/test-server";
import { createSignedInStaff } from "../factories";

// The Bitácora (issues 21 and 22) through the real Express app and Remix build (`npm run build`
// first): each entry a Spanish sentence with its changes, filters in words, keyset paging, a
// tampered cursor answered 400, and every query read through an index.
let baseUrl = "";
let close: () => Promise<void>;
let admin: { user: StaffUser; cookie: string };
let ana: { user: StaffUser; cookie: string };
let pageId = 0;

beforeAll(async () => {
  ({ baseUrl, close } = await startTestServer());
  admin = await createSignedInStaff(db, "admin");
  ana = await createSignedInStaff(db, "comunicacion");
  await db.updateTable("staff_members").set({ name: "Karla Núñez" }).where("id", "=", admin.user.id).execute();
  await db.updateTable("staff_members").set({ name: "Ana Pérez" }).where("id", "=", ana.user.id).execute();
  ana.user = { ...ana.user, name: "Ana Pérez" };

  // A page created, edited and restored to its first version, by Ana, through the editor's functions.
  const now = new Date();
  const created = await createPage(
    db,
    {
      path: "/dano-cero",
      title: "Daño Cero",
      navLabel: "",
      summary: "Programa de seguridad del paciente.",
      body: "Primera versión.",
      status: "publicada",
    },
    ana.user,
    "req-crear",
    now,
  );
  if (!created.ok) throw new Error("page not created");
  pageId = created.pageId;
  const longBody = `## Sedes\n\n${"La jornada se realiza en el auditorio principal del hospital. ".repeat(30)}`;
  await updatePage(
    db,
    pageId,
    { title: "Daño cero (borrador)", navLabel: "", summary: "Programa de seguridad del paciente.", body: longBody, status: "publicada" },
    ana.user,
    "req-editar",
    now,
  );
  const restored = await restorePageRevision(db, pageId, 1, ana.user, "req-restaurar", now);
  if (!restored.ok) throw new Error(problemMessages(restored).join(" "));
});

afterAll(async () => {
  await close?.();
});

const get = (path: string, cookie = admin.cookie) => fetch(`${baseUrl}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });

/** The page's visible words: no tags, no collapsed technical data, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return main
    .replace(/<details class="audit-entry__raw">[\s\S]*?<\/details>/g, " ")
    .replace(/<select[\s\S]*?<\/select>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ");
}

/** The entries' sentences, in page order. */
function sentences(html: string): string[] {
  return [...html.matchAll(/<p class="audit-entry__sentence">([\s\S]*?)<\/p>/g)].map((match) => visibleText(`<main>${match[1]}</main>`).trim());
}

function linkHref(html: string, rel: "next" | "prev"): string | null {
  const match = new RegExp(`<a[^>]*href="([^"]+)"[^>]*rel="${rel}"|<a[^>]*rel="${rel}"[^>]*href="([^"]+)"`).exec(html);
  return match ? (match[1] ?? match[2]!).replace(/&amp;/g, "&") : null;
}

describe("each entry is a sentence in Spanish", () => {
  test("a page restore reads who, did what, to which record, when; the changes as campo: antes → después", async () => {
    const response = await get("/admin/bitacora");
    expect(response.status).toBe(200);
    const html = await response.text();
    const said = sentences(html);
    expect(said[0]).toBe("Ana Pérez (Comunicación) restauró la versión 1 de la página «Daño Cero» (versión 3).");
    expect(said[1]).toBe("Ana Pérez (Comunicación) editó la página «Daño Cero» (versión 2).");
    expect(said[2]).toBe("Ana Pérez (Comunicación) creó la página «Daño Cero».");
    // The record links to its staff page; the time is Mexico City's, in es-MX.
    expect(html).toMatch(new RegExp(`<a [^>]*href="/admin/contenido/${pageId}">la página «Daño Cero»</a>`));
    expect(html).toMatch(/<time dateTime="\d{4}-\d{2}-\d{2}T[\d:.]+Z">\d{1,2} [a-z]{3} \d{4}, \d{2}:\d{2}:\d{2}<\/time>/);

    const text = visibleText(html);
    expect(text).toMatch(/Título: Daño cero \(borrador\) →\s?cambió a Daño Cero/);
    // A long text is shortened, the whole of it one click away, with its real line breaks.
    expect(text).toMatch(/Contenido: Primera versión\. →\s?cambió a ## Sedes La jornada se realiza en el auditorio…/);
    expect(html).toContain("<summary>Ver el texto completo</summary>");
    expect(html).toContain("## Sedes\n\nLa jornada");
    // No codes, no JSON, no literal \n in what the page shows.
    for (const code of ["page.restore", "page.update", "content_page", "staff.invite", "restoredFrom", "{", "\\n"]) expect(text).not.toContain(code);
  });

  test("the staff set-up and invitation read as sentences, and secrets never reach the page", async () => {
    await db
      .insertInto("audit_log")
      .values({
        actor_staff_id: admin.user.id,
        actor_email: admin.user.email,
        actor_role: "admin",
        action: "staff.role_change",
        entity: "staff_member",
        entity_id: String(ana.user.id),
        before_json: JSON.stringify({ role: "ensenanza", password_hash: "scrypt$muy-secreto" }),
        after_json: JSON.stringify({ role: "comunicacion", token: "tok-secreto-123" }),
      })
      .execute();
    const html = await (await get(`/admin/bitacora?actor=${admin.user.id}`)).text();
    expect(sentences(html)[0]).toBe("Karla Núñez (Administración) cambió la función de Ana Pérez.");
    expect(visibleText(html)).toMatch(/Función: Dirección de Enseñanza →\s?cambió a Comunicación/);
    expect(html).not.toContain("scrypt$muy-secreto");
    expect(html).not.toContain("tok-secreto-123");
    const setup = await (await get(`/admin/bitacora?actor=${ana.user.id}&action=staff.setup`)).text();
    expect(sentences(setup)).toEqual(["Ana Pérez (Comunicación) configuró su acceso al área del personal (contraseña y segundo paso)."]);
  });
});

describe("filters in words", () => {
  test("people by name and role, record types and actions as Spanish labels; each filter narrows the list", async () => {
    const html = await (await get("/admin/bitacora")).text();
    const options = [...html.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((match) => ({ value: match[1], label: match[2] }));
    expect(options).toContainEqual({ value: String(ana.user.id), label: "Ana Pérez (Comunicación)" });
    expect(options).toContainEqual({ value: "cli", label: "El sistema o la línea de comandos" });
    expect(options).toContainEqual({ value: "content_page", label: "Páginas de información" });
    expect(options).toContainEqual({ value: "staff_member", label: "Personal" });
    expect(options).toContainEqual({ value: "page.restore", label: "Restaurar una versión de una página" });
    expect(options).toContainEqual({ value: "asistencia.exportar", label: "Exportar la lista de asistencia" });
    expect(html).toContain('<optgroup label="Páginas de información">');
    // No choice is shown as a code.
    for (const { label } of options) expect(label, label).not.toMatch(/^[a-z_]+(\.[a-z_]+)+$|[a-z]_[a-z]/);

    const restores = await (await get("/admin/bitacora?action=page.restore")).text();
    expect(sentences(restores)).toEqual(["Ana Pérez (Comunicación) restauró la versión 1 de la página «Daño Cero» (versión 3)."]);
    expect(restores).toMatch(/<option value="page.restore" selected="">/);
    const staffOnly = sentences(await (await get("/admin/bitacora?entity=staff_member")).text());
    expect(staffOnly.length).toBeGreaterThanOrEqual(3);
    for (const sentence of staffOnly) expect(sentence).toMatch(/configuró su acceso|invitó a|cambió la función/);
    const byAna = sentences(await (await get(`/admin/bitacora?actor=${ana.user.id}`)).text());
    expect(byAna.every((sentence) => sentence.startsWith("Ana Pérez (Comunicación) "))).toBe(true);
    // Days are Mexico City days: nothing was written in 2020.
    expect(await (await get("/admin/bitacora?from=2020-01-01&to=2020-12-31")).text()).toContain("No hay entradas con estos filtros.");
  });
});

describe("keyset paging", () => {
  test("«Anteriores» and «Más recientes» walk the log by (created_at, id), ties included, nothing twice or missing", async () => {
    // 60 menu edits on one past day, several sharing a timestamp (the cursor's id breaks the tie).
    const rows = Array.from({ length: 60 }, (_, index) => ({
      actor_staff_id: ana.user.id,
      actor_email: ana.user.email,
      actor_role: "comunicacion" as const,
      action: "menu_link.update",
      entity: "menu_link",
      entity_id: String(9000 + index),
      before_json: JSON.stringify({ label: `Enlace ${index}` }),
      after_json: JSON.stringify({ label: `Enlace ${index} editado` }),
      created_at: `2024-05-10T18:${String(Math.floor(index / 3)).padStart(2, "0")}:00.000Z`,
    }));
    await db.insertInto("audit_log").values(rows).execute();
    const filter = "/admin/bitacora?action=menu_link.update&from=2024-05-10&to=2024-05-10";
    const shown = (html: string) => sentences(html).map((sentence) => /«Enlace (\d+) editado»/.exec(sentence)?.[1] ?? sentence);
    const pages: string[][] = [];
    const hrefs: string[] = [];
    let href: string | null = filter;
    while (href) {
      hrefs.push(href);
      const html = await (await get(href)).text();
      pages.push(shown(html));
      if (pages.length === 1) expect(linkHref(html, "prev")).toBeNull();
      else expect(linkHref(html, "prev")).not.toBeNull();
      href = linkHref(html, "next");
      expect(pages.length).toBeLessThan(5);
    }
    expect(pages.map((page) => page.length)).toEqual([25, 25, 10]);
    // Newest first: index 59 (latest minute, highest id) down to 0, each once.
    expect(pages.flat()).toEqual(Array.from({ length: 60 }, (_, index) => String(59 - index)));
    expect(hrefs[1]).toMatch(
      /^\/admin\/bitacora\?action=menu_link\.update&from=2024-05-10&to=2024-05-10&antes=2024-05-10T18%3A\d{2}%3A00\.000Z_\d+$/,
    );

    // Back from the last page: «Más recientes» shows the second page again, then the first.
    const third = await (await get(hrefs[2]!)).text();
    const second = await (await get(linkHref(third, "prev")!)).text();
    expect(shown(second)).toEqual(pages[1]);
    expect(linkHref(second, "next")).toBe(hrefs[2]);
    const first = await (await get(linkHref(second, "prev")!)).text();
    expect(shown(first)).toEqual(pages[0]);
    expect(linkHref(first, "prev")).toBeNull();
  });
});

describe("a tampered cursor", () => {
  test.each([
    "antes=garbage",
    "antes=",
    "antes=2026-13-45T99:99:99.999Z_1",
    "antes=2026-01-01T00:00:00.000Z_-1",
    "antes=2026-01-01T00:00:00.000Z_99999999999999999999",
    "despues=2026-01-01T00:00:00.000Z_1%27%20OR%201%3D1--",
    "antes=2026-01-01T00:00:00.000Z_1&despues=2026-01-01T00:00:00.000Z_2",
    "antes=2026-01-01T00:00:00.000Z_1&antes=2026-01-01T00:00:00.000Z_2",
  ])("%s → 400 with a Spanish message, not 500", async (query) => {
    const response = await get(`/admin/bitacora?${query}`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("La dirección de esta página de la bitácora no es válida");
    expect(html).toContain('href="/admin/bitacora"');
    expect(html).not.toMatch(/SqliteError|at \w+ \(/);
  });

  test("a cursor is only for administrators, like the page", async () => {
    const response = await get("/admin/bitacora?antes=garbage", ana.cookie);
    expect(response.status).toBe(403);
  });
});

describe("every query of the Bitácora reads through an index", () => {
  test("no filter combination, page direction or probe scans audit_log or sorts it", async () => {
    await recordAudit(db, {
      actor: null,
      action: "page.publish_scheduled",
      entity: "content_page",
      entityId: pageId,
      after: { status: "publicada" },
    });
    const actors: AuditFilters["actor"][] = [undefined, ana.user.id, "cli"];
    const cursors: (AuditCursor | null)[] = [
      null,
      { direction: "older", createdAt: "2026-01-01T00:00:00.000Z", id: 5 },
      { direction: "newer", createdAt: "2024-01-01T00:00:00.000Z", id: 5 },
    ];
    let checked = 0;
    for (const actor of actors)
      for (const entity of [undefined, "content_page"])
        for (const action of [undefined, "page.update"])
          for (const [from, to] of [
            [undefined, undefined],
            ["2024-01-01", undefined],
            [undefined, "2026-12-31"],
            ["2024-01-01", "2026-12-31"],
          ])
            for (const cursor of cursors)
              for (const limit of [26, 1]) {
                const filters: AuditFilters = { actor, entity, action, from, to };
                const compiled = auditPageQuery(db, filters, cursor, limit).compile();
                const plan = await db.executeQuery<{ id: number; parent: number; detail: string }>(
                  CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
                );
                const details = plan.rows.map((row) => row.detail);
                const label = `${JSON.stringify(filters)} ${JSON.stringify(cursor)}: ${details.join(" | ")}`;
                // No full scan of the table, whatever the filters.
                expect(
                  details.filter((detail) => /^SCAN (audit_log|a)\b/.test(detail) && !/USING (COVERING )?INDEX/.test(detail)),
                  label,
                ).toEqual([]);
                // The ids come from one index that holds every equality filter (then created_at),
                // so the walk stops after the page: only the unfiltered log may walk created_at alone.
                const walk = details.find((detail) => /^(SEARCH|SCAN) audit_log /.test(detail)) ?? "";
                const wanted = [
                  actor !== undefined ? "actor_staff_id=?" : null,
                  action ? "action=?" : null,
                  entity && !(actor !== undefined && action) ? "entity=?" : null,
                ].filter((term): term is string => term !== null);
                for (const term of wanted) expect(walk, label).toContain(term);
                if (wanted.length === 0 && !from && !to && !cursor) expect(walk, label).toBe("SCAN audit_log USING COVERING INDEX audit_log_created");
                else expect(walk, label).toMatch(/^SEARCH audit_log USING (COVERING )?INDEX /);
                // Only the page's own few rows are sorted (the outer query), never the log.
                const sorts = plan.rows.filter((row) => /TEMP B-TREE/.test(row.detail) && row.parent !== 0);
                expect(sorts, label).toEqual([]);
                checked += 1;
              }
    expect(checked).toBe(3 * 2 * 2 * 4 * 3 * 2);
  });
});
