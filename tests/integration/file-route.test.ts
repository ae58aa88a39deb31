import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { contentDisposition } from "~/files/serve-file.server";
import { storeFile } from "~/files/files.server";
import { loader as namedLoader } from "~/routes/archivos.$fileId.$fileName";
import { loader } from "~/routes/archivos.$fileId";

let pdfId: string;
let xlsxId: string;
let svgId: string;
const pdfBytes = Buffer.from("%PDF-1.4\n% prueba\n%%EOF\n", "latin1");

beforeAll(async () => {
  pdfId = await storeFile(
    db,
    { fileName: "Estado de Situación Financiera (diciembre) 2024.pdf", contentType: "application/pdf", data: pdfBytes },
    "public",
  );
  xlsxId = await storeFile(
    db,
    {
      fileName: "Programa anual de adquisiciones 2025.xlsx",
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      data: Buffer.from("PK\u0003\u0004"),
    },
    "public",
  );
  svgId = await storeFile(
    db,
    { fileName: "obra.svg", contentType: "image/svg+xml", data: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") },
    "public",
  );
});

async function get(path: string, params: Record<string, string>, headers: Record<string, string> = {}, useNamed = false) {
  const request = new Request(`http://localhost${path}`, { headers });
  const args = { request, params, context: { cspNonce: "", requestId: "test" } };
  try {
    return await (useNamed ? namedLoader : loader)(args);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("GET /archivos/:id", () => {
  test("never serves a private file (a participant's ID card), whatever the path", async () => {
    const privateId = await storeFile(db, { fileName: "credencial.pdf", contentType: "application/pdf", data: pdfBytes }, "private");
    expect((await get(`/archivos/${privateId}`, { fileId: privateId })).status).toBe(404);
    const named = await get(`/archivos/${privateId}/credencial.pdf`, { fileId: privateId, fileName: "credencial.pdf" }, {}, true);
    expect(named.status).toBe(404);
  });

  test("serves a stored PDF with its type, a readable Spanish name, caching and nosniff", async () => {
    const response = await get(`/archivos/${pdfId}`, { fileId: pdfId });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      `inline; filename="Estado de Situacion Financiera (diciembre) 2024.pdf"; filename*=UTF-8''Estado%20de%20Situaci%C3%B3n%20Financiera%20%28diciembre%29%202024.pdf`,
    );
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("ETag")).toMatch(/^"[0-9a-f]{64}"$/);
    expect(response.headers.get("Content-Length")).toBe(String(pdfBytes.byteLength));
    expect(Buffer.from(await response.arrayBuffer()).equals(pdfBytes)).toBe(true);
  });

  test("answers 304 without a body when the ETag matches (also weak and in a list)", async () => {
    const first = await get(`/archivos/${pdfId}`, { fileId: pdfId });
    const etag = first.headers.get("ETag")!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"otro", ${etag}`]) {
      const response = await get(`/archivos/${pdfId}`, { fileId: pdfId }, { "If-None-Match": ifNoneMatch });
      expect(response.status).toBe(304);
      expect(response.body).toBeNull();
      expect(response.headers.get("ETag")).toBe(etag);
      expect(response.headers.get("Cache-Control")).toContain("max-age=31536000");
    }
    const changed = await get(`/archivos/${pdfId}`, { fileId: pdfId }, { "If-None-Match": '"otro"' });
    expect(changed.status).toBe(200);
  });

  test("offers office files as downloads and sandboxes anything a browser could run", async () => {
    const xlsx = await get(`/archivos/${xlsxId}`, { fileId: xlsxId });
    expect(xlsx.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(xlsx.headers.get("Content-Disposition")).toMatch(/^attachment; filename="Programa anual de adquisiciones 2025.xlsx"; filename\*=UTF-8''/);
    const svg = await get(`/archivos/${svgId}`, { fileId: svgId });
    expect(svg.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(svg.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(svg.headers.get("Content-Disposition")).toMatch(/^inline;/);
  });

  test("/archivos/:id/:name serves the same file", async () => {
    const response = await get(`/archivos/${pdfId}/Estado.pdf`, { fileId: pdfId, fileName: "Estado.pdf" }, {}, true);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(pdfBytes)).toBe(true);
  });

  test("unknown or malformed ids are a Spanish 404", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "../../etc/passwd", "1"]) {
      const response = await get(`/archivos/${encodeURIComponent(id)}`, { fileId: id });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("No encontramos esta página");
    }
  });
});

describe("Content-Disposition", () => {
  test("keeps an ASCII fallback free of quotes and encodes RFC 5987 reserved characters", () => {
    expect(contentDisposition('Año "2024" *final*.docx', "attachment")).toBe(
      `attachment; filename="Ano _2024_ *final*.docx"; filename*=UTF-8''A%C3%B1o%20%222024%22%20%2Afinal%2A.docx`,
    );
  });
});
