import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import MEXICAN_STATES from "~/accounts/data/mexican-states";
import { samplePdf, samplePng } from "../support/sample-files";
import { startTestServer } from "../support/test-server";

// Issue 20: the old site's client (a Next.js app, src/components/registerForm/registerForm.js of
// CEMESATEL/himfg-website) registering through POST /api/auth/create-user, over real HTTP against
// the real Express app and Remix build.
const OLD_SITE = "https://himfg.edu.mx";
let baseUrl = "";
let close: () => Promise<void>;

beforeAll(async () => {
  delete process.env.PUBLIC_URL;
  delete process.env.DEMO_MODE;
  ({ baseUrl, close } = await startTestServer({ env: { API_CORS_ORIGINS: OLD_SITE } }));
}, 60_000);

afterAll(async () => close?.());

beforeEach(async () => {
  await db.deleteFrom("throttle_attempts").execute();
});

/** What the browser adds to the old client's axios calls from its page on the old site. */
const BROWSER_HEADERS = { Origin: OLD_SITE, Accept: "application/json, text/plain, */*" };

/** uploadFile(): `formData.append('file', file)`, posted as multipart; the client keeps `response.data.fileUrl`. */
async function uploadAsTheClient(bytes: Uint8Array<ArrayBuffer>, fileName: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type: fileName.endsWith(".pdf") ? "application/pdf" : "image/png" }), fileName);
  const response = await fetch(`${baseUrl}/api/files/upload`, { method: "POST", body: form, headers: BROWSER_HEADERS });
  expect(response.status).toBe(200);
  return ((await response.json()) as { fileUrl: string }).fileUrl;
}

/**
 * The client's state object in its own key order, filled as its inputs fill it: every value from
 * an input is a string (type="number" too), student_id a client-made number, a key never touched
 * stays undefined (so JSON.stringify leaves it out), and student_license_part_2 is added last, by
 * its upload. axios posts JSON.stringify(formData) with Content-Type: application/json.
 */
function clientBody(fields: { email: string; state: string; front: string; back: string; graduated?: string }): string {
  const formData = {
    student_id: 612345,
    student_name: "Ana Martínez López",
    student_grade: "ESTUDIANTE",
    student_institution: "UNAM",
    student_email: fields.email,
    student_password: "Pediatria-2025!",
    student_age: "22",
    student_graduated: fields.graduated,
    student_nationality: "Mexicana",
    student_license: fields.front,
    student_state: fields.state,
    student_phone: "5552289917",
    student_role: "ESTUDIANTE",
    student_license_part_2: fields.back,
  };
  return JSON.stringify(formData);
}

function createUser(body: string) {
  return fetch(`${baseUrl}/api/auth/create-user`, {
    method: "POST",
    headers: { ...BROWSER_HEADERS, "Content-Type": "application/json" },
    body,
  });
}

function cookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("himfg_session="));
  expect(cookie).toBeTruthy();
  return cookie!.split(";")[0]!;
}

async function signIn(email: string, password: string): Promise<Response> {
  return fetch(`${baseUrl}/userlogin`, {
    method: "POST",
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ student_email: email, student_password: password, redirectTo: "" }),
    redirect: "manual",
  });
}

