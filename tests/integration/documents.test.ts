import { unzipSync, strFromU8 } from "fflate";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { buildPdf } from "~/documents/file-builders.server";
import { FINANCIAL_COLLECTION_KEYS, getDocumentCollection, getDocumentCollections } from "~/documents/documents.server";
import { formatFileSize } from "~/files/file-types";
import { storeFile } from "~/files/files.server";
import { useSeededDatabase } from "../support/database";

beforeAll(async () => {
  await useSeededDatabase();
});

/** Every "n" entry of the cross-reference table must point at the start of its object. */
function expectConsistentXref(pdf: Buffer) {
  const text = pdf.toString("latin1");
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n?$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe("xref");
  const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
  expect(entries.length).toBeGreaterThan(0);
  entries.forEach((offset, index) => expect(text.slice(offset, offset + 12)).toMatch(new RegExp(`^${index + 1} 0 obj`)));
}

async function expectValidFile(file: { content_type: string; data: Buffer; file_name: string; byte_size: number }) {
  expect(file.data.byteLength).toBe(file.byte_size);
  switch (file.content_type) {
    case "application/pdf": {
      expect(file.data.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(file.file_name).toMatch(/\.pdf$/);
      expectConsistentXref(file.data);
      const pdf = await PDFDocument.load(file.data, { updateMetadata: false, throwOnInvalidObject: true });
      expect(pdf.getPageCount()).toBe(1);
      expect(pdf.getAuthor()).toBe("Hospital Infantil de México Federico Gómez");
      return pdf.getTitle();
    }
    case "application/vnd.openxmlformats-officedocument.wordprocessingml.document": {
      expect(file.file_name).toMatch(/\.docx$/);
      const parts = unzipSync(new Uint8Array(file.data));
      expect(strFromU8(parts["[Content_Types].xml"]!)).toContain("/word/document.xml");
      expect(strFromU8(parts["word/document.xml"]!)).toMatch(/^<\?xml[\s\S]*<w:document[\s\S]*<\/w:document>$/);
      return /<dc:title>([^<]*)<\/dc:title>/.exec(strFromU8(parts["docProps/core.xml"]!))?.[1];
    }
    case "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
      expect(file.file_name).toMatch(/\.xlsx$/);
      const parts = unzipSync(new Uint8Array(file.data));
      expect(strFromU8(parts["[Content_Types].xml"]!)).toContain("/xl/workbook.xml");
      expect(strFromU8(parts["xl/workbook.xml"]!)).toContain('r:id="rId1"');
      expect(strFromU8(parts["xl/worksheets/sheet1.xml"]!)).toMatch(/<sheetData>[\s\S]*<row r="1">/);
      return /<dc:title>([^<]*)<\/dc:title>/.exec(strFromU8(parts["docProps/core.xml"]!))?.[1];
    }
    default:
      throw new Error(`unexpected document type ${file.content_type}`);
  }
}

