import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { zipSync } from "fflate";
import { Migrator, sql } from "kysely";
import { beforeAll, describe, expect, test } from "vitest";
import { checkFile } from "~/accounts/uploads.server";
import { db, openDatabase } from "~/db.server";
import {
  addDocumentGroup,
  fileNameForTitle,
  getCollectionForEditor,
  moveDocument,
  renameDocument,
  replaceDocumentFile,
  setDocumentRemoved,
  uploadDocument,
} from "~/documents/document-editor.server";
import { DOCUMENT_FILE_MESSAGES, DOCUMENT_FILE_RULE, DOCUMENT_MAX_BYTES } from "~/documents/document-forms.server";
import { getDocumentCollection } from "~/documents/documents.server";
import { loader as collectionPageLoader } from "~/documents/collection.route";
import { COLLECTION_INTROS_0025 } from "../../migrations/0025-collection-intros";
import { migrations } from "../../migrations/index";
import { buildDocx, buildPdf, buildXlsx } from "~/documents/file-builders.server";
import { detectOfficeDocument } from "~/files/office-documents";
import { getLibraryPanels, updateLibraryPanel } from "~/library/library-panels.server";
import { loader as fileLoader } from "~/routes/archivos.$fileId";
import { action as collectionAction, loader as collectionLoader } from "~/routes/admin.documentos.$collection";
import { action as panelAction } from "~/routes/admin.hemerobiblioteca.$panelId";
import type { StaffUser } from "~/staff/staff";
import { useSeededDatabase } from "../support/database";
import { createSignedInStaff } from "../factories";

let editor: StaffUser;
let editorCookie: string;
let teachingCookie: string;

beforeAll(async () => {
  await useSeededDatabase();
  const staff = await createSignedInStaff(db, "comunicacion");
  editor = staff.user;
  editorCookie = staff.cookie;
  teachingCookie = (await createSignedInStaff(db, "ensenanza")).cookie;
});

const content = { title: "Informe", issuer: "Subdirección de Recursos Financieros", paragraphs: ["Texto."], date: "2025-03-31" };
const pdf = () => buildPdf({ ...content, title: "Informe financiero" });
const NOW = new Date("2026-03-01T15:00:00Z");

/** A minimal OLE2 compound file whose directory holds one stream with this name (an .xls has "Workbook"). */
function compoundFile(streamName: string): Buffer {
  const sector = 512;
  const file = Buffer.alloc(sector * 3, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x3e, 24);
  file.writeUInt16LE(3, 26);
  file.writeUInt16LE(0xfffe, 28);
  file.writeUInt16LE(9, 30);
  file.writeUInt16LE(6, 32);
  file.writeUInt32LE(1, 44); // one FAT sector
  file.writeUInt32LE(1, 48); // the directory starts at sector 1
  file.writeUInt32LE(4096, 56);
  file.writeUInt32LE(0xfffffffe, 60);
  file.writeUInt32LE(0xfffffffe, 68);
  for (let i = 0; i < 109; i++) file.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 76 + i * 4);
  // Sector 0: the FAT (itself, then the end of the directory's chain).
  const fat = sector;
  file.fill(0xff, fat, fat + sector);
  file.writeUInt32LE(0xfffffffd, fat);
  file.writeUInt32LE(0xfffffffe, fat + 4);
  // Sector 1: the directory.
  const dir = sector * 2;
  const entry = (index: number, name: string, type: number) => {
    const at = dir + index * 128;
    Buffer.from(`${name}\0`, "utf16le").copy(file, at);
    file.writeUInt16LE((name.length + 1) * 2, at + 64);
    file[at + 66] = type;
  };
  entry(0, "Root Entry", 5);
  entry(1, streamName, 2);
  return file;
}

function exe(): Buffer {
  const bytes = Buffer.alloc(4096, 0);
  bytes.write("MZ", 0, "latin1");
  bytes.write("This program cannot be run in DOS mode.", 78, "latin1");
  return bytes;
}

