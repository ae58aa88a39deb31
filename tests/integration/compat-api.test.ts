import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { verifyLogin } from "~/accounts/participants.server";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";
import { listCapturedMail } from "~/mail/outbox.server";
import { sampleJpeg, samplePdf, samplePng, textFile, twoMegabytePdf } from "../support/sample-files";
import { useSeededDatabase } from "../support/database";
import { waitForMail } from "../support/mail";
import { startTestServer } from "../support/test-server";

// Issue 14: the compatibility API over real HTTP, against the real Express app and Remix build.
const ALLOWED = "https://cursos.example.org";
let baseUrl = "";
let close: () => Promise<void>;

beforeAll(async () => {
  delete process.env.PUBLIC_URL;
  delete process.env.DEMO_MODE;
  await useSeededDatabase();
  ({ baseUrl, close } = await startTestServer({ env: { API_CORS_ORIGINS: `${ALLOWED}, https://otro.example.org` } }));
}, 60_000);

afterAll(async () => close?.());

beforeEach(async () => {
  await db.deleteFrom("throttle_attempts").execute();
});

const api = (pathName: string, init?: RequestInit) => fetch(`${baseUrl}${pathName}`, init);

async function upload(bytes: Uint8Array<ArrayBuffer>, fileName = "credencial.png", init: { headers?: Record<string, string> } = {}) {
  const form = new FormData();
  form.set("file", new Blob([bytes]), fileName);
  return api("/api/files/upload", { method: "POST", body: form, headers: init.headers });
}

async function uploadedUrl(bytes: Uint8Array<ArrayBuffer>, fileName?: string): Promise<string> {
  const response = await upload(bytes, fileName);
  expect(response.status).toBe(200);
  return ((await response.json()) as { fileUrl: string }).fileUrl;
}

function postJson(pathName: string, body: unknown, headers: Record<string, string> = {}) {
  return api(pathName, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

let counter = 0;
function studentPayload(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    student_id: 123456,
    student_name: "Ana Martínez López",
    student_grade: "ESTUDIANTE",
    student_institution: "UNAM",
    student_email: `ana.api${counter}.${Date.now()}@example.com`,
    student_password: "Pediatria-2025!",
    student_age: 22,
    student_graduated: "NO",
    student_nationality: "Mexicana",
    student_state: "Ciudad de México",
    student_phone: 5552289917,
    student_role: "ESTUDIANTE",
    ...overrides,
  };
}

async function countRows() {
  const count = async (table: "participants" | "participant_documents" | "stored_files" | "staged_uploads") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    participants: await count("participants"),
    documents: await count("participant_documents"),
    files: await count("stored_files"),
    staged: await count("staged_uploads"),
  };
}

