import { afterAll, beforeAll, expect, test } from "vitest";
import { setChosenCourse } from "~/accounts/session.server";
import { MODALITY } from "~/courses/modality";
import { db } from "~/db.server";
import { createCourse, createParticipant, sessionCookieFor } from "../factories";
import { startTestServer } from "../support/test-server";
import { samplePdf, samplePng } from "../support/sample-files";
import { useSeededDatabase } from "../support/database";

// The payment routes through the real Express app and Remix build.
let baseUrl = "";
let close: () => Promise<void>;
let cookie = "";
const COURSE_ID = 7950;

beforeAll(async () => {
  await useSeededDatabase();
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
  expect(html).toContain("El pago con tarjeta necesita JavaScript");
});

test("the invoice form refuses a bad RFC and a constancia that is not a PDF, then stores a good request", async () => {
  const bad = await invoiceForm(
    { rfc: "NO-ES-RFC", legalName: "", taxRegime: "601", postcode: "123", cfdiUse: "G03" },
    { data: samplePng(), name: "constancia.pdf" },
  );
  expect(bad.status).toBe(400);
  const html = await bad.text();
  expect(html).toContain("Escriba un RFC válido");
  expect(html).toContain("Escriba el nombre o la razón social.");
  expect(html).toContain("código postal fiscal de 5 dígitos");
  expect(html).toContain("La constancia debe ser un archivo PDF.");
  expect(await db.selectFrom("invoice_requests").selectAll().execute()).toHaveLength(0);

  const good = await invoiceForm(
    { rfc: "GOMJ800101AB1", legalName: "Juana Gómez", taxRegime: "612", postcode: "06720", cfdiUse: "D10" },
    { data: samplePdf(), name: "constancia.pdf" },
  );
  expect(good.status).toBe(303);
  const rows = await db.selectFrom("invoice_requests").select(["rfc", "postcode"]).execute();
  expect(rows).toEqual([{ rfc: "GOMJ800101AB1", postcode: "06720" }]);
});

test("the relay needs a known callback and the attempt's token; the simulator script is same-origin JavaScript", async () => {
  for (const body of ["{}", "null", "[]", JSON.stringify({ kind: "success", response: {} })]) {
    const bad = await fetch(`${baseUrl}/payment/relay`, {
      method: "POST",
      headers: { Origin: baseUrl, "Content-Type": "application/json" },
      body,
    });
    expect(bad.status).toBe(400);
  }
  const unknown = await fetch(`${baseUrl}/payment/relay`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: baseUrl, "Content-Type": "application/json" },
    body: JSON.stringify({ kind: "approve" }),
  });
  expect(unknown.status).toBe(400);
  const doctored = await fetch(`${baseUrl}/payment/relay`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: baseUrl, "Content-Type": "application/json" },
    body: JSON.stringify({ kind: "success", token: "x".repeat(43), response: { numeroControl: "HIMFGCURSOS7950AAAAAAAAAA", data: "x" } }),
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

/** A participant signed in with COURSE_ID chosen: the session cookie. */
async function signedInWithCourse(email: string, role: "EXTERNO" | "PERSONAL_HIMFG") {
  const participant = await createParticipant({ name: "Otra Persona", email, role });
  const signedIn = await sessionCookieFor(participant);
  return { id: participant.id, cookie: (await setChosenCourse(new Request(baseUrl, { headers: { Cookie: signedIn } }), COURSE_ID)).split(";")[0]! };
}

