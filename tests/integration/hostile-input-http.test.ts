import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { INVALID_RESET_LINK } from "~/accounts/account-options";
import { createPage } from "~/content/page-editor.server";
import { db } from "~/db.server";
import { findValidSetupToken, inviteStaff } from "~/staff/staff-members.server";
import type { StaffUser } from "~/staff/staff";
import { samplePdf } from "../support/sample-files";
import { useSeededDatabase } from "../support/database";
import { startTestServer } from "../support/test-server";
import { createSignedInStaff } from "../factories";

// Issue 20, hostile input, against the real Express app and Remix build (`npm run build` first),
// as the demo that `npm start` runs: NODE_ENV=production, no PUBLIC_URL.
let baseUrl = "";
let port = 0;
let close: () => Promise<void>;
let editorCookie = "";
let editor: StaffUser;

beforeAll(async () => {
  delete process.env.PUBLIC_URL;
  delete process.env.DEMO_MODE;
  await useSeededDatabase();
  ({ baseUrl, port, close } = await startTestServer());
  const staff = await createSignedInStaff(db, "comunicacion");
  editorCookie = staff.cookie;
  editor = staff.user;
});

afterAll(async () => close?.());

beforeEach(async () => {
  await db.deleteFrom("throttle_attempts").execute();
});

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/**
 * A POST whose body is written in `chunkSize` pieces; with `chunked` there is no Content-Length.
 * Resolves with the status (and how long it took) as soon as the answer's head arrives: the
 * server may close the connection without reading the rest of what it refused.
 */
function post(pathName: string, body: Buffer, options: { chunked?: boolean; chunkSize?: number } = {}) {
  const started = Date.now();
  return new Promise<{ status: number; ms: number; body: string }>((resolve, reject) => {
    const headers: Record<string, string> = { ...FORM, Origin: baseUrl };
    if (!options.chunked) headers["Content-Length"] = String(body.length);
    const request = http.request({ host: "127.0.0.1", port, method: "POST", path: pathName, headers }, (response) => {
      const ms = Date.now() - started;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, ms, body: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", () => resolve({ status: response.statusCode ?? 0, ms, body: Buffer.concat(chunks).toString("utf8") }));
    });
    // Writing into a connection the server closed after refusing is expected.
    request.on("error", (error) => (/EPIPE|ECONNRESET/.test(String(error)) ? undefined : reject(error)));
    const size = options.chunkSize ?? 64 * 1024;
    let offset = 0;
    const writeMore = () => {
      while (offset < body.length) {
        const piece = body.subarray(offset, offset + size);
        offset += size;
        if (!request.write(piece)) return void request.once("drain", writeMore);
      }
      request.end();
    };
    writeMore();
  });
}

