import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { registerParticipant } from "~/accounts/participants.server";
import { readConfig } from "~/config.server";
import { db } from "~/db.server";
import { listCapturedMail } from "~/mail/outbox.server";
import { samplePdf } from "../support/sample-files";
import { rawRequest } from "../support/raw-http";
import { useSeededDatabase } from "../support/database";
import { waitForMail } from "../support/mail";
import { startTestServer } from "../support/test-server";

// Issue 8 (non-payment findings) against the real Express app and Remix build, as the demo that
// `npm start` runs: NODE_ENV=production, no PUBLIC_URL, no DEMO_MODE.
let baseUrl = "";
let port = 0;
let close: () => Promise<void>;
const PASSWORD = "Pediatria-2025!";

beforeAll(async () => {
  delete process.env.PUBLIC_URL;
  delete process.env.DEMO_MODE;
  await useSeededDatabase();
  ({ baseUrl, port, close } = await startTestServer());
});

afterAll(async () => close?.());

// Every test starts with no throttle history (all requests come from 127.0.0.1).
beforeEach(async () => {
  await db.deleteFrom("throttle_attempts").execute();
});

let counter = 0;
async function participant() {
  counter += 1;
  const outcome = await registerParticipant(
    db,
    {
      name: `Persona ${counter}`,
      grade: "Médico",
      institution: "SSA",
      email: `endurecer${counter}.${Date.now()}@example.com`,
      password: PASSWORD,
      age: 40,
      graduated: "SÍ",
      nationality: "Mexicana",
      state: "Puebla",
      phone: "2221234567",
      role: "EXTERNO",
    },
    [{ kind: "professional_license", file: { fileName: "cedula.pdf", contentType: "application/pdf", data: samplePdf() } }],
  );
  if (!outcome.ok) throw new Error("no participant");
  return outcome.participant;
}

const raw = (method: string, pathName: string, headers: Record<string, string>, body = "") => rawRequest(port, method, pathName, headers, body);

