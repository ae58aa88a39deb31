import { decode } from "turbo-stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { startDonation } from "~/donations/donations.server";
import { startMailCapture, stopMailCapture } from "~/mail/capture.server";
import { getCapturedAttachment } from "~/mail/outbox.server";
import { decryptResponseText } from "~/payments/banorte/cipher.server";
import { runPaymentMaintenance } from "~/payments/maintenance.server";
import { answerSimulatedPayment, createSimulatorProvider } from "~/payments/simulator.server";
import { samplePdf, samplePng, twoMegabytePdf } from "../support/sample-files";
import { startTestServer } from "../support/test-server";
import { useSeededDatabase } from "../support/database";
import { waitForMail } from "../support/mail";

// /donacion over plain HTTP through the real Express app and Remix build: bad input stores
// nothing, the server fixes the amount, the relay needs the attempt's token, replays and edited
// answers change nothing, an approval mails a PDF receipt, and the abuse limits answer 429.
let baseUrl = "";
let close: () => Promise<void>;
const APPROVE = "4111111111111111";
const DECLINE = "4000000000000002";

beforeAll(async () => {
  await useSeededDatabase();
  await startMailCapture();
  ({ baseUrl, close } = await startTestServer());
});

afterAll(async () => {
  await close?.();
  await stopMailCapture();
});

type Fields = Record<string, string>;
type Files = Record<string, { data: Buffer; name: string }>;

const GOOD: Fields = { Amount: "250.00", donativo_nombre: "Donante Prueba", donativo_correo: "donante@example.org", js: "1" };

function formOf(fields: Fields, files: Files) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [k, f] of Object.entries(files)) form.set(k, new Blob([new Uint8Array(f.data)]), f.name);
  return form;
}

function post(fields: Fields, files: Files = {}) {
  return fetch(`${baseUrl}/donacion`, { method: "POST", headers: { Origin: baseUrl }, body: formOf(fields, files), redirect: "manual" });
}

/** The started card step as JSON (what the hydrated page receives) and the token cookie. */
async function start(fields: Fields = GOOD, files: Files = {}) {
  // The hydrated page posts to the single-fetch URL and reads a turbo-stream.
  const response = await fetch(`${baseUrl}/donacion.data`, { method: "POST", headers: { Origin: baseUrl }, body: formOf(fields, files) });
  expect(response.status).toBe(200);
  const decoded = await decode(response.body!);
  await decoded.done;
  const body = (decoded.value as { data: unknown }).data as {
    step: string;
    started: { params: string; controlNumber: string; relayToken: string };
    amountCentavos: number;
  };
  expect(body.step).toBe("card");
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!;
  expect(cookie).toMatch(/^himfg_donativo=/);
  return { ...body.started, amountCentavos: body.amountCentavos, cookie };
}