describe("the old client's registration", () => {
  test("its payload (no student_graduated, «CDMX», staged uploads) registers a participant with documents; the first sign-in asks the graduated question", async () => {
    const email = `ana.cliente.${Date.now()}@example.com`;
    const body = clientBody({
      email,
      state: "CDMX",
      front: await uploadAsTheClient(samplePng(), "credencial-frente.png"),
      back: await uploadAsTheClient(samplePdf(), "credencial-reverso.pdf"),
    });
    expect(body).not.toContain("student_graduated");

    const response = await createUser(body);
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe(OLD_SITE);
    const { affectedRows, student_id } = (await response.json()) as { affectedRows: number; student_id: number };
    expect(affectedRows).toBe(1);
    // The server makes the id; the client's is ignored.
    expect(student_id).not.toBe(612345);

    const participant = await db.selectFrom("participants").selectAll().where("id", "=", student_id).executeTakeFirstOrThrow();
    expect(participant).toMatchObject({ email, role: "ESTUDIANTE", grade: "ESTUDIANTE", state: "Ciudad de México", age: 22, phone: "5552289917" });
    // Unknown, not invented.
    expect(participant.graduated).toBeNull();
    const documents = await db.selectFrom("participant_documents").select("kind").where("participant_id", "=", student_id).orderBy("kind").execute();
    expect(documents.map((d) => d.kind)).toEqual(["student_id_back", "student_id_front"]);

    // First sign-in: the question before anything else.
    const signedIn = await signIn(email, "Pediatria-2025!");
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("location")).toBe("/profile/egresado?redirectTo=%2Fprofile");
    const cookie = cookieOf(signedIn);

    // The profile and the payment wait for the answer, and come back afterwards.
    for (const page of ["/profile", "/payment"]) {
      const held = await fetch(`${baseUrl}${page}`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(held.status).toBe(303);
      expect(held.headers.get("location")).toBe(`/profile/egresado?redirectTo=${encodeURIComponent(page)}`);
    }

    // A plain form: radio buttons and a submit button, no JavaScript needed.
    const question = await fetch(`${baseUrl}/profile/egresado?redirectTo=%2Fprofile`, { headers: { Cookie: cookie } });
    expect(question.status).toBe(200);
    const html = await question.text();
    expect(html).toContain("¿Ya se graduó?");
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/profile\/egresado"/);
    expect(html).toMatch(/<input[^>]*type="radio"[^>]*name="student_graduated"[^>]*value="SÍ"/);
    expect(html).toMatch(/<input[^>]*type="radio"[^>]*name="student_graduated"[^>]*value="NO"/);
    expect(html).toMatch(/<button[^>]*type="submit"/);

    const post = (fields: Record<string, string>) =>
      fetch(`${baseUrl}/profile/egresado`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    const unanswered = await post({ redirectTo: "/profile" });
    expect(unanswered.status).toBe(400);
    expect(await unanswered.text()).toContain("Indique si ya se graduó");
    expect((await db.selectFrom("participants").select("graduated").where("id", "=", student_id).executeTakeFirstOrThrow()).graduated).toBeNull();

    const answered = await post({ student_graduated: "NO", redirectTo: "/profile" });
    expect(answered.status).toBe(303);
    expect(answered.headers.get("location")).toBe("/profile");
    expect((await db.selectFrom("participants").select("graduated").where("id", "=", student_id).executeTakeFirstOrThrow()).graduated).toBe("NO");

    const profile = await fetch(`${baseUrl}/profile`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(profile.status).toBe(200);
    // Asked once: the next sign-in goes straight on, and the question page sends them along.
    const again = await signIn(email, "Pediatria-2025!");
    expect(again.headers.get("location")).toBe("/profile");
    const gone = await fetch(`${baseUrl}/profile/egresado`, { headers: { Cookie: cookieOf(again) }, redirect: "manual" });
    expect(gone.status).toBe(303);
    expect(gone.headers.get("location")).toBe("/profile");

    // The site's own registration form keeps requiring the answer.
    const webForm = new FormData();
    const webFields = {
      student_name: "Luis Pérez",
      student_role: "EXTERNO",
      student_grade: "Médico",
      student_institution: "IMSS",
      student_email: `web.${Date.now()}@example.com`,
      student_password: "Pediatria-2025!",
      student_age: "41",
      student_nationality: "Mexicana",
      student_state: "Puebla",
      student_phone: "2221234567",
    };
    for (const [key, value] of Object.entries(webFields)) webForm.set(key, value);
    webForm.set("student_license", new Blob([samplePdf()]), "cedula.pdf");
    const web = await fetch(`${baseUrl}/register`, { method: "POST", body: webForm, headers: { Origin: baseUrl }, redirect: "manual" });
    expect(web.status).toBe(400);
    expect(await web.text()).toContain("Indique si es egresado");
    expect(await db.selectFrom("participants").select("id").where("email", "=", webFields.student_email).executeTakeFirst()).toBeUndefined();
  });

  test("the usual ways of writing a state are stored as its canonical name; anything else is a 400 that lists the accepted names", async () => {
    const written: [string, string][] = [
      ["Edo. Méx.", "Estado de México"],
      ["estado de mexico", "Estado de México"],
      ["Ciudad de México", "Ciudad de México"],
      ["ciudad de mexico", "Ciudad de México"],
      ["NUEVO LEON", "Nuevo León"],
    ];
    for (const [state, canonical] of written) {
      const email = `estado.${Math.random().toString(36).slice(2)}@example.com`;
      const front = await uploadAsTheClient(samplePng(), "frente.png");
      const back = await uploadAsTheClient(samplePng(), "reverso.png");
      const response = await createUser(clientBody({ email, state, front, back, graduated: "SÍ" }));
      expect(response.status, state).toBe(200);
      const row = await db.selectFrom("participants").select(["state", "graduated"]).where("email", "=", email).executeTakeFirstOrThrow();
      expect(row).toEqual({ state: canonical, graduated: "SÍ" });
    }

    const before = await db
      .selectFrom("participants")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const front = await uploadAsTheClient(samplePng(), "frente.png");
    const back = await uploadAsTheClient(samplePng(), "reverso.png");
    const refused = await createUser(clientBody({ email: `atlantis.${Date.now()}@example.com`, state: "Atlantis", front, back }));
    expect(refused.status).toBe(400);
    const { errors } = (await refused.json()) as { errors: Record<string, string> };
    expect(Object.keys(errors)).toEqual(["student_state"]);
    for (const name of MEXICAN_STATES) expect(errors.student_state).toContain(name);
    const after = await db
      .selectFrom("participants")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
