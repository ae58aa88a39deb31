import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import vnuJar from "vnu-jar";
import { db } from "~/db.server";
import { buildPdf } from "~/documents/file-builders.server";
import { DOCUMENT_FILE_MESSAGES } from "~/documents/document-forms.server";
import { startTestServer } from "../support/test-server";
import { useSeededDatabase } from "../support/database";
import { createSignedInStaff } from "../factories";

/**
 * The documents and library editors through the whole HTTP stack (the real Express app and Remix
 * build: `npm run build` first): a multipart upload past the forgery guard, an oversize body, and
 * the editor pages through the Nu HTML validator (skipped without Java, like html-validity).
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let cookie: string;

beforeAll(async () => {
  await useSeededDatabase();
  cookie = (await createSignedInStaff(db, "comunicacion")).cookie;
  server = await startTestServer();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const javaAvailable = (() => {
  try {
    execFileSync("java", ["-version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

async function upload(body: FormData | Blob, headers: Record<string, string> = {}) {
  return fetch(`${server.baseUrl}/admin/documentos/yearbooks`, {
    method: "POST",
    body,
    headers: { Cookie: cookie, Origin: server.baseUrl, ...headers },
    redirect: "manual",
  });
}

const countItems = async () => Number((await db.selectFrom("document_items").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

describe("documents editor over HTTP", () => {
  test("a multipart upload publishes the document; a forged cross-site post is refused", async () => {
    const group = await db.selectFrom("document_groups").select("id").where("collection_key", "=", "yearbooks").executeTakeFirstOrThrow();
    const form = () => {
      const body = new FormData();
      body.append("intent", "upload");
      body.append("groupId", String(group.id));
      body.append("title", "Anuario estadístico 2025");
      body.append(
        "file",
        new File([new Uint8Array(buildPdf({ title: "Anuario 2025", issuer: "HIMFG", paragraphs: ["x"], date: "2025-12-31" }))], "anuario.pdf"),
      );
      return body;
    };
    const before = await countItems();
    const forged = await upload(form(), { Origin: "https://otro-sitio.example" });
    expect(forged.status).toBe(403);
    expect(await countItems()).toBe(before);
    const response = await upload(form());
    expect(response.status).toBe(303);
    expect(await countItems()).toBe(before + 1);
    const page = await (await fetch(`${server.baseUrl}/anuarios-estadisticos`)).text();
    expect(page).toContain("Anuario estadístico 2025");
  });

  test("a body over the limit is refused unread with 413 and the Spanish message; nothing is stored", async () => {
    const before = await countItems();
    const boundary = "----limite";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="grande.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
    const body = new Blob([head, new Uint8Array(21_000_000), `\r\n--${boundary}--\r\n`]);
    const response = await upload(body, { "Content-Type": `multipart/form-data; boundary=${boundary}` });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain(DOCUMENT_FILE_MESSAGES.tooLarge.slice(0, 40));
    expect(await countItems()).toBe(before);
  });

  test.skipIf(!javaAvailable)("the editor pages are valid HTML", { timeout: 120_000 }, async () => {
    const item = await db
      .selectFrom("document_items")
      .innerJoin("document_groups", "document_groups.id", "document_items.group_id")
      .select("document_items.id")
      .where("document_groups.collection_key", "=", "yearbooks")
      .executeTakeFirstOrThrow();
    const pages = [
      "/admin/documentos",
      "/admin/documentos/yearbooks",
      `/admin/documentos/yearbooks/${item.id}`,
      "/admin/hemerobiblioteca",
      "/admin/hemerobiblioteca/reglamento",
    ];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-vnu-editor-"));
    const files: string[] = [];
    for (const [index, page] of pages.entries()) {
      const response = await fetch(`${server.baseUrl}${page}`, { headers: { Cookie: cookie } });
      expect(response.status, page).toBe(200);
      const file = path.join(dir, `${index}.html`);
      fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
      files.push(file);
    }
    const output = await new Promise<string>((resolve) => {
      execFile(
        "java",
        ["-jar", String(vnuJar), "--format", "json", "--errors-only", ...files],
        { maxBuffer: 16 * 1024 * 1024 },
        (_e, stdout, stderr) => resolve(stderr || stdout),
      );
    });
    const errors = (JSON.parse(output) as { messages: { type: string; url: string; message: string; extract?: string }[] }).messages
      .filter((m) => m.type === "error")
      .map((m) => `${pages[files.indexOf(new URL(m.url).pathname)] ?? m.url}: ${m.message} ${JSON.stringify(m.extract ?? "")}`);
    expect(errors).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
