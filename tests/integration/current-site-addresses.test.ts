import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { buildPdf } from "~/documents/file-builders.server";
import { MODALITY } from "~/courses/modality";
import legacy from "../../seeds/data/legacy-file-addresses.json";
import { createCourse, createEnrolment, createSignedInParticipant, createSignedInStaff } from "../factories";
import { startTestServer } from "../support/test-server";
import { useSeededDatabase } from "../support/database";

/**
 * Issue 20: the current site's addresses keep working here. Every file URL of the current site in
 * the site's facts (../shared/content/site-facts.json, when present; the seed's copy otherwise)
 * answers exactly one 301 to a 200 of the right type, every route of the current site answers 200
 * (or one permanent redirect to a 200), a replaced document can take its former address, and /pdf
 * downloads the chosen course's access document. Real HTTP on a seeded demo database: `npm run build` first.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  await useSeededDatabase();
  server = await startTestServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const SITE_HOSTS = new Set(["himfg.edu.mx", "www.himfg.edu.mx", "himfg.com.mx", "www.himfg.com.mx"]);
const FILE = /\.(pdf|docx?|xlsx?|pptx?|jpe?g|png|webp|gif|svg|php|html?)$/i;
const factsPath = path.resolve("../shared/content/site-facts.json");
const facts: unknown = fs.existsSync(factsPath) ? JSON.parse(fs.readFileSync(factsPath, "utf8")) : null;

function* strings(node: unknown, key = ""): Generator<[string, string]> {
  if (Array.isArray(node)) for (const [i, v] of node.entries()) yield* strings(v, `${key}[${i}]`);
  else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) yield* strings(v, `${key}.${k}`);
  else if (typeof node === "string") yield [key, node];
}

/** The current site's file addresses the facts list (absolute on its hosts, or site-relative). */
function currentSiteFilePaths(): string[] {
  if (!facts) return legacy.addresses.map((a) => a.path);
  const paths = new Set<string>();
  for (const [key, value] of strings(facts)) {
    if (key.startsWith("._meta") || key.endsWith(".source") || /\s/.test(value) || !FILE.test(value)) continue;
    let url: URL | null = null;
    if (/^https?:\/\//i.test(value)) {
      const absolute = new URL(value);
      if (SITE_HOSTS.has(absolute.hostname)) url = absolute;
    } else if (/^\/?[\w-]+\/\S+$/.test(value)) url = new URL(value, "https://himfg.edu.mx/");
    if (url) paths.add(decodeURIComponent(url.pathname));
  }
  return [...paths];
}

const encodePath = (decoded: string) => decoded.split("/").map(encodeURIComponent).join("/");

function expectedType(requested: string, location: string): RegExp {
  // A file we hold no copy of points at the page that lists it (recorded in the seed's data).
  if (!location.startsWith("/archivos/")) return /^text\/html/;
  if (/\.(jpe?g|png|webp|gif|svg)$/i.test(requested)) return /^image\//;
  if (/\.pdf$/i.test(requested)) return /^application\/pdf/;
  return /^application\/(vnd\.|msword|pdf)/;
}