function form(values: Record<string, string>) {
  return new URLSearchParams(values).toString();
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

function login(email: string, password: string, extra: Record<string, string> = {}) {
  return fetch(`${baseUrl}/userlogin`, {
    method: "POST",
    headers: { ...FORM, Origin: baseUrl },
    body: form({ student_email: email, student_password: password, ...extra }),
    redirect: "manual",
  });
}

describe("the demo says so", () => {
  test("every page, the 404 page included, carries the demo banner", async () => {
    for (const pathName of ["/", "/userlogin", "/no-existe"]) {
      const html = await (await fetch(`${baseUrl}${pathName}`)).text();
      expect(html, pathName).toContain("Sitio de demostración: los pagos son simulados y los correos no se envían.");
      expect(html).toContain('data-demo="true"');
    }
  });

  test("/dev/correos is there, with the banner, never cached", async () => {
    for (const pathName of ["/dev/correos"]) {
      const response = await fetch(`${baseUrl}${pathName}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).toContain("Sitio de demostración");
    }
  });
});

describe("reset links point at the configured site only", () => {
  test("a reset asked for with Host: evil.example (and a matching Origin) mails a link to our own address", async () => {
    const victim = await participant();
    const response = await raw(
      "POST",
      "/recuperar-contrasena",
      { ...FORM, Host: "evil.example", Origin: "http://evil.example" },
      form({ student_email: victim.email }),
    );
    expect(response.status).toBe(200);
    const mail = await waitForMail(db, { to: victim.email, subject: "Restablecer" });
    expect(mail.text).not.toContain("evil.example");
    // The demo without PUBLIC_URL: http://localhost:PORT (decision 0014).
    expect(mail.text).toMatch(new RegExp(`http://localhost:${readConfig().PORT}/restablecer-contrasena\\?token=`));
  });

  test("canonical URLs do not follow the Host header either", async () => {
    const page = await raw("GET", "/ensenanza/offer", { Host: "evil.example" });
    expect(page.body).not.toContain("evil.example");
  });
});

describe("no open redirect", () => {
  test("POST /userlogin with redirectTo=/.//evil.example goes to our own page", async () => {
    const person = await participant();
    const response = await login(person.email, PASSWORD, { redirectTo: "/.//evil.example" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/profile");
  });

  test("GET /userlogin?redirectTo=/.//evil.example when signed in stays on the site", async () => {
    const person = await participant();
    const cookie = (await login(person.email, PASSWORD)).headers.get("set-cookie")!.match(/himfg_session=[^;]+/)![0];
    for (const target of ["/.//evil.example", "/a/..//evil.example", "/%2e//evil.example", "/\\evil.example"]) {
      const response = await fetch(`${baseUrl}/userlogin?redirectTo=${encodeURIComponent(target)}`, {
        headers: { Cookie: cookie },
        redirect: "manual",
      });
      expect(response.status, target).toBe(303);
      expect(response.headers.get("location"), target).toBe("/profile");
    }
  });
});

describe("throttles that hold under concurrency", () => {
  test("40 simultaneous wrong passwords: at most 5 are checked, the rest are refused with 429", async () => {
    const person = await participant();
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => login(person.email, `equivocada-${i}-x`)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(35);
    const refused = responses.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("a batch of 30 wrong passwords and the right one does not sign in", async () => {
    const person = await participant();
    const wrong = Array.from({ length: 30 }, (_, i) => login(person.email, `equivocada-${i}-y`));
    const right = login(person.email, PASSWORD);
    const responses = await Promise.all([...wrong, right]);
    // Only the first 5 attempts were checked at all; everything after is refused unread.
    expect(responses.filter((r) => r.status !== 429).length).toBeLessThanOrEqual(5);
    const last = responses.at(-1)!;
    expect(last.status).toBe(429);
    expect(last.headers.get("set-cookie") ?? "").not.toContain("himfg_session=");
    expect(await last.text()).toContain("Demasiados intentos fallidos");
  });

  test("30 reset requests for one address mail it at most 3 times; the rest get 429 with a Spanish message", async () => {
    const victim = await participant();
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${baseUrl}/recuperar-contrasena`, {
          method: "POST",
          headers: { ...FORM, Origin: baseUrl },
          body: form({ student_email: victim.email }),
        }),
      ),
    );
    expect(responses.filter((r) => r.status === 200).length).toBe(3);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused.length).toBe(27);
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused[0]!.text()).toContain("Ya enviamos varios enlaces a este correo");
    await waitForMail(db, { to: victim.email, subject: "Restablecer" });
    // The mails go out without waiting; all three are stored by the time a fourth could be.
    await expect.poll(async () => (await listCapturedMail(db, { to: victim.email })).length).toBe(3);
  });

  test("reset requests from one address for many e-mails stop after 10", async () => {
    const responses = [];
    for (let i = 0; i < 12; i++) {
      responses.push(
        await fetch(`${baseUrl}/recuperar-contrasena`, {
          method: "POST",
          headers: { ...FORM, Origin: baseUrl },
          body: form({ student_email: `nadie${i}@example.com` }),
        }),
      );
    }
    expect(responses.map((r) => r.status)).toEqual([...Array(10).fill(200), 429, 429]);
    expect(await responses[10]!.text()).toContain("demasiadas solicitudes desde su conexión");
  });

  test("registration from one address is throttled with 429 and nothing is stored", async () => {
    const now = new Date().toISOString();
    await db
      .insertInto("throttle_attempts")
      .values(Array.from({ length: 20 }, () => ({ bucket: "registration-address", key: "127.0.0.1", attempted_at: now })))
      .execute();
    const body = registrationForm({});
    const before = await db
      .selectFrom("participants")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const response = await fetch(`${baseUrl}/register`, { method: "POST", headers: { Origin: baseUrl }, body });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.text()).toContain("Se registraron demasiadas cuentas desde su conexión");
    const after = await db
      .selectFrom("participants")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

function registrationForm(overrides: Record<string, string>) {
  const body = new FormData();
  const values: Record<string, string> = {
    student_name: "Ana Pérez López",
    student_role: "EXTERNO",
    student_grade: "Médico",
    student_institution: "IMSS",
    student_email: `ana.${Math.random().toString(36).slice(2)}@example.com`,
    student_password: PASSWORD,
    student_age: "34",
    student_graduated: "SÍ",
    student_nationality: "Mexicana",
    student_state: "Jalisco",
    student_phone: "5552289917",
    ...overrides,
  };
  for (const [name, value] of Object.entries(values)) body.append(name, value);
  body.append("student_license", new File([samplePdf()], "cedula.pdf", { type: "application/pdf" }));
  return body;
}

describe("every same-origin form works without JS; forged ones are refused, never 500", () => {
  test("the reset page sends one Referrer-Policy: no-referrer, its token's exception (decision 0032)", async () => {
    const response = await fetch(`${baseUrl}/restablecer-contrasena?token=abc`);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  });

  test("Origin: null is accepted when the browser says same-origin, refused otherwise", async () => {
    const body = form({ student_email: "nadie-null@example.com" });
    const sameOrigin = await raw("POST", "/recuperar-contrasena", { ...FORM, Origin: "null", "Sec-Fetch-Site": "same-origin" }, body);
    expect(sameOrigin.status).toBe(200);
    const crossSite = await raw("POST", "/recuperar-contrasena", { ...FORM, Origin: "null", "Sec-Fetch-Site": "cross-site" }, body);
    expect(crossSite.status).toBe(403);
    const bare = await raw("POST", "/recuperar-contrasena", { ...FORM, Origin: "null" }, body);
    expect(bare.status).toBe(403);
  });

  test("a form post whose X-Forwarded-Host differs from its Origin is a 403, not a 500", async () => {
    const response = await raw(
      "POST",
      "/userlogin",
      { ...FORM, Origin: baseUrl, Host: `127.0.0.1:${port}`, "X-Forwarded-Host": "evil.example" },
      form({ student_email: "a@b.mx", student_password: "x" }),
    );
    expect(response.status).toBeLessThan(500);
    expect(response.status).toBeGreaterThanOrEqual(400);
  });

  test.each(["/userlogin", "/recuperar-contrasena", "/restablecer-contrasena", "/ensenanza/offer", "/register", "/profile", "/logout"])(
    "POST %s with JSON, text/plain or no Content-Type is a 415 in Spanish",
    async (pathName) => {
      for (const headers of [{ "Content-Type": "application/json" }, { "Content-Type": "text/plain" }, {}] as Record<string, string>[]) {
        const response = await raw(
          "POST",
          pathName,
          { ...headers, Origin: baseUrl, Host: `127.0.0.1:${port}` },
          headers["Content-Type"] === "application/json" ? '{"student_email":"a@b.mx"}' : "student_email=a@b.mx",
        );
        expect(response.status, `${pathName} ${JSON.stringify(headers)}`).toBe(415);
        expect(response.body).toContain("Formato de envío no admitido");
      }
    },
  );

  test("the bank's JSON relay is not a form and is left alone", async () => {
    const response = await raw("POST", "/payment/relay", { "Content-Type": "application/json", Origin: baseUrl, Host: `127.0.0.1:${port}` }, "{}");
    expect(response.status).not.toBe(415);
  });
});

describe("bad text and numbers are refused with what to fix", () => {
  async function registrationErrors(overrides: Record<string, string>) {
    const response = await fetch(`${baseUrl}/register`, { method: "POST", headers: { Origin: baseUrl }, body: registrationForm(overrides) });
    expect(response.status).toBe(400);
    return response.text();
  }

  test.each([
    ["zero-width spaces", "\u200b\u200b\u200b"],
    ["NUL bytes", "\u0000\u0000"],
    ["a right-to-left override", "Ana \u202eZepeda"],
    ["a BOM inside", "An\ufeffa"],
    ["a soft hyphen", "An\u00ada"],
  ])("a name of %s is refused", async (_label, name) => {
    const html = await registrationErrors({ student_name: name });
    expect(html).toContain("caracteres invisibles o de control");
  });

  test("a nationality of control characters is refused", async () => {
    expect(await registrationErrors({ student_nationality: "\u0007\u0008" })).toContain("caracteres invisibles o de control");
  });

  test.each(["0x22", "3.4e1", "+34", "34.0", " 3 4 "])("age %j is not read as a number", async (age) => {
    expect(await registrationErrors({ student_age: age })).toContain("Escriba su edad en números, por ejemplo 34.");
  });

  test("a 100,000-character name says the name is too long, not that a file is", async () => {
    const html = await registrationErrors({ student_name: "A".repeat(100_000) });
    expect(html).toContain("El nombre es demasiado largo (máximo 150 caracteres).");
    expect(html).not.toContain("1 MB. Reduzca");
    expect(html).not.toContain("pesa más de 5 MB");
  });

  test("a name is stored NFC-normalised and trimmed", async () => {
    const email = `nfc.${Date.now()}@example.com`;
    const response = await fetch(`${baseUrl}/register`, {
      method: "POST",
      headers: { Origin: baseUrl },
      body: registrationForm({ student_email: email, student_name: "  Jose\u0301 Pe\u0301rez  " }),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    const row = await db.selectFrom("participants").select(["name", "age"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(row.name).toBe("José Pérez");
    expect(row.age).toBe(34);
  });
});