describe("a case variant of /admin is still the staff area", () => {
  test("/Admin/configurar?token=… is never stored by the page cache nor by a browser", async () => {
    const invited = await inviteStaff(db, { email: `mayusculas.${Date.now()}@himfg.test`, name: "Persona Mayúsculas", role: "comunicacion" }, null);
    if (!invited.ok) throw new Error("no invitation");
    const secret = (await findValidSetupToken(db, invited.token))!.totpSecret;
    for (const variant of ["/Admin/configurar", "/ADMIN/CONFIGURAR", "/admin/Configurar", "/%61dmin/configurar"]) {
      const address = `${baseUrl}${variant}?token=${invited.token}`;
      const first = await fetch(address);
      expect(first.status, variant).toBe(200);
      expect(await first.text(), variant).toContain(secret);
      expect(first.headers.get("cache-control"), variant).toBe("no-store");
      // The link sends no Referer at all (the staff set-up token is in its address).
      expect(first.headers.get("referrer-policy"), variant).toBe("no-referrer");
      const second = await fetch(address);
      expect(second.headers.get("x-page-cache"), variant).toBeNull();
      expect(second.headers.get("cache-control"), variant).toBe("no-store");
    }
  });

  test.each(["/Admin/Bitacora", "/ADMIN/bitacora", "/admin/BITACORA", "/%61dmin/bitacora", "/Admin/bitacora.data", "/Admin/login", "/ADMIN/LOGIN"])(
    "%s is answered no-store and never from the page cache",
    async (variant) => {
      for (let visit = 0; visit < 2; visit += 1) {
        const response = await fetch(`${baseUrl}${variant}`, { redirect: "manual" });
        expect(response.status, variant).toBeLessThan(500);
        expect(response.headers.get("cache-control"), variant).toBe("no-store");
        expect(response.headers.get("x-page-cache"), variant).toBeNull();
      }
    },
  );

  test("a signed-in staff page under a case variant is no-store too", async () => {
    const response = await fetch(`${baseUrl}/Admin/Contenido`, { headers: { Cookie: editorCookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  test("public pages are still kept", async () => {
    await fetch(`${baseUrl}/mision-y-vision`);
    const again = await fetch(`${baseUrl}/mision-y-vision`);
    expect(again.headers.get("x-page-cache")).toBe("hit");
  });
});

describe("form bodies have a size limit, checked before parsing", () => {
  test("8 MB to /userlogin is a Spanish 413 at once, and /healthz answers meanwhile", async () => {
    const body = Buffer.from(`student_email=a%40b.mx&student_password=${"x".repeat(8 * 1024 * 1024)}`);
    const [refused, health] = await Promise.all([
      post("/userlogin", body),
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const started = Date.now();
        const response = await fetch(`${baseUrl}/healthz`);
        return { status: response.status, ms: Date.now() - started };
      })(),
    ]);
    expect(refused.status).toBe(413);
    expect(refused.ms).toBeLessThan(1000);
    expect(refused.body).toContain("El envío es demasiado grande");
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(1000);
  });

  test("a chunked body without Content-Length is counted as it streams and refused past the limit", async () => {
    const body = Buffer.from(`student_email=${"a".repeat(300 * 1024)}%40b.mx`);
    const refused = await post("/recuperar-contrasena", body, { chunked: true, chunkSize: 8 * 1024 });
    expect(refused.status).toBe(413);
    expect(refused.body).toContain("El envío es demasiado grande");
  });

  test("ordinary forms still work, chunked or not", async () => {
    const body = Buffer.from("student_email=nadie-limite%40example.com");
    expect((await post("/recuperar-contrasena", body)).status).toBe(200);
    const chunked = await post("/recuperar-contrasena", body, { chunked: true, chunkSize: 8 });
    expect(chunked.status).toBe(200);
    expect(chunked.body).toContain("nadie-limite@example.com");
  });

  test("an upload form takes what its file rules allow (a 900 KB document), and no more", async () => {
    const email = `limite.${Date.now()}@example.com`;
    const form = new FormData();
    for (const [name, value] of Object.entries({
      student_name: "Ana Pérez López",
      student_role: "EXTERNO",
      student_grade: "Médico",
      student_institution: "IMSS",
      student_email: email,
      student_password: "Pediatria-2025!",
      student_age: "34",
      student_graduated: "SÍ",
      student_nationality: "Mexicana",
      student_state: "Jalisco",
      student_phone: "5552289917",
    }))
      form.append(name, value);
    const bigPdf = Buffer.concat([samplePdf(), Buffer.alloc(900_000, 0x20)]);
    form.append("student_license", new File([bigPdf], "cedula.pdf", { type: "application/pdf" }));
    const response = await fetch(`${baseUrl}/register`, { method: "POST", headers: { Origin: baseUrl }, body: form, redirect: "manual" });
    expect(response.status).toBe(303);
    expect(await db.selectFrom("participants").select("id").where("email", "=", email).executeTakeFirst()).toBeDefined();

    const tooBig = await post("/register", Buffer.alloc(6 * 1024 * 1024, 0x61));
    expect(tooBig.status).toBe(413);
  });
});

describe("Markdown too deep for the renderer", () => {
  const DEEP = `${"> ".repeat(5000)}x`;

  test("the pages editor refuses it with a Spanish 400 and stores nothing", async () => {
    const response = await fetch(`${baseUrl}/admin/contenido/nueva`, {
      method: "POST",
      headers: { ...FORM, Cookie: editorCookie, Origin: baseUrl },
      body: new URLSearchParams({ path: "/aviso-profundo", title: "Aviso", summary: "Un aviso.", body: DEEP, status: "publicada" }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("anidadas en más de 10 niveles");
    expect(await db.selectFrom("content_pages").select("id").where("path", "=", "/aviso-profundo").executeTakeFirst()).toBeUndefined();
  });

  test("a page already holding such a text is shown as plain text, never a 500", async () => {
    const saved = await createPage(
      db,
      { path: "/aviso-antiguo", title: "Aviso antiguo", navLabel: "", summary: "Guardado antes de la regla.", body: DEEP, status: "publicada" },
      editor,
      null,
      new Date(),
    );
    expect(saved.ok).toBe(true);
    for (let visit = 0; visit < 2; visit += 1) {
      const response = await fetch(`${baseUrl}/aviso-antiguo`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Aviso antiguo");
    }
  });
});

describe("the pages editor follows the site's one text rule", () => {
  test.each([
    ["a right-to-left override in the title", { title: "Aviso \u202Eesrever" }],
    ["an isolate in the summary", { summary: "Resumen \u2066aislado\u2069" }],
    ["a zero-width space in the body", { body: "Texto con\u200bespacio invisible." }],
  ])("%s is refused with a Spanish 400", async (_label, overrides) => {
    const pathName = `/aviso-invisible-${Math.random().toString(36).slice(2, 8)}`;
    const response = await fetch(`${baseUrl}/admin/contenido/nueva`, {
      method: "POST",
      headers: { ...FORM, Cookie: editorCookie, Origin: baseUrl },
      body: new URLSearchParams({ path: pathName, title: "Aviso", summary: "Un aviso.", body: "Texto.", status: "publicada", ...overrides }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("tiene caracteres de control (invisibles)");
    expect(await db.selectFrom("content_pages").select("id").where("path", "=", pathName).executeTakeFirst()).toBeUndefined();
  });
});

describe("a publication date far outside any sane window", () => {
  test("publishAt=9999-12-31T23:59 is a Spanish 400 in the pages editor, not a 500", async () => {
    const response = await fetch(`${baseUrl}/admin/contenido/nueva`, {
      method: "POST",
      headers: { ...FORM, Cookie: editorCookie, Origin: baseUrl },
      body: new URLSearchParams({
        path: "/aviso-lejano",
        title: "Aviso",
        summary: "Un aviso.",
        body: "Texto.",
        status: "programada",
        publishAt: "9999-12-31T23:59",
      }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("a más de dos años");
    expect(await db.selectFrom("content_pages").select("id").where("path", "=", "/aviso-lejano").executeTakeFirst()).toBeUndefined();
  });
});

describe("pages with a token in their address send no Referer", () => {
  test("/restablecer-contrasena?token=… answers one Referrer-Policy: no-referrer", async () => {
    const response = await fetch(`${baseUrl}/restablecer-contrasena?token=abc`);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  test("a new password posted with an unknown or used token: 400 with the page's message, the form still there", async () => {
    const body = new URLSearchParams({ token: "no-es-un-token", password: "Nueva-Clave-2026", password_confirmation: "Nueva-Clave-2026" });
    const response = await fetch(`${baseUrl}/restablecer-contrasena`, {
      method: "POST",
      headers: { ...FORM, Origin: baseUrl },
      body,
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(INVALID_RESET_LINK);
    expect(html).toContain('name="token"');
  });

  test("other pages keep the site's policy", async () => {
    const response = await fetch(`${baseUrl}/userlogin`);
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});