test("without JavaScript the card step says so and a card post creates nothing", async () => {
  const who = await signedInWithCourse("sinjs@example.org", "EXTERNO");
  const html = await (await fetch(`${baseUrl}/payment`, { headers: { Cookie: who.cookie } })).text();
  expect(html).toContain("El pago con tarjeta necesita JavaScript");
  // The button only exists once the page is hydrated.
  expect(html).not.toContain("Pagar con tarjeta</button>");
  expect(html).toContain("Pagaré por transferencia o en ventanilla");
  const post = await fetch(`${baseUrl}/payment`, {
    method: "POST",
    headers: { Cookie: who.cookie, Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=card",
    redirect: "manual",
  });
  expect(post.status).toBe(400);
  expect(await post.text()).toContain("necesita JavaScript");
  expect(await db.selectFrom("enrolments").select("id").where("participant_id", "=", who.id).execute()).toEqual([]);
});

test("a confirmed enrolment shows itself and its PDF instead of the payment and invoice sections; so does the catalogue card; a review hides them too", async () => {
  const { confirmEnrolment, startEnrolment } = await import("~/enrolment/enrolment.server");
  const confirmed = await signedInWithCourse("yainscrito@example.org", "EXTERNO");
  const started = await startEnrolment(db, { participantId: confirmed.id, profile: "EXTERNO", courseId: COURSE_ID, modality: "en_linea" });
  if (!started.ok) throw new Error("no");
  await db.transaction().execute((trx) => confirmEnrolment(trx, started.enrolmentId, { paid: true }));
  const html = await (await fetch(`${baseUrl}/payment`, { headers: { Cookie: confirmed.cookie } })).text();
  expect(html).toContain("Ya está inscrito en este curso.");
  expect(html).toContain(`/payment/acceso/${started.enrolmentId}.pdf`);
  expect(html).not.toContain("Facturación");
  expect(html).not.toContain("Pago con tarjeta");
  const catalogue = await (await fetch(`${baseUrl}/ensenanza/offer?mes=2`, { headers: { Cookie: confirmed.cookie } })).text();
  const card = catalogue.slice(catalogue.indexOf(`data-course-id="${COURSE_ID}"`));
  expect(card.slice(0, card.indexOf("</article>"))).toContain("Ya está inscrito en este curso.");
  expect(card.slice(0, card.indexOf("</article>"))).not.toContain(">Comprar<");

  const review = await signedInWithCourse("enrevision@example.org", "PERSONAL_HIMFG");
  const reviewStarted = await startEnrolment(db, { participantId: review.id, profile: "PERSONAL_HIMFG", courseId: COURSE_ID, modality: "en_linea" });
  expect(reviewStarted).toMatchObject({ ok: true, status: "pendiente_de_revision" });
  const reviewHtml = await (await fetch(`${baseUrl}/payment`, { headers: { Cookie: review.cookie } })).text();
  expect(reviewHtml).toContain("Su documentación está en revisión.");
  expect(reviewHtml).not.toContain("Facturación");
  expect(reviewHtml).not.toContain("Mandar documentación a revisión");
});

test("after a T answer the page offers no card payment, says why and whom to call; a card post is refused", async () => {
  const { startCardPayment } = await import("~/payments/payments.server");
  const { handleRelay } = await import("~/payments/relay.server");
  const { answerSimulatedPayment, createSimulatorProvider } = await import("~/payments/simulator.server");
  const { getSettings } = await import("~/settings/settings.server");
  const provider = createSimulatorProvider(db, "AUT");
  const who = await signedInWithCourse("sinrespuesta@example.org", "EXTERNO");
  const started = await startCardPayment(db, provider, { participantId: who.id, profile: "EXTERNO", courseId: COURSE_ID, modality: "en_linea" });
  if (!started.ok) throw new Error("no");
  const answer = await answerSimulatedPayment(db, started.params, "4000000000000119");
  if (answer.kind !== "answer") throw new Error("no");
  expect(
    await handleRelay(db, provider, { kind: "success", payload: answer.response, controlNumber: null, relayToken: started.relayToken }),
  ).toMatchObject({
    status: "no_answer",
  });
  const html = await (await fetch(`${baseUrl}/payment`, { headers: { Cookie: who.cookie } })).text();
  const { phone, email } = await getSettings(db);
  expect(html).toContain("El banco no respondió a su pago anterior");
  expect(html).toContain(phone);
  expect(html).toContain(email);
  expect(html).not.toContain("El cobro se hace en la ventana segura del banco");
  const post = await fetch(`${baseUrl}/payment`, {
    method: "POST",
    headers: { Cookie: who.cookie, Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=card&js=1",
  });
  expect(post.status).toBe(409);
  expect(await db.selectFrom("payment_attempts").select("id").where("enrolment_id", "=", started.enrolmentId).execute()).toHaveLength(1);
});

test("an unknown /verificar token answers 404 with a page that says the document is not valid", async () => {
  const response = await fetch(`${baseUrl}/verificar/AAAAAAAAAAAAAAAAAAAAAA`);
  expect(response.status).toBe(404);
  const html = await response.text();
  expect(html).toContain("Este documento no es válido");
  expect(html).toContain("Verificación de inscripción");
});

test("an approval for a second tab's attempt on an already paid enrolment is shown as money to refund", async () => {
  const { startCardPayment } = await import("~/payments/payments.server");
  const { handleRelay } = await import("~/payments/relay.server");
  const { answerSimulatedPayment, createSimulatorProvider } = await import("~/payments/simulator.server");
  const provider = createSimulatorProvider(db, "AUT");
  const who = await signedInWithCourse("dospestanas@example.org", "EXTERNO");
  const input = { participantId: who.id, profile: "EXTERNO" as const, courseId: COURSE_ID, modality: "en_linea" as const };
  const first = await startCardPayment(db, provider, input);
  const second = await startCardPayment(db, provider, input);
  if (!first.ok || !second.ok) throw new Error("no");
  for (const started of [second, first]) {
    const answer = await answerSimulatedPayment(db, started.params, "4111111111111111");
    if (answer.kind !== "answer") throw new Error("no");
    expect(
      await handleRelay(db, provider, { kind: "success", payload: answer.response, controlNumber: null, relayToken: started.relayToken }),
    ).toMatchObject({
      applied: true,
      status: "approved",
    });
  }
  const paid = await (await fetch(`${baseUrl}/payment/resultado/${second.controlNumber}`, { headers: { Cookie: who.cookie } })).text();
  expect(paid).toContain("Pago aprobado");
  const refunded = await (await fetch(`${baseUrl}/payment/resultado/${first.controlNumber}`, { headers: { Cookie: who.cookie } })).text();
  expect(refunded).toContain("Pago recibido: se reembolsará");
  expect(refunded).toContain("Reembolso pendiente.");
  expect(refunded).not.toContain("Descargar acceso (PDF)");
});