describe("GET /api/courses/all-courses", () => {
  test("a bare array with exactly the old fields, absolute URLs, pesos, dates and 1/0", async () => {
    const response = await api("/api/courses/all-courses");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const courses = (await response.json()) as Record<string, unknown>[];
    expect(Array.isArray(courses)).toBe(true);
    const total = Number(
      (
        await db
          .selectFrom("courses")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(courses.length).toBe(total);
    expect(total).toBeGreaterThan(0);
    for (const course of courses) {
      expect(Object.keys(course).sort()).toEqual(
        [
          "course_id",
          "course_name",
          "course_image",
          "course_start_date",
          "course_finish_date",
          "month_id",
          "modality_id",
          "course_price",
          "course_student_price",
          "course_employee_price",
          "course_max_range",
          "course_aditionals",
          "course_pdf",
          "course_able",
          "course_url",
        ].sort(),
      );
      expect(course.course_start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(course.course_finish_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect([0, 1]).toContain(course.course_able);
      expect([1, 2, 3]).toContain(course.modality_id);
      expect(course.month_id).toBeGreaterThanOrEqual(0);
      expect(course.month_id).toBeLessThanOrEqual(11);
      expect(typeof course.course_price).toBe("number");
      if (course.course_image !== null) expect(course.course_image).toMatch(/^https?:\/\/[^/]+\/archivos\//);
      if (course.course_pdf !== null) expect(course.course_pdf).toMatch(/^https?:\/\/[^/]+\/archivos\//);
    }
    // Pesos, not centavos: the first course's price is its stored centavos / 100.
    const stored = await db
      .selectFrom("courses")
      .select(["course_id", "course_price"])
      .where("course_id", "=", courses[0]!.course_id as number)
      .executeTakeFirstOrThrow();
    expect(courses[0]!.course_price).toBe(stored.course_price / 100);
  });

  test("never a course password or any access data (scanning the JSON)", async () => {
    await db
      .updateTable("courses")
      .set({ course_password: "clave-secreta-9431", online_access_url: "https://aula.example.org/secreta-7719" })
      .execute();
    const body = await (await api("/api/courses/all-courses")).text();
    expect(body).not.toContain("clave-secreta-9431");
    expect(body).not.toContain("secreta-7719");
    expect(body).not.toMatch(/password|online_access|course_content|aula-virtual/i);
  });

  test("ETag: 304 while nothing changes, a new ETag when a course changes", async () => {
    const first = await api("/api/courses/all-courses");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await api("/api/courses/all-courses", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    const course = await db.selectFrom("courses").select(["course_id", "course_name"]).orderBy("course_id").executeTakeFirstOrThrow();
    await db
      .updateTable("courses")
      .set({ course_name: `${course.course_name} (actualizado)` })
      .where("course_id", "=", course.course_id)
      .execute();
    const changed = await api("/api/courses/all-courses", { headers: { "If-None-Match": etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(((await changed.json()) as { course_name: string }[]).some((c) => c.course_name.endsWith("(actualizado)"))).toBe(true);
  });

  test("a POST to it is a JSON 405", async () => {
    const response = await postJson("/api/courses/all-courses", {});
    expect(response.status).toBe(405);
    expect(((await response.json()) as { message: string }).message).toMatch(/Use GET/);
  });
});

describe("GET /api/directions/all-directions", () => {
  test("the published department pages with the page_* fields, contents as sanitised HTML", async () => {
    const response = await api("/api/directions/all-directions");
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBeTruthy();
    const pages = (await response.json()) as Record<string, unknown>[];
    const published = Number(
      (
        await db
          .selectFrom("department_pages")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("is_published", "=", 1)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(pages.length).toBe(published);
    expect(published).toBeGreaterThan(0);
    for (const page of pages) {
      for (const key of [
        "page_title",
        "page_titular",
        "page_titular_grade",
        "page_titular_photo",
        "page_first_content",
        "page_second_content",
        "page_first_image",
        "page_second_image",
        "page_staff",
        "page_url",
        "tipo_departamento",
      ]) {
        expect(page, key).toHaveProperty(key);
      }
      expect(Array.isArray(page.page_staff)).toBe(true);
      expect([1, 2]).toContain(page.tipo_departamento);
      expect(String(page.page_first_content)).not.toMatch(/<script/i);
    }
  });

  test("an unpublished page is not listed", async () => {
    const page = await db.selectFrom("department_pages").select(["id", "slug"]).orderBy("id").executeTakeFirstOrThrow();
    await db.updateTable("department_pages").set({ is_published: 0 }).where("id", "=", page.id).execute();
    const pages = (await (await api("/api/directions/all-directions")).json()) as { page_url: string }[];
    expect(pages.map((p) => p.page_url)).not.toContain(page.slug);
    await db.updateTable("department_pages").set({ is_published: 1 }).where("id", "=", page.id).execute();
  });
});

describe("retired calls answer 410 with where that now lives", () => {
  test.each([
    ["POST", "/api/payments/add-payment", /banco/],
    ["GET", "/api/payments/all-payments", /personal autorizado/],
    ["POST", "/api/courses/course-login", /claves de acceso/],
    ["POST", "/api/auth/login-admin", /personal inicia sesión/],
  ])("%s %s", async (method, pathName, pattern) => {
    const response = await api(pathName, {
      method,
      headers: method === "POST" ? { "Content-Type": "application/json" } : {},
      body: method === "POST" ? "{}" : undefined,
    });
    expect(response.status).toBe(410);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(((await response.json()) as { message: string }).message).toMatch(pattern);
  });

  test("an unknown /api path is a JSON 404, not the HTML page", async () => {
    const response = await api("/api/no-existe");
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toMatch(/No existe/);
  });
});

describe("POST /api/files/upload", () => {
  test("a PNG, a JPEG and a PDF are staged privately; the fileUrl serves nothing", async () => {
    for (const [bytes, name] of [
      [samplePng(), "a.png"],
      [sampleJpeg(), "b.jpg"],
      [samplePdf(), "c.pdf"],
    ] as const) {
      const response = await upload(bytes, name);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { fileUrl: string };
      expect(body.fileUrl).toMatch(new RegExp(`^${siteOrigin()}/api/files/staged/[A-Za-z0-9_-]{43}$`));
      const fetched = await api(new URL(body.fileUrl).pathname);
      expect(fetched.status).toBe(403);
      expect(await fetched.text()).not.toContain("PNG");
    }
    // Only the token's hash is stored.
    const rows = await db.selectFrom("staged_uploads").select(["token_hash", "expires_at", "created_at"]).execute();
    for (const row of rows) {
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(60 * 60 * 1000);
    }
  });

  test("refused by content: a text file named .png, an empty file, a 2 MB PDF, no file, not multipart", async () => {
    const before = await countRows();
    const wrong = await upload(textFile(), "foto.png");
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toMatch(/no es JPG, PNG ni PDF/);

    const empty = await upload(new Uint8Array(0), "vacio.pdf");
    expect(empty.status).toBe(400);

    // Too large is 413, as docs/api.md says, with the Spanish message.
    const large = await upload(twoMegabytePdf(), "grande.pdf");
    expect(large.status).toBe(413);
    expect(((await large.json()) as { message: string }).message).toBe("El archivo pesa más de 1 MB. Reduzca su tamaño o elija otro archivo.");

    const none = new FormData();
    none.set("otro", "x");
    const missing = await api("/api/files/upload", { method: "POST", body: none });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toMatch(/campo «file»/);

    const json = await postJson("/api/files/upload", { file: "x" });
    expect(json.status).toBe(415);
    expect(((await json.json()) as { message: string }).message).toMatch(/multipart\/form-data/);

    const broken = await api("/api/files/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: "esto no es multipart",
    });
    expect(broken.status).toBe(400);
    expect(await countRows()).toEqual(before);
  });

  test("per-client rate limit: 429 with Retry-After", async () => {
    let last: Response | null = null;
    for (let i = 0; i < 31; i++) last = await upload(textFile(), "x.png");
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await last!.json()) as { message: string }).message).toMatch(/Demasiadas solicitudes/);
  });
});

describe("POST /api/auth/create-user", () => {
  test("a student with two uploaded files: 200 { affectedRows: 1, student_id }, the documents claimed", async () => {
    const front = await uploadedUrl(samplePng(), "frente.png");
    const back = await uploadedUrl(samplePdf(), "reverso.pdf");
    const payload = studentPayload({ student_license: front, student_license_part_2: back });
    const response = await postJson("/api/auth/create-user", payload);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { affectedRows: number; student_id: number };
    expect(body.affectedRows).toBe(1);
    expect(body.student_id).not.toBe(123456);
    const participant = await db.selectFrom("participants").selectAll().where("id", "=", body.student_id).executeTakeFirstOrThrow();
    expect(participant.email).toBe(payload.student_email);
    expect(await verifyLogin(db, payload.student_email, "Pediatria-2025!")).not.toBeNull();
    const documents = await db
      .selectFrom("participant_documents")
      .select("kind")
      .where("participant_id", "=", body.student_id)
      .orderBy("kind")
      .execute();
    expect(documents.map((d) => d.kind)).toEqual(["student_id_back", "student_id_front"]);
    // The staged copies are gone, so the same fileUrl cannot register a second account.
    const reuse = await postJson("/api/auth/create-user", studentPayload({ student_license: front, student_license_part_2: back }));
    expect(reuse.status).toBe(400);
    expect(((await reuse.json()) as { errors: Record<string, string> }).errors.student_license).toMatch(/no existe o ya venció/);
  });

  test("the same registration through /register and through the API: the same rows, the same (absent) e-mail", async () => {
    const email1 = `igual.form.${Date.now()}@example.com`;
    const email2 = `igual.api.${Date.now()}@example.com`;
    const common = {
      student_name: "Luis Pérez",
      student_role: "PERSONAL_HIMFG",
      student_grade: "Médico",
      student_institution: "HIMFG",
      student_password: "Pediatria-2025!",
      student_age: "41",
      student_graduated: "SÍ",
      student_nationality: "Mexicana",
      student_state: "Puebla",
      student_phone: "2221234567",
    };
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...common, student_email: email1 })) form.set(key, value);
    form.set("student_license", new Blob([samplePng()]), "frente.png");
    form.set("student_license_part_2", new Blob([samplePdf()]), "reverso.pdf");
    const viaForm = await api("/register", { method: "POST", body: form, headers: { Origin: baseUrl }, redirect: "manual" });
    expect(viaForm.status).toBe(303);

    const viaApi = await postJson("/api/auth/create-user", {
      ...common,
      student_email: email2,
      student_license: await uploadedUrl(samplePng(), "frente.png"),
      student_license_part_2: await uploadedUrl(samplePdf(), "reverso.pdf"),
    });
    expect(viaApi.status).toBe(200);

    const snapshot = async (email: string) => {
      const person = await db.selectFrom("participants").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
      const { id, email: _e, password_hash, created_at: _c, updated_at: _u, ...rest } = person;
      expect(password_hash).toMatch(/^scrypt\$/);
      const documents = await db
        .selectFrom("participant_documents")
        .innerJoin("stored_files", "stored_files.id", "participant_documents.file_id")
        .select([
          "participant_documents.kind",
          "participant_documents.status",
          "stored_files.file_name",
          "stored_files.content_type",
          "stored_files.sha256",
          "stored_files.byte_size",
          "stored_files.visibility",
        ])
        .where("participant_documents.participant_id", "=", id)
        .orderBy("participant_documents.kind")
        .execute();
      const mails = (await listCapturedMail(db)).filter((mail) => mail.to.includes(email)).map((mail) => mail.subject);
      return { rest, documents, mails };
    };
    const a = await snapshot(email1);
    const b = await snapshot(email2);
    expect(b).toEqual(a);
    expect(a.documents).toHaveLength(2);
  });

  test("without a password: the account is created and an e-mail with a link to choose one is sent", async () => {
    const payload = studentPayload({
      student_role: "EXTERNO",
      student_grade: "Enfermero(a)",
      student_institution: "IMSS",
      student_license: await uploadedUrl(samplePdf(), "cedula.pdf"),
    });
    delete (payload as Record<string, unknown>).student_password;
    const response = await postJson("/api/auth/create-user", payload);
    expect(response.status).toBe(200);
    const mail = await waitForMail(db, { to: payload.student_email, subject: "Elija la contraseña" });
    expect(mail.text).toMatch(/\/restablecer-contrasena\?token=/);
    // No password opens the account until its owner chooses one.
    expect(await verifyLogin(db, payload.student_email, "")).toBeNull();
  });

  test("every error at once, in Spanish, and nothing stored", async () => {
    const good = await uploadedUrl(samplePng());
    const before = await countRows();
    const response = await postJson("/api/auth/create-user", {
      student_name: "",
      student_role: "ESTUDIANTE",
      student_email: "no-es-correo",
      student_password: "123",
      student_age: "0x22",
      student_graduated: "TAL VEZ",
      student_nationality: "Mexicana",
      student_state: "Atlantis",
      student_phone: "123",
      student_institution: "UNAM",
      student_license: good,
      student_license_part_2: "https://evil.example/archivo.png",
    });
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as { errors: Record<string, string> };
    expect(Object.keys(errors).sort()).toEqual(
      ["student_age", "student_email", "student_graduated", "student_name", "student_password", "student_phone", "student_state"].sort(),
    );
    expect(errors.student_email).toMatch(/correo electrónico válido/);
    expect(await countRows()).toEqual(before);

    // The document URL is checked once the fields pass: a link not from our upload is refused.
    const foreign = await postJson(
      "/api/auth/create-user",
      studentPayload({ student_license: good, student_license_part_2: "https://evil.example/archivo.png" }),
    );
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { errors: Record<string, string> }).errors.student_license_part_2).toMatch(/POST \/api\/files\/upload/);
    expect(await countRows()).toEqual(before);

    // And the good upload was released, so it still works.
    const ok = await postJson(
      "/api/auth/create-user",
      studentPayload({ student_license: good, student_license_part_2: await uploadedUrl(samplePdf()) }),
    );
    expect(ok.status).toBe(200);
  });

  test("missing documents, a taken e-mail, a value that is not text", async () => {
    const first = studentPayload({ student_license: await uploadedUrl(samplePng()), student_license_part_2: await uploadedUrl(samplePng()) });
    expect((await postJson("/api/auth/create-user", first)).status).toBe(200);
    const again = await postJson("/api/auth/create-user", { ...studentPayload(), student_email: first.student_email, student_name: { nombre: "x" } });
    expect(again.status).toBe(400);
    const { errors } = (await again.json()) as { errors: Record<string, string> };
    expect(errors.student_email).toMatch(/Ya existe una cuenta/);
    expect(errors.student_name).toMatch(/texto/);
    expect(errors.student_license).toMatch(/POST \/api\/files\/upload/);
    expect(errors.student_license_part_2).toBeTruthy();
  });

  test("bad JSON, wrong Content-Type, oversized body, not an object: clear JSON errors, never 500", async () => {
    const bad = await postJson("/api/auth/create-user", "{ student_name: ");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/JSON válido/);

    const form = await api("/api/auth/create-user", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "student_name=x",
    });
    expect(form.status).toBe(415);
    expect(((await form.json()) as { message: string }).message).toMatch(/application\/json/);

    const large = await postJson("/api/auth/create-user", { student_name: "x".repeat(40_000) });
    expect(large.status).toBe(413);
    expect(((await large.json()) as { message: string }).message).toMatch(/demasiado grande/);

    const list = await postJson("/api/auth/create-user", [1, 2]);
    expect(list.status).toBe(400);

    const get = await api("/api/auth/create-user");
    expect(get.status).toBe(405);
  });

  test("per-client rate limit on create-user: 429 with Retry-After", async () => {
    let last: Response | null = null;
    for (let i = 0; i < 11; i++) last = await postJson("/api/auth/create-user", "{}");
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("CORS: closed by default, an allow-list by configuration", () => {
  test("an allowed origin gets the header and its preflight; another origin gets neither", async () => {
    const allowed = await api("/api/courses/all-courses", { headers: { Origin: ALLOWED } });
    expect(allowed.headers.get("access-control-allow-origin")).toBe(ALLOWED);
    expect(allowed.headers.get("access-control-allow-credentials")).toBeNull();
    expect(allowed.headers.get("vary")).toMatch(/Origin/);

    const other = await api("/api/courses/all-courses", { headers: { Origin: "https://evil.example" } });
    expect(other.status).toBe(200);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();

    const preflight = await api("/api/auth/create-user", {
      method: "OPTIONS",
      headers: { Origin: ALLOWED, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toMatch(/POST/);
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Content-Type/i);

    const refused = await api("/api/auth/create-user", {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("a write from a site not on the list is refused before any work; an allowed one goes through", async () => {
    const before = await countRows();
    const form = new FormData();
    form.set("file", new Blob([samplePng()]), "a.png");
    const evil = await api("/api/files/upload", { method: "POST", body: form, headers: { Origin: "https://evil.example" } });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { message: string }).message).toMatch(/origen/);
    expect(await countRows()).toEqual(before);

    const good = await upload(samplePng(), "a.png", { headers: { Origin: ALLOWED } });
    expect(good.status).toBe(200);
    expect(good.headers.get("access-control-allow-origin")).toBe(ALLOWED);
  });
});