async function get(pathName: string, cookie?: string) {
  return fetch(`${server.baseUrl}${pathName}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

/** A GET that answers 200, or exactly one redirect (of the given statuses) to a 200. */
async function followOnce(pathName: string, options: { cookie?: string; redirects?: number[] } = {}) {
  const first = await get(pathName, options.cookie);
  if (first.status === 200) return { response: first, location: pathName, redirected: false };
  expect(options.redirects ?? [301, 308], `${pathName} answered ${first.status}`).toContain(first.status);
  const location = first.headers.get("location") ?? "";
  const second = await get(location, options.cookie);
  expect(second.status, `${pathName} → ${location}`).toBe(200);
  return { response: second, location, redirected: true };
}

describe("file addresses of the current site", () => {
  test("the facts list them all, and the seed holds every one", () => {
    const paths = currentSiteFilePaths();
    expect(paths.length).toBeGreaterThan(200);
    const held = new Set(legacy.addresses.map((a) => a.path.toLowerCase()));
    expect(paths.filter((p) => !held.has(p.toLowerCase()))).toEqual([]);
  });

  test("each answers exactly one 301 to a 200 of the right content type", { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const decoded of currentSiteFilePaths()) {
      const requested = encodePath(decoded);
      const first = await get(requested);
      const location = first.headers.get("location") ?? "";
      if (first.status !== 301 || !location.startsWith("/")) {
        failures.push(`${decoded}: ${first.status}`);
        continue;
      }
      const second = await get(location);
      const type = second.headers.get("content-type") ?? "";
      if (second.status !== 200 || !expectedType(decoded, location).test(type)) failures.push(`${decoded} → ${location}: ${second.status} ${type}`);
      await second.arrayBuffer();
    }
    expect(failures).toEqual([]);
  });

  test("the lookup is case-insensitive, ignores non-GET and leaves real files alone", async () => {
    expect((await get("/descargas/documentos/anuarios/2007.PDF")).status).toBe(301);
    const post = await fetch(`${server.baseUrl}/descargas/documentos/ANUARIOS/2007.pdf`, {
      method: "POST",
      headers: { Origin: server.baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
      redirect: "manual",
    });
    expect(post.status).toBe(404);
    expect((await get("/descargas/documentos/ANUARIOS/1900.pdf")).status).toBe(404);
  });

  test("our seeded pages link to our files, never to the former site's copies", async () => {
    const pages = await db.selectFrom("content_pages").select(["path", "body"]).execute();
    const panels = await db.selectFrom("library_panels").select(["id", "body"]).execute();
    const oldLinks = [...pages.map((p) => [p.path, p.body]), ...panels.map((p) => [p.id, p.body])].filter(([, body]) =>
      /https?:\/\/(www\.)?himfg\.(com|edu)\.mx\/[^\s)>]*\.(pdf|docx?|xlsx?|jpe?g|png|webp)/i.test(body!),
    );
    expect(oldLinks.map(([where]) => where)).toEqual([]);
    const notices = await (await get("/avisos-de-privacidad")).text();
    expect(notices).toMatch(/href="\/archivos\/[0-9a-f-]{36}\//);
  });
});

describe("routes of the current site", () => {
  test("each answers 200, or one permanent redirect to a 200 page", { timeout: 180_000 }, async () => {
    const routes = facts
      ? ((facts as { routes: string[] }).routes ?? [])
      : ["/", "/general", "/direccion/{slug}", "/investigadores/{id}", "/cursos2025/{...}", "/pdf", "/payment", "/profile", "/admin"];
    const slugs = await db.selectFrom("direction_nodes").select("slug").where("slug", "is not", null).execute();
    const units = await db.selectFrom("research_units").select("id").execute();
    const course = await db.selectFrom("courses").select("course_url").where("course_url", "is not", null).executeTakeFirstOrThrow();
    const signedIn = ["/payment", "/profile", "/pdf", "/admin"];
    const failures: string[] = [];
    for (const route of routes) {
      if (signedIn.includes(route)) continue;
      // /test/{course_id} answers only a signed-in participant confirmed in that course (tests/integration/course-evaluation.test.ts).
      if (route.startsWith("/test/")) continue;
      const paths =
        route === "/direccion/{slug}"
          ? slugs.map((s) => `/direccion/${s.slug}`)
          : route === "/investigadores/{id}"
            ? units.map((u) => `/investigadores/${u.id}`)
            : route === "/cursos2025/{...}"
              ? [`/cursos2025/${course.course_url}`]
              : [route];
      for (const pathName of paths) {
        const first = await get(pathName);
        let response = first;
        if (first.status === 301 || first.status === 308) response = await get(first.headers.get("location") ?? "");
        const type = response.headers.get("content-type") ?? "";
        if (response.status !== 200 || !type.startsWith("text/html")) failures.push(`${pathName}: ${first.status} → ${response.status} ${type}`);
        await response.arrayBuffer();
      }
    }
    expect(failures).toEqual([]);
  });

  test("the signed-in routes answer a signed-in participant and staff", { timeout: 60_000 }, async () => {
    const courseId = await createCourse({ modality_id: MODALITY.EN_LINEA });
    const who = await createSignedInParticipant();
    await createEnrolment(who.id, courseId);
    const cookie = await chooseCourse(who.cookie, courseId);
    for (const pathName of ["/payment", "/profile"]) {
      const { response } = await followOnce(pathName, { cookie });
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    }
    const { response } = await followOnce("/pdf", { cookie, redirects: [303] });
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const staff = await createSignedInStaff(db, "admin");
    const admin = await followOnce("/admin", { cookie: staff.cookie, redirects: [301, 302, 303, 308] });
    expect(admin.response.headers.get("content-type")).toMatch(/^text\/html/);
  });
});

/** Chooses a course in the catalogue as the participant; returns the cookie to use next. */
async function chooseCourse(cookie: string, courseId: number): Promise<string> {
  const response = await fetch(`${server.baseUrl}/ensenanza/offer`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "choose", courseId: String(courseId) }),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  const set = response.headers.get("set-cookie");
  return set ? set.split(";")[0]! : cookie;
}

describe("/pdf: the access document of the chosen course", () => {
  test("signed out: sign-in, then back to /pdf", async () => {
    const response = await get("/pdf");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/userlogin?redirectTo=${encodeURIComponent("/pdf")}`);
  });

  test("no course chosen: the catalogue, with a toast", async () => {
    const who = await createSignedInParticipant();
    const response = await get("/pdf", who.cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/ensenanza/offer");
    expect(response.headers.get("set-cookie") ?? "").toMatch(/toast/i);
  });

  test("a chosen course without a confirmed enrolment: the catalogue; confirmed: its PDF", async () => {
    const courseId = await createCourse({ modality_id: MODALITY.EN_LINEA });
    const who = await createSignedInParticipant();
    const cookie = await chooseCourse(who.cookie, courseId);
    const pending = await createEnrolment(who.id, courseId, { status: "pendiente_de_pago" });
    const waiting = await get("/pdf", cookie);
    expect(waiting.status).toBe(303);
    expect(waiting.headers.get("location")).toBe("/ensenanza/offer");
    // Another participant's confirmed enrolment in the same course is not theirs.
    const other = await createSignedInParticipant();
    await createEnrolment(other.id, courseId);
    expect((await get("/pdf", cookie)).headers.get("location")).toBe("/ensenanza/offer");
    await db.updateTable("enrolments").set({ status: "confirmada", confirmed_at: new Date().toISOString() }).where("id", "=", pending).execute();
    const ready = await get("/pdf", cookie);
    expect(ready.status).toBe(303);
    expect(ready.headers.get("location")).toBe(`/payment/acceso/${pending}.pdf`);
  });
});