describe("document types are read from the content", () => {
  test("PDF, DOCX, XLSX and XLS are recognised", () => {
    expect(detectOfficeDocument(pdf())?.extension).toBe("pdf");
    expect(detectOfficeDocument(buildDocx(content))?.extension).toBe("docx");
    expect(detectOfficeDocument(buildXlsx({ ...content, sheetName: "Hoja", columns: ["A"], rows: [["1"]] }))?.extension).toBe("xlsx");
    expect(detectOfficeDocument(compoundFile("Workbook"))).toEqual({ contentType: "application/vnd.ms-excel", extension: "xls" });
    expect(detectOfficeDocument(compoundFile("Book"))?.extension).toBe("xls");
  });

  test("anything else is refused, whatever its name: an EXE, a plain zip, a macro workbook, a .doc, text", () => {
    expect(detectOfficeDocument(exe())).toBeNull();
    expect(detectOfficeDocument(zipSync({ "a.txt": new TextEncoder().encode("hola") }))).toBeNull();
    const macro = zipSync({
      "[Content_Types].xml": new TextEncoder().encode(
        '<Types><Override PartName="/xl/workbook.xml" ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/></Types>',
      ),
    });
    expect(detectOfficeDocument(macro)).toBeNull();
    expect(detectOfficeDocument(compoundFile("WordDocument"))).toBeNull();
    expect(detectOfficeDocument(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBeNull();
    expect(detectOfficeDocument(Buffer.from("Esto no es un PDF", "utf8"))).toBeNull();
    // A truncated compound file cannot make the reader leave the buffer.
    expect(detectOfficeDocument(compoundFile("Workbook").subarray(0, 700))).toBeNull();
  });

  test("the upload rule refuses an EXE named .pdf, an empty file, an oversize file and hostile names, in Spanish", () => {
    expect(checkFile(DOCUMENT_FILE_RULE, "informe.pdf", exe())).toEqual({
      ok: false,
      status: 415,
      problem: { form: [DOCUMENT_FILE_MESSAGES.wrongType], fields: {}, code: "wrong-type" },
    });
    expect(checkFile(DOCUMENT_FILE_RULE, "informe.pdf", new Uint8Array(0))).toEqual({
      ok: false,
      status: 400,
      problem: { form: [DOCUMENT_FILE_MESSAGES.empty], fields: {}, code: "empty" },
    });
    const big = Buffer.concat([pdf(), Buffer.alloc(DOCUMENT_MAX_BYTES)]);
    expect(checkFile(DOCUMENT_FILE_RULE, "informe.pdf", big)).toEqual({
      ok: false,
      status: 413,
      problem: { form: [DOCUMENT_FILE_MESSAGES.tooLarge], fields: {}, code: "too-large" },
    });
    for (const name of ["../../etc/passwd", "..\\..\\boot.ini", "informe\u0000.pdf", "informe\u0007.pdf", "..", "dir/informe.pdf"]) {
      expect(checkFile(DOCUMENT_FILE_RULE, name, pdf()), name).toEqual({
        ok: false,
        status: 400,
        problem: { form: [DOCUMENT_FILE_MESSAGES.badName], fields: {}, code: "bad-name" },
      });
    }
    expect(checkFile(DOCUMENT_FILE_RULE, "Informe (2025).pdf", pdf()).ok).toBe(true);
  });
});

async function counts() {
  const count = async (table: "stored_files" | "document_items" | "document_groups" | "audit_log" | "document_file_history") =>
    Number((await db.selectFrom(table).select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  return {
    files: await count("stored_files"),
    items: await count("document_items"),
    groups: await count("document_groups"),
    audit: await count("audit_log"),
    history: await count("document_file_history"),
  };
}

async function groupId(collection: string, title: string): Promise<number> {
  return (
    await db.selectFrom("document_groups").select("id").where("collection_key", "=", collection).where("title", "=", title).executeTakeFirstOrThrow()
  ).id;
}

/** Calls the collection editor's action as the browser would post it (multipart when a file is attached). */
async function postCollection(
  cookie: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
  collection = "financial-accounting",
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) body.append("file", new File([new Uint8Array(file.bytes)], file.name, { type: "application/pdf" }));
  const request = new Request(`http://localhost/admin/documentos/${collection}`, { method: "POST", body, headers: { Cookie: cookie } });
  try {
    const result = (await collectionAction({
      request,
      params: { collection },
      context: { cspNonce: "", requestId: "t" },
    })) as unknown;
    if (result instanceof Response) return { status: result.status, data: null };
    const refused = result as { init: { status: number }; data: { result: { error?: Record<string, string[]> } } };
    return { status: refused.init.status, data: refused.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null };
    const refused = thrown as { init?: { status?: number } };
    return { status: refused.init?.status ?? 500, data: null };
  }
}

async function getFile(path: string) {
  const fileId = path.split("/")[2]!;
  try {
    return await fileLoader({ request: new Request(`http://localhost${path}`), params: { fileId }, context: { cspNonce: "", requestId: "t" } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function searchPaths(words: string) {
  return (await sql<{ path: string }>`SELECT path FROM search_index WHERE search_index MATCH ${words}`.execute(db)).rows.map((row) => row.path);
}

describe("the documents editor, through its action", () => {
  test("refusals answer 400 with the Spanish message and store nothing", async () => {
    const group = String(await groupId("financial-accounting", "2025"));
    const before = await counts();
    const cases = [
      { file: { name: "informe.pdf", bytes: exe() }, message: DOCUMENT_FILE_MESSAGES.wrongType, field: "file" },
      { file: { name: "informe.pdf", bytes: Buffer.alloc(0) }, message: DOCUMENT_FILE_MESSAGES.empty, field: "file" },
      { file: { name: "informe\u0007.pdf", bytes: pdf() }, message: DOCUMENT_FILE_MESSAGES.badName, field: "file" },
      { file: { name: "informe\u001b[31m.pdf", bytes: pdf() }, message: DOCUMENT_FILE_MESSAGES.badName, field: "file" },
      {
        file: { name: "informe.pdf", bytes: pdf() },
        title: "Informe\u0007 con campana",
        message: "caracteres invisibles o de control",
        field: "title",
      },
      { file: undefined, message: DOCUMENT_FILE_MESSAGES.missing, field: "file" },
    ];
    for (const c of cases) {
      const outcome = await postCollection(editorCookie, { intent: "upload", groupId: group, title: c.title ?? "Informe de prueba" }, c.file);
      expect(outcome.status, c.message).toBe(400);
      expect(outcome.data?.result.error?.[c.field]?.join(" ")).toContain(c.message);
    }
    // A group of another collection is not this collection's.
    const other = String(await groupId("yearbooks", "Anuarios estadísticos 2007–2024"));
    const foreign = await postCollection(editorCookie, { intent: "upload", groupId: other, title: "Informe" }, { name: "a.pdf", bytes: pdf() });
    expect(foreign.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  test("an ensenanza member is refused (403) on the loader and the action, and nothing changes", async () => {
    const before = await counts();
    const outcome = await postCollection(teachingCookie, { intent: "add-group", title: "2030", place: "inicio" });
    expect(outcome.status).toBe(403);
    await expect(
      collectionLoader({
        request: new Request("http://localhost/admin/documentos/financial-accounting", { headers: { Cookie: teachingCookie } }),
        params: { collection: "financial-accounting" },
        context: { cspNonce: "", requestId: "t" },
      }),
    ).rejects.toMatchObject({ init: { status: 403 } });
    expect(await counts()).toEqual(before);
  });

  test("a path in the uploaded name never reaches storage: the parser keeps its base name, and the stored name comes from the title", async () => {
    const group = String(await groupId("financial-accounting", "2024"));
    const outcome = await postCollection(
      editorCookie,
      { intent: "upload", groupId: group, title: "../../etc/passwd" },
      { name: "../../etc/passwd", bytes: pdf() },
    );
    expect(outcome.status).toBe(303);
    const file = await db
      .selectFrom("document_items")
      .innerJoin("stored_files", "stored_files.id", "document_items.file_id")
      .select(["stored_files.file_name", "document_items.title"])
      .where("document_items.title", "=", "../../etc/passwd")
      .executeTakeFirstOrThrow();
    expect(file.file_name).toBe("etc passwd.pdf");
    expect(fileNameForTitle("..\\..\\boot.ini\u0000", "pdf")).toBe("boot.ini.pdf");
  });

  test("an upload stores the file under a name made from the title (never the uploaded name) and shows it publicly", async () => {
    const group = String(await groupId("financial-accounting", "2025"));
    const outcome = await postCollection(
      editorCookie,
      { intent: "upload", groupId: group, title: "Estado analítico del activo (marzo 2025)" },
      { name: "C:\\fakepath\\x.pdf".split("\\").pop()!, bytes: pdf() },
    );
    expect(outcome.status).toBe(303);
    const collection = await getDocumentCollection(db, "financial-accounting");
    const link = collection!.groups.find((g) => g.title === "2025")!.items.find((item) => item.title === "Estado analítico del activo (marzo 2025)")!;
    expect(link.href).toMatch(/^\/archivos\/[0-9a-f-]{36}\/Estado%20anal%C3%ADtico%20del%20activo%20\(marzo%202025\)\.pdf$/);
    const response = await getFile(link.href);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf())).toBe(true);
    expect(await searchPaths('"analítico" "marzo"')).toContain(decodeURIComponent(link.href));
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "document.upload")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.actor_email).toBe(editor.email);
  });
});

describe("deleting a year or group", () => {
  test("an empty group is deleted and audited; one with documents (even only removed ones) is refused with 409 and kept", async () => {
    const added = await postCollection(editorCookie, { intent: "add-group", title: "2031", place: "final" });
    expect(added.status).toBe(303);
    const empty = String(await groupId("financial-accounting", "2031"));

    const teaching = await postCollection(teachingCookie, { intent: "delete-group", groupId: empty });
    expect(teaching.status).toBe(403);

    const full = String(await groupId("financial-accounting", "2025"));
    const before = await counts();
    const refused = await postCollection(editorCookie, { intent: "delete-group", groupId: full });
    expect(refused.status).toBe(409);
    expect(refused.data?.result.error?.[""]?.join(" ")).toMatch(/No se puede eliminar «2025»: tiene \d+ documentos? publicados?/);
    for (const bad of ["", "abc", "1e3", "-1", "7\u0000"]) {
      expect((await postCollection(editorCookie, { intent: "delete-group", groupId: bad })).status, bad).toBe(400);
    }
    // Another collection's group is not found here.
    const foreign = String(await groupId("yearbooks", "Anuarios estadísticos 2007–2024"));
    expect((await postCollection(editorCookie, { intent: "delete-group", groupId: foreign })).status).toBe(404);
    expect(await counts()).toEqual(before);

    // A group whose only document was removed keeps it in the history: refused too.
    await postCollection(editorCookie, { intent: "add-group", title: "2032", place: "final" });
    const withRemoved = await groupId("financial-accounting", "2032");
    const upload = await uploadDocument(
      db,
      "financial-accounting",
      { groupId: withRemoved, title: "Retirado", file: { contentType: "application/pdf", data: pdf() } as never },
      editor,
      null,
    );
    expect(upload.ok).toBe(true);
    await setDocumentRemoved(db, "financial-accounting", upload.itemId!, true, editor, null, NOW);
    const kept = await postCollection(editorCookie, { intent: "delete-group", groupId: String(withRemoved) });
    expect(kept.status).toBe(409);
    expect(kept.data?.result.error?.[""]?.join(" ")).toMatch(/retirado que se conserva en el historial/);

    const deleted = await postCollection(editorCookie, { intent: "delete-group", groupId: empty });
    expect(deleted.status).toBe(303);
    expect(await db.selectFrom("document_groups").select("id").where("id", "=", Number(empty)).executeTakeFirst()).toBeUndefined();
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "document_group.delete")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.entity_id).toBe(empty);
    expect(JSON.parse(audit.before_json!)).toEqual({ collection: "financial-accounting", title: "2031" });
  });
});

describe("collection introductions", () => {
  test("migration 0025 writes the texts into a database that already has the collections; the table caps their length", async () => {
    const file = path.join(os.tmpdir(), `himfg-0025-${crypto.randomUUID()}.db`);
    const old = openDatabase(file);
    try {
      const migrator = new Migrator({ db: old, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("0024-department-page-editor")).error).toBeUndefined();
      await sql`INSERT INTO document_collections (key, title) VALUES ('yearbooks', 'Anuarios'), ('financial-accounting', 'Contable')`.execute(old);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await sql<{ key: string; intro: string | null }>`SELECT key, intro FROM document_collections ORDER BY key`.execute(old);
      expect(rows.rows).toEqual([
        { key: "financial-accounting", intro: null },
        { key: "yearbooks", intro: COLLECTION_INTROS_0025.yearbooks },
      ]);
      await expect(sql`UPDATE document_collections SET intro = ${"x".repeat(5001)} WHERE key = 'yearbooks'`.execute(old)).rejects.toThrow(/CHECK/);
    } finally {
      await old.destroy();
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    }
  });

  async function publicPage(path: string) {
    return collectionPageLoader({ request: new Request(`http://localhost${path}`), params: {}, context: { cspNonce: "", requestId: "t" } });
  }
  async function version() {
    return (await db.selectFrom("content_version").select("version").executeTakeFirstOrThrow()).version;
  }

  test("the pages show the texts the code had, as one paragraph each", async () => {
    for (const [path, key] of [
      ["/anuarios-estadisticos", "yearbooks"],
      ["/organizacion-de-archivos", "archives"],
      ["/adquisiciones", "procurement"],
    ] as const) {
      const { collection } = await publicPage(path);
      expect(collection.intro?.__html.trim()).toBe(`<p>${COLLECTION_INTROS_0025[key]}</p>`);
    }
    expect((await getDocumentCollection(db, "financial-accounting"))!.intro).toBeNull();
  });

  test("an edit is sanitised, shown at once (the page cache follows) and audited; refusals store nothing", async () => {
    const before = await counts();
    const cases = [
      { intro: "", message: "Escriba la introducción" },
      { intro: "Texto con \u0007 campana", message: "caracteres invisibles o de control" },
      { intro: "x".repeat(5001), message: "más de 5000 caracteres" },
    ];
    for (const c of cases) {
      const outcome = await postCollection(editorCookie, { intent: "intro", intro: c.intro }, undefined, "yearbooks");
      expect(outcome.status, c.message).toBe(400);
      expect(outcome.data?.result.error?.intro?.join(" ")).toContain(c.message);
    }
    expect((await postCollection(teachingCookie, { intent: "intro", intro: "Hola" }, undefined, "yearbooks")).status).toBe(403);
    // A collection whose page shows no introduction has none to edit.
    expect((await postCollection(editorCookie, { intent: "intro", intro: "Hola" })).status).toBe(400);
    expect(await counts()).toEqual(before);

    const start = await version();
    const text = "Las cifras **anuales** del hospital. [Consulte](javascript:alert(1)) <script>alert(1)</script>";
    const saved = await postCollection(editorCookie, { intent: "intro", intro: text }, undefined, "yearbooks");
    expect(saved.status).toBe(303);
    expect(await version()).toBeGreaterThan(start);
    const html = (await publicPage("/anuarios-estadisticos")).collection.intro!.__html;
    expect(html).toContain("<strong>anuales</strong>");
    expect(html).not.toMatch(/<script|javascript:/);
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "document_collection.intro")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.entity_id).toBe("yearbooks");
    expect(JSON.parse(audit.before_json!)).toEqual({ intro: COLLECTION_INTROS_0025.yearbooks });
    expect((await getCollectionForEditor(db, "yearbooks"))!.intro).toBe(text);
  });
});

describe("the documents editor, domain functions", () => {
  test("add a year, upload, rename, reorder, replace (the old URL answers with the new file), remove and restore", async () => {
    expect((await addDocumentGroup(db, "financial-budget", { title: "2026", place: "inicio" }, editor, null)).ok).toBe(true);
    const clash = await addDocumentGroup(db, "financial-budget", { title: "2026", place: "final" }, editor, null);
    expect(clash).toMatchObject({ ok: false, status: 400 });
    const editorView = await getCollectionForEditor(db, "financial-budget");
    expect(editorView!.groups[0]!.title).toBe("2026");
    const group = editorView!.groups[0]!.id;

    const file = (bytes: Buffer) => {
      const check = checkFile(DOCUMENT_FILE_RULE, "informe.pdf", bytes);
      if (!check.ok) throw new Error(check.problem.form.join(" "));
      return check.file;
    };
    const first = await uploadDocument(db, "financial-budget", { groupId: group, title: "Primero", file: file(pdf()) }, editor, null);
    const second = await uploadDocument(
      db,
      "financial-budget",
      { groupId: group, title: "Segundo", file: file(buildXlsx({ ...content, sheetName: "H", columns: ["A"], rows: [["1"]] })) },
      editor,
      null,
    );
    expect(first.ok && second.ok).toBe(true);
    const firstId = first.itemId!;
    const titles = async () => (await getDocumentCollection(db, "financial-budget"))!.groups[0]!.items.map((item) => item.title);
    expect(await titles()).toEqual(["Primero", "Segundo"]);
    await moveDocument(db, "financial-budget", { id: firstId, direction: "bajar" }, editor, null);
    expect(await titles()).toEqual(["Segundo", "Primero"]);

    expect((await renameDocument(db, "financial-budget", firstId, { title: "Primero renombrado" }, editor, null)).ok).toBe(true);
    expect(await searchPaths('"renombrado"')).toHaveLength(1);

    const oldHref = (await getDocumentCollection(db, "financial-budget"))!.groups[0]!.items.find((i) => i.id === firstId)!.href;
    const replacement = buildPdf({ ...content, title: "Versión corregida" });
    expect((await replaceDocumentFile(db, "financial-budget", firstId, { file: file(replacement) }, editor, null, NOW)).ok).toBe(true);
    const newHref = (await getDocumentCollection(db, "financial-budget"))!.groups[0]!.items.find((i) => i.id === firstId)!.href;
    expect(newHref).not.toBe(oldHref);
    for (const href of [oldHref, newHref]) {
      const response = await getFile(href);
      expect(response.status, href).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(replacement), href).toBe(true);
      // The answer may change again: browsers revalidate instead of keeping a copy for a year.
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    }
    // A replacement of a replacement: the first URL still follows the document.
    const third = buildPdf({ ...content, title: "Tercera versión" });
    await replaceDocumentFile(db, "financial-budget", firstId, { file: file(third) }, editor, null, NOW);
    expect(Buffer.from(await (await getFile(oldHref)).arrayBuffer()).equals(third)).toBe(true);
    // History is append-only.
    await expect(sql`DELETE FROM document_file_history`.execute(db)).rejects.toThrow(/append-only/);

    expect((await setDocumentRemoved(db, "financial-budget", firstId, true, editor, null, NOW)).ok).toBe(true);
    expect(await titles()).toEqual(["Segundo"]);
    expect((await getFile(oldHref)).status).toBe(404);
    expect((await getFile(newHref)).status).toBe(404);
    expect(await searchPaths('"renombrado"')).toHaveLength(0);
    const kept = await getCollectionForEditor(db, "financial-budget");
    expect(kept!.groups[0]!.documents.find((d) => d.id === firstId)?.removedAt).toBe(NOW.toISOString());

    expect((await setDocumentRemoved(db, "financial-budget", firstId, false, editor, null, NOW)).ok).toBe(true);
    expect(await titles()).toEqual(["Segundo", "Primero renombrado"]);
    expect((await getFile(oldHref)).status).toBe(200);

    const actions = (await db.selectFrom("audit_log").select("action").where("entity", "in", ["document_item", "document_group"]).execute()).map(
      (row) => row.action,
    );
    for (const action of [
      "document_group.create",
      "document.upload",
      "document.move",
      "document.rename",
      "document.replace_file",
      "document.remove",
      "document.restore",
    ]) {
      expect(actions).toContain(action);
    }
  });

  test("files that are not documents keep their year-long caching", async () => {
    const banner = await db.selectFrom("banners").select("image_file_id").executeTakeFirst();
    if (!banner) return;
    const response = await getFile(`/archivos/${banner.image_file_id}`);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("the library panels", () => {
  test("an edit is shown and found by the search at once; script and javascript: links are inert", async () => {
    const before = (await getLibraryPanels(db)).find((p) => p.id === "servicios")!;
    const body = [
      "## Horario especial",
      "Durante la **jornada de zarzaparrilla** la sala abre a las 7:00.",
      "",
      '<script>alert("x")</script>',
      "",
      '[Abrir](javascript:alert(1)) y <a href="javascript:alert(2)" onclick="alert(3)">otro</a>',
    ].join("\n");
    const outcome = await updateLibraryPanel(db, "servicios", { label: "Servicios", body }, editor, "req-1", NOW);
    expect(outcome.ok).toBe(true);
    const after = (await getLibraryPanels(db)).find((p) => p.id === "servicios")!;
    expect(after.html.__html).toContain("<h3>Horario especial</h3>");
    expect(after.html.__html).toContain("<strong>jornada de zarzaparrilla</strong>");
    expect(after.html.__html).not.toMatch(/<script|javascript:|onclick/i);
    expect(after.html.__html).not.toBe(before.html.__html);
    expect(await searchPaths('"zarzaparrilla"')).toEqual(["/hemerobiblioteca?panel=servicios"]);
    const audit = await db.selectFrom("audit_log").selectAll().where("action", "=", "library_panel.update").executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toMatchObject({ body });
    expect(audit.entity_id).toBe("servicios");
  });

  test("the action previews without storing, refuses control characters with 400, and refuses another role with 403", async () => {
    const post = async (cookie: string, fields: Record<string, string>) => {
      const request = new Request("http://localhost/admin/hemerobiblioteca/contacto", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      });
      try {
        const result = (await panelAction({ request, params: { panelId: "contacto" }, context: { cspNonce: "", requestId: "t" } })) as unknown;
        if (result instanceof Response) return { status: result.status, data: null };
        const answered = result as {
          init: { status: number };
          data: { preview: { body: { __html: string } } | null; result: { error?: Record<string, string[]> } };
        };
        return { status: answered.init.status, data: answered.data };
      } catch (thrown) {
        return { status: (thrown as { init?: { status?: number }; status?: number }).init?.status ?? (thrown as Response).status, data: null };
      }
    };
    const stored = async () => (await db.selectFrom("library_panels").select("body").where("id", "=", "contacto").executeTakeFirstOrThrow()).body;
    const original = await stored();
    const preview = await post(editorCookie, { intent: "preview", label: "Contacto", body: "Texto **nuevo** <script>x()</script>" });
    expect(preview.status).toBe(200);
    expect(preview.data!.preview!.body.__html.trim()).toBe("<p>Texto <strong>nuevo</strong> </p>");
    expect(await stored()).toBe(original);
    const bad = await post(editorCookie, { intent: "save", label: "Contacto\u0000", body: "Texto\u0007" });
    expect(bad.status).toBe(400);
    expect(bad.data!.result.error?.label?.[0]).toMatch(/caracteres invisibles o de control/);
    expect(bad.data!.result.error?.body?.[0]).toMatch(/caracteres invisibles o de control/);
    expect((await post(teachingCookie, { intent: "save", label: "Contacto", body: "Hackeado" })).status).toBe(403);
    expect(await stored()).toBe(original);
    expect((await post(editorCookie, { intent: "save", label: "Contacto", body: "Nuevo teléfono: 55 5555 5555" })).status).toBe(303);
    expect(await stored()).toBe("Nuevo teléfono: 55 5555 5555");
  });
});