const counts = async () => ({
  donations: (await db.selectFrom("donations").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n,
  attempts: (await db.selectFrom("payment_attempts").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n,
  files: (await db.selectFrom("stored_files").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n,
  invoices: (await db.selectFrom("invoice_requests").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n,
});

function relay(body: unknown) {
  return fetch(`${baseUrl}/payment/relay`, {
    method: "POST",
    headers: { Origin: baseUrl, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

const donation = (controlNumber: string) =>
  db.selectFrom("donations").selectAll().where("control_number", "=", controlNumber).executeTakeFirstOrThrow();

test("the page: suggested amounts, the seed's field names, honeypot, privacy notice, transfer option, no-JavaScript notice", async () => {
  const response = await fetch(`${baseUrl}/donacion`);
  expect(response.status).toBe(200);
  const html = await response.text();
  for (const name of [
    "Amount",
    "otra_cantidad",
    "donativo_nombre",
    "donativo_correo",
    "donativo_carta_motivo",
    "donativo_facturacion",
    "sitio_web",
  ]) {
    expect(html).toContain(`name="${name}"`);
  }
  expect(html).toContain('value="250.00"');
  expect(html).toContain("Otra cantidad");
  expect(html).toContain('href="/avisos-de-privacidad"');
  expect(html).toContain("Donar por transferencia bancaria");
  expect(html).toContain("<noscript>");
  expect(html).toContain("El pago con tarjeta necesita JavaScript");
  // Linked from the header, footer and home page.
  const home = await (await fetch(`${baseUrl}/`)).text();
  expect(home.match(/href="\/donacion"/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
});

describe("bad input: 400 (every error, typed values kept, never files), and nothing stored", () => {
  const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(200, 1)]);
  const cases: [string, Fields, Files, RegExp][] = [
    ["amount empty", { ...GOOD, Amount: "" }, {}, /Elija uno de los montos sugeridos/],
    ["amount other, empty", { ...GOOD, Amount: "otra", otra_cantidad: "" }, {}, /Escriba la cantidad que desea donar/],
    ["amount 0", { ...GOOD, Amount: "otra", otra_cantidad: "0" }, {}, /mínimo en línea es de \$10\.00/],
    ["amount negative", { ...GOOD, Amount: "otra", otra_cantidad: "-50" }, {}, /Escriba el monto en pesos/],
    ["amount abc", { ...GOOD, Amount: "otra", otra_cantidad: "abc" }, {}, /Escriba el monto en pesos/],
    ["amount 1e6", { ...GOOD, Amount: "otra", otra_cantidad: "1e6" }, {}, /Escriba el monto en pesos/],
    ["amount 10.999", { ...GOOD, Amount: "otra", otra_cantidad: "10.999" }, {}, /Escriba el monto en pesos/],
    ["amount 9.99", { ...GOOD, Amount: "9.99" }, {}, /mínimo en línea/],
    ["amount over the maximum", { ...GOOD, Amount: "otra", otra_cantidad: "100000.01" }, {}, /máximo en línea es de \$100,000\.00.*transferencia/],
    ["name empty", { ...GOOD, donativo_nombre: "" }, {}, /Escriba su nombre o el de la organización/],
    ["name of 10,000 characters", { ...GOOD, donativo_nombre: "a".repeat(10_000) }, {}, /200 caracteres como máximo/],
    ["name with control characters", { ...GOOD, donativo_nombre: "Ana\u202Emal" }, {}, /caracteres invisibles/],
    ["e-mail invalid", { ...GOOD, donativo_correo: "no-es-correo" }, {}, /correo electrónico válido/],
    ["letter over 1 MB", GOOD, { donativo_carta_motivo: { data: twoMegabytePdf(), name: "carta.pdf" } }, /carta de motivos pesa más de 1 MB/],
    ["letter empty", GOOD, { donativo_carta_motivo: { data: Buffer.alloc(0), name: "carta.pdf" } }, /El archivo está vacío/],
    ["letter an EXE renamed .pdf", GOOD, { donativo_carta_motivo: { data: exe, name: "carta.pdf" } }, /no es JPG, PNG ni PDF/],
    ["constancia not a PDF", GOOD, { donativo_facturacion: { data: samplePng(), name: "constancia.pdf" } }, /debe ser un archivo PDF/],
    [
      "RFC malformed",
      { ...GOOD, factura: "si", rfc: "NO-ES-RFC", legalName: "Fundación Prueba", taxRegime: "603", postcode: "06720", cfdiUse: "G03" },
      { donativo_facturacion: { data: samplePdf(), name: "constancia.pdf" } },
      /Escriba un RFC válido/,
    ],
    ["invoice wanted without constancia", { ...GOOD, factura: "si", rfc: "FPR010101AB1" }, {}, /Adjunte su constancia/],
    ["honeypot filled", { ...GOOD, sitio_web: "http://spam.example" }, {}, /deje vacío el campo oculto/],
  ];
  for (const [name, fields, files, message] of cases) {
    test(name, async () => {
      const before = await counts();
      const response = await post(fields, { donativo_carta_motivo: { data: samplePng(), name: "carta.png" }, ...files });
      expect(response.status).toBe(400);
      const html = (await response.text()).replaceAll("&quot;", '"');
      expect(html).toMatch(message);
      // What was typed comes back (the e-mail, when it is not the field at fault); files never do.
      if (fields.donativo_correo === GOOD.donativo_correo) expect(html).toContain('value="donante@example.org"');
      if (fields.otra_cantidad) expect(html).toContain(`value="${fields.otra_cantidad}"`);
      expect(html).not.toContain("%PDF");
      expect(await counts()).toEqual(before);
    });
  }

  test("several problems are answered at once", async () => {
    const response = await post({ Amount: "abc", donativo_nombre: "", donativo_correo: "x", js: "1" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Escriba el monto en pesos");
    expect(html).toContain("Escriba su nombre");
    expect(html).toContain("correo electrónico válido");
  });
});

test("without JavaScript a valid form is accepted as valid, explains the card step and stores nothing", async () => {
  const before = await counts();
  const { js: _js, ...noScript } = GOOD;
  const response = await post(noScript);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("Sus datos están completos.");
  expect(html).toContain('value="Donante Prueba"');
  expect(await counts()).toEqual(before);
});

describe("a card donation through the simulator", () => {
  const simulator = () => createSimulatorProvider(db, "AUT");

  test("the server fixes the amount; an approval through the relay approves the donation once and mails a PDF receipt", async () => {
    const started = await start(
      { ...GOOD, Amount: "otra", otra_cantidad: "$1,234.50", donativo_correo: "aprobado@example.org" },
      {
        donativo_carta_motivo: { data: samplePdf(), name: "carta.pdf" },
      },
    );
    expect(started.controlNumber).toMatch(/^HIMFGCURSOSDON[A-Z0-9]{10}$/);
    expect(started.amountCentavos).toBe(123_450);
    const row = await donation(started.controlNumber);
    expect(row).toMatchObject({ status: "pendiente", amount_centavos: 123_450, donor_email: "aprobado@example.org", approved_at: null });
    expect(row.letter_file_id).not.toBeNull();
    const attempt = await db.selectFrom("payment_attempts").selectAll().where("donation_id", "=", row.id).executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ purpose: "donativo", enrolment_id: null, amount_centavos: 123_450, status: "pending" });
    // The token is stored hashed, never as given.
    expect(attempt.relay_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(attempt.relay_token_hash).not.toContain(started.relayToken);

    const answer = await answerSimulatedPayment(db, started.params, APPROVE);
    if (answer.kind !== "answer") throw new Error(answer.errorCode);
    // The bank was asked for our amount.
    expect(
      (
        await db
          .selectFrom("simulator_transactions")
          .select("amount_centavos")
          .where("control_number", "=", started.controlNumber)
          .executeTakeFirstOrThrow()
      ).amount_centavos,
    ).toBe(123_450);

    // Without the token, or with another one, the relay changes nothing.
    // The last character is changed to one it is not (a fixed "A" is the real token once in 64 runs).
    const otherLast = started.relayToken.endsWith("A") ? "B" : "A";
    for (const token of [undefined, "x".repeat(43), started.relayToken.slice(0, -1) + otherLast]) {
      const refused = await relay({ kind: "success", token, controlNumber: started.controlNumber, response: answer.response });
      expect(refused.status === 400 || (await refused.json()).applied === false).toBe(true);
    }
    expect((await donation(started.controlNumber)).status).toBe("pendiente");

    const applied = await relay({ kind: "success", token: started.relayToken, controlNumber: started.controlNumber, response: answer.response });
    expect(await applied.json()).toEqual({ applied: true, status: "approved" });
    const approved = await donation(started.controlNumber);
    expect(approved.status).toBe("aprobada");
    expect(approved.approved_at).not.toBeNull();

    const mail = await waitForMail(db, { to: "aprobado@example.org", subject: `Recibo de su donativo ${started.controlNumber}` }, 20_000);
    expect(mail.text).toContain("Su donación ha sido procesada con éxito");
    expect(mail.text).toContain("no es un comprobante fiscal (CFDI)");
    expect(mail.attachments.map((a) => a.contentType)).toEqual(["application/pdf"]);
    const pdf = await getCapturedAttachment(db, mail.id, mail.attachments[0]!.position);
    expect(pdf!.data.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // Replays change nothing and mail nothing more.
    for (let i = 0; i < 3; i++) {
      const again = await relay({ kind: "success", token: started.relayToken, controlNumber: started.controlNumber, response: answer.response });
      expect(await again.json()).toEqual({ applied: false, status: null });
      const cancel = await relay({ kind: "cancel", token: started.relayToken, controlNumber: started.controlNumber, response: null });
      expect(await cancel.json()).toEqual({ applied: false, status: null });
    }
    expect(await donation(started.controlNumber)).toEqual(approved);
    const receipts = await db.selectFrom("mail_outbox").select("id").where("subject", "like", `%${started.controlNumber}%`).execute();
    expect(receipts).toHaveLength(1);

    // The result page: only for the browser holding the token cookie.
    const page = await fetch(`${baseUrl}/donacion/resultado/${started.controlNumber}`, { headers: { Cookie: started.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Su donación ha sido procesada con éxito");
    expect(html).toContain("Gracias por su apoyo");
    expect(html).toContain(started.controlNumber);
    expect(html).toContain("$1,234.50 MXN");
    expect(html).toMatch(/de 20\d\d/);
    expect((await fetch(`${baseUrl}/donacion/resultado/${started.controlNumber}`)).status).toBe(404);
    expect(
      (await fetch(`${baseUrl}/donacion/resultado/${started.controlNumber}`, { headers: { Cookie: `himfg_donativo=${"A".repeat(43)}` } })).status,
    ).toBe(404);
  });

  test("a declined answer edited into an approval (AES-CTR bit flip) is tampering: the bank's 'no' closes the donation, nothing is approved", async () => {
    const started = await start({ ...GOOD, Amount: "100.00", donativo_correo: "rechazo@example.org" });
    const answer = await answerSimulatedPayment(db, started.params, DECLINE);
    if (answer.kind !== "answer") throw new Error(answer.errorCode);
    const attempt = await db.selectFrom("payment_attempts").selectAll().where("control_number", "=", started.controlNumber).executeTakeFirstOrThrow();
    const plaintext = decryptResponseText(answer.response.data!, {
      viHex: attempt.vi_hex!,
      saltHex: attempt.salt_hex!,
      passphrase: attempt.passphrase!,
    });
    const find = '"codigoAut":"","texto":"Declinada","codigoPayw":"05","resultadoAut":"Declinada"';
    expect(plaintext).toContain(find);
    const wanted = plaintext
      .replace('"resultadoPayw":"D"', '"resultadoPayw":"A"')
      .replace(find, '"codigoAut":"123456","texto":"Aprobada"'.padEnd(find.length, " "));
    const c = Buffer.from(answer.response.data!, "base64");
    const p = Buffer.from(plaintext, "utf8");
    const w = Buffer.from(wanted, "utf8");
    for (let i = 0; i < c.length; i++) c[i] = c[i]! ^ p[i]! ^ w[i]!;
    const forged = await relay({
      kind: "success",
      token: started.relayToken,
      controlNumber: started.controlNumber,
      response: { ...answer.response, data: c.toString("base64") },
    });
    // The relay is only a claim; the simulated bank's own record says declined, and that settles it.
    expect(await forged.json()).toEqual({ applied: true, status: "declined" });
    expect(await donation(started.controlNumber)).toMatchObject({ status: "rechazada", approved_at: null });
    const logged = await db.selectFrom("payment_events").select(["outcome", "reason"]).where("payment_attempt_id", "=", attempt.id).execute();
    expect(logged.at(-1)).toMatchObject({ outcome: "tampering", reason: expect.stringContaining("el banco no confirma la aprobación") });

    const real = await relay({ kind: "success", token: started.relayToken, controlNumber: started.controlNumber, response: answer.response });
    expect(await real.json()).toEqual({ applied: false, status: null });
    expect(await donation(started.controlNumber)).toMatchObject({ status: "rechazada", approved_at: null });
    const html = await (await fetch(`${baseUrl}/donacion/resultado/${started.controlNumber}`, { headers: { Cookie: started.cookie } })).text();
    expect(html).toContain("Pago rechazado");
    expect(await db.selectFrom("mail_outbox").select("id").where("subject", "like", `%${started.controlNumber}%`).execute()).toHaveLength(0);
  });

  test("cancel shows «Operación cancelada»; an invoice request is stored for the donation with its constancia", async () => {
    const before = await counts();
    const started = await start(
      {
        ...GOOD,
        Amount: "500.00",
        factura: "si",
        rfc: "fpr010101ab1",
        legalName: "Fundación Prueba",
        taxRegime: "603",
        postcode: "06720",
        cfdiUse: "G03",
      },
      { donativo_facturacion: { data: samplePdf(), name: "constancia.pdf" } },
    );
    const row = await donation(started.controlNumber);
    const invoice = await db.selectFrom("invoice_requests").selectAll().where("donation_id", "=", row.id).executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ enrolment_id: null, rfc: "FPR010101AB1", constancia_file_id: row.tax_certificate_file_id });
    expect(await counts()).toEqual({
      donations: before.donations + 1,
      attempts: before.attempts + 1,
      files: before.files + 1,
      invoices: before.invoices + 1,
    });
    const cancelled = await relay({ kind: "cancel", token: started.relayToken, controlNumber: started.controlNumber, response: null });
    expect(await cancelled.json()).toEqual({ applied: true, status: "cancelled" });
    expect((await donation(started.controlNumber)).status).toBe("cancelada");
    const html = await (await fetch(`${baseUrl}/donacion/resultado/${started.controlNumber}`, { headers: { Cookie: started.cookie } })).text();
    expect(html).toContain("Operación cancelada");
  });

  test("an abandoned card step expires the donation; a late approval the bank confirms still approves it", async () => {
    const provider = simulator();
    const outcome = await startDonation(db, provider, {
      amountCentavos: 5_000,
      donorName: "Tarde",
      donorEmail: "tarde@example.org",
      invoice: null,
      letter: null,
      taxCertificate: null,
      clientAddress: "198.51.100.7",
    });
    if (!outcome.ok) throw new Error(outcome.problem.code);
    await answerSimulatedPayment(db, outcome.params, APPROVE);
    await runPaymentMaintenance(db, { now: new Date(Date.now() + 3 * 3_600_000), holdMinutes: 15 });
    expect((await donation(outcome.controlNumber)).status).toBe("expirada");
    await runPaymentMaintenance(db, { now: new Date(Date.now() + 20 * 60_000), holdMinutes: 15, provider });
    expect((await donation(outcome.controlNumber)).status).toBe("aprobada");
  });
});

describe("abuse limits", () => {
  const input = (email: string, clientAddress: string) => ({
    amountCentavos: 2_000,
    donorName: "Límite",
    donorEmail: email,
    invoice: null,
    letter: null,
    taxCertificate: null,
    clientAddress,
  });

  test("per e-mail and per client address per hour", async () => {
    const provider = createSimulatorProvider(db, "AUT");
    for (let i = 0; i < 5; i++) expect((await startDonation(db, provider, input("mismo@example.org", `192.0.2.${i}`))).ok).toBe(true);
    expect(await startDonation(db, provider, input("mismo@example.org", "192.0.2.99"))).toMatchObject({
      ok: false,
      problem: expect.objectContaining({ code: "throttled" }),
    });
    for (let i = 0; i < 10; i++) expect((await startDonation(db, provider, input(`otro${i}@example.org`, "192.0.2.200"))).ok).toBe(true);
    expect(await startDonation(db, provider, input("otro-mas@example.org", "192.0.2.200"))).toMatchObject({
      ok: false,
      problem: expect.objectContaining({ code: "throttled" }),
    });
  });

  test("a burst of declined cards from one address is stopped with 429 and a clear message, storing nothing", async () => {
    // The address the test server sees for this client (one decline from it is already recorded above).
    const { client_address: address } = await db
      .selectFrom("donations")
      .select("client_address")
      .where("donor_email", "=", "rechazo@example.org")
      .executeTakeFirstOrThrow();
    expect(address).toBeTruthy();
    // Two more declined cards within the hour: the third is the burst.
    const provider = createSimulatorProvider(db, "AUT");
    for (let i = 0; i < 2; i++) {
      const outcome = await startDonation(db, provider, input(`rechazo${i}@example.org`, address!));
      if (!outcome.ok) throw new Error(outcome.problem.code);
      await db
        .updateTable("donations")
        .set({ status: "rechazada", updated_at: new Date().toISOString() })
        .where("control_number", "=", outcome.controlNumber)
        .execute();
    }
    expect(await startDonation(db, provider, input("directo@example.org", address!))).toMatchObject({
      ok: false,
      problem: expect.objectContaining({ code: "declined-burst" }),
    });
    const before = await counts();
    const response = await post({ ...GOOD, donativo_correo: "nuevo@example.org" });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after") ?? "").toMatch(/^\d+$/);
    const html = await response.text();
    expect(html).toContain("El banco rechazó varios pagos hechos desde su conexión");
    expect(html).toContain('value="nuevo@example.org"');
    expect(await counts()).toEqual(before);
  });
});