describe("a replaced document's former address", () => {
  async function yearbook() {
    return db
      .selectFrom("document_items as i")
      .innerJoin("document_groups as g", "g.id", "i.group_id")
      .select(["i.id", "i.file_id"])
      .where("g.collection_key", "=", "yearbooks")
      .where("i.title", "=", "Anuario estadístico 2024")
      .executeTakeFirstOrThrow();
  }

  async function replace(cookie: string, itemId: number, formerAddress: string) {
    const body = new FormData();
    body.append("intent", "replace");
    body.append("formerAddress", formerAddress);
    body.append(
      "file",
      new File([new Uint8Array(buildPdf({ title: "Anuario 2024", issuer: "HIMFG", paragraphs: ["Nuevo"], date: "2025-06-30" }))], "a.pdf"),
    );
    return fetch(`${server.baseUrl}/admin/documentos/yearbooks/${itemId}`, {
      method: "POST",
      body,
      headers: { Cookie: cookie, Origin: server.baseUrl },
      redirect: "manual",
    });
  }

  test("follows to the new file and is audited; a page's path, a taken one or a malformed one is refused", async () => {
    const { cookie } = await createSignedInStaff(db, "comunicacion");
    const item = await yearbook();
    const filesBefore = await db.selectFrom("stored_files").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow();

    for (const [address, status] of [
      ["/convocatoria", 409],
      ["/transparencia/informacion-financiera", 409],
      ["/descargas/documentos/ANUARIOS/2007.pdf", 409],
      ["descargas/x.pdf", 400],
      ["/descargas/../admin.pdf", 400],
      [`/descargas/${"a".repeat(300)}.pdf`, 400],
      ["/descargas/anuario\u0007.pdf", 400],
      ["/descargas/sin-extension", 400],
    ] as const) {
      const refused = await replace(cookie, item.id, address);
      expect(refused.status, address).toBe(status);
      expect(await refused.text()).toMatch(/direcci[oó]n/i);
    }
    const filesAfterRefusals = await db.selectFrom("stored_files").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(filesAfterRefusals.n).toBe(filesBefore.n);

    const done = await replace(cookie, item.id, "/descargas/documentos/ANUARIOS/2024.pdf");
    expect(done.status).toBe(303);
    const now = await yearbook();
    expect(now.file_id).not.toBe(item.file_id);
    const moved = await get("/descargas/documentos/ANUARIOS/2024.pdf");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toMatch(new RegExp(`^/archivos/${now.file_id}/`));
    const file = await get(moved.headers.get("location")!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "after_json"])
      .where("entity", "=", "document_item")
      .where("entity_id", "=", String(item.id))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe("document.replace_file");
    expect(JSON.parse(audit.after_json ?? "{}")).toMatchObject({ formerAddress: "/descargas/documentos/ANUARIOS/2024.pdf" });
  });
});
