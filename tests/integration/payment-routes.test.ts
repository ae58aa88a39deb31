import { afterAll, beforeAll, expect, test } from "vitest";
import { setChosenCourse } from "~/accounts/session.server";
import { MODALITY } from "~/courses/modality";
import { db } from "~/db.server";
import { seedDatabase } from "../../seeds/index";
import { createCourse, createParticipant, sessionCookieFor } from "../factories";
import { startTestServer } from "../support/test-server";
import { samplePdf, samplePng } from "../support/sample-files";

// The payment routes through the real Express app and Remix build.
let baseUrl = "";
let close: () => Promise<void>;
let cookie = "";
const COURSE_ID = 7950;

beforeAll(async () => {
  await seedDatabase(db);
  ({ baseUrl, close } = await startTestServer());
  await createCourse({ course_id: COURSE_ID, course_name: "Curso facturable", modality_id: MODALITY.EN_LINEA });
  const signedIn = await sessionCookieFor(await createParticipant({ name: "Factura" }));
  cookie = (await setChosenCourse(new Request(baseUrl, { headers: { Cookie: signedIn } }), COURSE_ID)).split(";")[0]!;
});

afterAll(async () => close?.());

function invoiceForm(values: Record<string, string>, file: { data: Buffer<ArrayBuffer>; name: string }) {
  const form = new FormData();
  form.set("intent", "invoice");
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  form.set("constancia", new Blob([file.data]), file.name);
  return fetch(`${baseUrl}/payment`, { method: "POST", headers: { Cookie: cookie, Origin: baseUrl }, body: form, redirect: "manual" });
}

test("the page shows our price, the modality, the considerations and the test banner", async () => {
  const html = await (await fetch(`${baseUrl}/payment`, { headers: { Cookie: cookie } })).text();
  expect(html).toContain("$1,500.00 MXN");
  expect(html).toContain("En línea");
  expect(html).toContain("72 horas hábiles");
  expect(html).toContain("Modo de prueba.");
  expect(html).toContain("<noscript>");
});

test("the invoice form refuses a bad RFC and a constancia that is not a PDF, then stores a good request", async () => {
  const bad = await invoiceForm({ rfc: "NO-ES-RFC", legalName: "", taxRegime: "601", postcode: "123", cfdiUse: "G03" }, { data: samplePng(), name: "constancia.pdf" });
  expect(bad.status).toBe(400);
  const html = await bad.text();
  expect(html).toContain("Escriba un RFC válido");
  expect(html).toContain("Escriba el nombre o la razón social.");
  expect(html).toContain("código postal fiscal de 5 dígitos");
  expect(html).toContain("La constancia debe ser un archivo PDF.");
  expect(await db.selectFrom("invoice_requests").selectAll().execute()).toHaveLength(0);

  const good = await invoiceForm({ rfc: "GOMJ800101AB1", legalName: "Juana Gómez", taxRegime: "612", postcode: "06720", cfdiUse: "D10" }, { data: samplePdf(), name: "constancia.pdf" });
  expect(good.status).toBe(303);
  const rows = await db.selectFrom("invoice_requests").select(["rfc", "postcode"]).execute();
  expect(rows).toEqual([{ rfc: "GOMJ800101AB1", postcode: "06720" }]);
});

test("the relay needs a signed-in participant and a known callback; the simulator script is same-origin JavaScript", async () => {
  const anonymous = await fetch(`${baseUrl}/payment/relay`, { method: "POST", headers: { Origin: baseUrl, "Content-Type": "application/json" }, body: "{}" });
  expect(anonymous.status).toBe(401);
  const unknown = await fetch(`${baseUrl}/payment/relay`, { method: "POST", headers: { Cookie: cookie, Origin: baseUrl, "Content-Type": "application/json" }, body: JSON.stringify({ kind: "approve" }) });
  expect(unknown.status).toBe(400);
  const doctored = await fetch(`${baseUrl}/payment/relay`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: baseUrl, "Content-Type": "application/json" },
    body: JSON.stringify({ kind: "success", response: { numeroControl: "HIMFGCURSOS7950AAAAAAAAAA", data: "x" } }),
  });
  expect(await doctored.json()).toEqual({ applied: false, status: null });
  const script = await fetch(`${baseUrl}/simulador-banorte/checkoutV2.js`);
  expect(script.headers.get("content-type")).toContain("javascript");
  expect(await script.text()).toContain("startPayment");
});

test("the CSP allows Banorte's script host only with the real provider", async () => {
  const { securityHeaders } = await import("../../server/security");
  const scriptSrc = () => {
    const headers = new Map<string, string>();
    const res = { locals: { cspNonce: "abc" }, setHeader: (k: string, v: string) => headers.set(k.toLowerCase(), v), removeHeader: () => {} };
    securityHeaders({ https: false })({} as never, res as never, () => {});
    return (headers.get("content-security-policy") ?? "").split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  };
  expect(scriptSrc()).not.toContain("banorte");
  process.env.PAYMENT_PROVIDER = "banorte";
  try {
    expect(scriptSrc()).toContain("https://multicobros.banorte.com");
  } finally {
    delete process.env.PAYMENT_PROVIDER;
  }
});