describe("document collections", () => {
  test("financial transparency has the five groups of the seed, with documents per year", async () => {
    const collections = await getDocumentCollections(db, FINANCIAL_COLLECTION_KEYS);
    expect(collections.map((c) => c.title)).toEqual([
      "Información contable",
      "Información presupuestaria",
      "Información programática",
      "Normas del título V de la Ley General de Contabilidad Gubernamental",
      "Inventario de bienes muebles e inmuebles",
    ]);
    const accounting = collections[0]!;
    expect(accounting.groups.map((g) => g.title).slice(0, 3)).toEqual(["2025", "2024", "2024 (primer y segundo trimestre)"]);
    for (const collection of collections) {
      expect(collection.groups.length).toBeGreaterThan(0);
      for (const group of collection.groups) expect(group.items.length).toBeGreaterThan(0);
    }
    const inventoryTypes = new Set(collections[4]!.groups.flatMap((g) => g.items.map((i) => i.details.split(",")[0])));
    expect(inventoryTypes).toEqual(new Set(["PDF", "XLSX"]));
    expect(collections[3]!.groups[0]!.items[0]!.details).toMatch(/^DOCX, \d+ kB$/);
  });

  test("procurement has four groups: two empty that say so, two with one link each", async () => {
    const procurement = await getDocumentCollection(db, "procurement");
    expect(procurement!.groups.map((g) => [g.title, g.items.length])).toEqual([
      ["Licitaciones", 0],
      ["Invitaciones", 0],
      ["Informe de Gestión Gubernamental del HIMFG", 1],
      ["Programas anuales de adquisiciones, arrendamientos y servicios", 1],
    ]);
    expect(procurement!.groups[0]!.emptyMessage).toMatch(/No hay licitaciones/);
    expect(procurement!.groups[1]!.emptyMessage).toMatch(/No hay invitaciones/);
    expect(procurement!.groups[3]!.items[0]!).toMatchObject({ download: true, details: expect.stringMatching(/^XLSX, /) });
  });

  test("yearbooks are 18 links, one per year from 2024 back to 2007", async () => {
    const yearbooks = await getDocumentCollection(db, "yearbooks");
    const items = yearbooks!.groups.flatMap((g) => g.items);
    expect(items.map((i) => Number(/\d{4}/.exec(i.title)![0]))).toEqual(Array.from({ length: 18 }, (_, i) => 2024 - i));
    for (const item of items) {
      expect(item.href).toMatch(/^\/archivos\/[0-9a-f-]{36}\/Anuario%20estad%C3%ADstico%20\d{4}\.pdf$/);
      expect(item.details).toMatch(/^PDF, \d+ kB$/);
    }
  });

  test("an unknown collection is null; the other engineer's collections exist", async () => {
    expect(await getDocumentCollection(db, "no-such-collection")).toBeNull();
    for (const key of ["research-calls", "general-direction", "archives", "transparency-portal"]) {
      expect((await getDocumentCollection(db, key))?.groups.length).toBeGreaterThan(0);
    }
  });

  test("every seeded document is a valid file whose metadata carries its title", async () => {
    const rows = await db
      .selectFrom("document_items")
      .innerJoin("stored_files", "stored_files.id", "document_items.file_id")
      .select(["document_items.title", "stored_files.content_type", "stored_files.data", "stored_files.file_name", "stored_files.byte_size"])
      .execute();
    expect(rows.length).toBeGreaterThan(250);
    const types = new Set<string>();
    for (const row of rows) {
      types.add(row.content_type);
      expect(await expectValidFile(row)).toBe(row.title);
    }
    expect(types.size).toBe(3);
  });

  test("a PDF with characters outside Latin-1 and PDF delimiters still parses", async () => {
    const pdf = buildPdf({ title: "Informe (final) \\ «2024» — 100 € ✓", issuer: "Prueba", paragraphs: ["a".repeat(5000)], date: "2024-01-01" });
    expectConsistentXref(pdf);
    const parsed = await PDFDocument.load(pdf, { throwOnInvalidObject: true });
    expect(parsed.getTitle()).toBe("Informe (final) \\ «2024» — 100 € ✓");
  });

  test("the database refuses an item with both a file and an external URL, or with neither", async () => {
    const group = await db.selectFrom("document_groups").select("id").executeTakeFirstOrThrow();
    const fileId = await storeFile(db, { fileName: "x.pdf", contentType: "application/pdf", data: Buffer.from("%PDF-1.4") }, "public");
    await expect(
      db.insertInto("document_items").values({ group_id: group.id, title: "Ambos", file_id: fileId, external_url: "https://example.org" }).execute(),
    ).rejects.toThrow(/CHECK/);
    await expect(db.insertInto("document_items").values({ group_id: group.id, title: "Ninguno" }).execute()).rejects.toThrow(/CHECK/);
    await expect(
      db.insertInto("document_items").values({ group_id: group.id, title: "Script", external_url: "javascript:alert(1)" }).execute(),
    ).rejects.toThrow(/CHECK/);
  });
});

describe("file sizes", () => {
  test("are shown in es-MX decimal units", () => {
    expect(formatFileSize(24_300)).toBe("24 kB");
    expect(formatFileSize(120)).toBe("1 kB");
    expect(formatFileSize(1_250_000)).toBe("1.3 MB");
  });
});
