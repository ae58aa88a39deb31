import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readConfig } from "~/config.server";
import { db } from "~/db.server";
import { donationTokenCookie } from "~/donations/donation-cookie.server";
import { startDonation } from "~/donations/donations.server";
import { HELD_UNTIL_BANK_ANSWERS } from "~/enrolment/enrolment.server";
import { startMailCapture, stopMailCapture } from "~/mail/capture.server";
import { decryptParams, encryptResponse } from "~/payments/banorte/cipher.server";
import { runPaymentMaintenance } from "~/payments/maintenance.server";
import { startCardPayment } from "~/payments/payments.server";
import { getPaymentProvider } from "~/payments/provider.server";
import type { PaymentProvider } from "~/payments/provider-types";
import { confirmPaymentIn, mailApproval } from "~/payments/settle.server";
import { makeSelfSignedCertificate } from "~/payments/simulator-certificate.server";
import { createCourse, createSignedInParticipant } from "../factories";
import { useSeededDatabase } from "../support/database";
import { startTestServer } from "../support/test-server";

// Issue 19, decision 0030: on a real-use start (DEMO_MODE=false, PUBLIC_URL, SMTP, Banorte in PRD
// with a certificate, and no BANORTE_VERIFY_URL), a buyer whose card was declined bit-flips the
// AES-CTR answer into a perfect approval and relays it with their own relay token. The relay is a
// claim: the attempt waits "en verificación", nothing is delivered, and only an out-of-band proof
// fulfils it, once.

const PUBLIC_URL = "https://cursos.himfg.example";
const MERCHANT_ID = "1234567";
const certificateDir = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-banorte-"));
const certificatePath = path.join(certificateDir, "banorte.pem");
// The bank's key pair, made here: we encrypt Params with its certificate, and play the bank's
// lightbox (which decrypts them with its private key and answers under the same AES keys).
const bankKeys = makeSelfSignedCertificate("banorte.example");
fs.writeFileSync(certificatePath, bankKeys.certificatePem);

let baseUrl = "";
let close: () => Promise<void> = async () => {};
let banorte: PaymentProvider;
const saved = { ...process.env };

beforeAll(async () => {
  const smtp = await startMailCapture({ port: 0 });
  Object.assign(process.env, {
    NODE_ENV: "production",
    SESSION_SECRET: "x".repeat(32),
    DEMO_MODE: "false",
    PUBLIC_URL,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PAYMENT_PROVIDER: "banorte",
    BANORTE_MODE: "PRD",
    BANORTE_MERCHANT_ID: MERCHANT_ID,
    BANORTE_USER: "usuario",
    BANORTE_PASSWORD: "secreto",
    BANORTE_TERMINAL_ID: "12345678",
    BANORTE_CERTIFICATE_PATH: certificatePath,
  });
  delete process.env.BANORTE_VERIFY_URL;
  await useSeededDatabase();
  banorte = await getPaymentProvider(db, readConfig());
  expect(banorte.name).toBe("banorte");
  expect(await banorte.verifyPayment({ controlNumber: "X", amountCentavos: 100 })).toEqual({ kind: "unavailable" });
  ({ baseUrl, close } = await startTestServer({ env: { NODE_ENV: process.env.NODE_ENV } }));
});

afterAll(async () => {
  await close();
  await stopMailCapture();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

/** What Banorte's lightbox answers a declined card: the format is public, the values easy to learn. */
function bankDeclines(params: string, controlNumber: string): { data: string; plaintext: string } {
  const { keys } = decryptParams(params, bankKeys.privateKeyPem);
  const now = new Date().toISOString();
  const answer = {
    idAfiliacion: Number(MERCHANT_ID),
    referencia: "123456789012",
    numeroControl: controlNumber,
    fechaReqCte: now,
    fechaRspCte: now,
    resultadoPayw: "D",
    codigoAut: "",
    texto: "Declinada",
    codigoPayw: "05",
    resultadoAut: "Declinada",
  };
  return { data: encryptResponse(answer, keys), plaintext: JSON.stringify(answer) };
}

/** The attacker's edit: the decline's known tail XORed into an approval of the same length. */
function forgeApproval(data: string, plaintext: string): string {
  const tail = '"codigoAut":"","texto":"Declinada","codigoPayw":"05","resultadoAut":"Declinada"';
  const approval = '"codigoAut":"777777","texto":"Aprobada"';
  const wanted = plaintext.replace('"resultadoPayw":"D"', '"resultadoPayw":"A"').replace(tail, approval + " ".repeat(tail.length - approval.length));
  expect(wanted.length).toBe(plaintext.length);
  const c = Buffer.from(data, "base64");
  const p = Buffer.from(plaintext, "utf8");
  const w = Buffer.from(wanted, "utf8");
  return Buffer.from(c.map((byte, i) => byte ^ p[i]! ^ w[i]!)).toString("base64");
}

async function relay(controlNumber: string, token: string, data: string) {
  const response = await fetch(`${baseUrl}/payment/relay`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: PUBLIC_URL, "Sec-Fetch-Site": "same-origin" },
    body: JSON.stringify({ kind: "success", controlNumber, token, response: { data, numeroControl: controlNumber } }),
  });
  return { status: response.status, body: (await response.json()) as { applied: boolean; status: string | null } };
}

const attemptRow = (controlNumber: string) =>
  db.selectFrom("payment_attempts").selectAll().where("control_number", "=", controlNumber).executeTakeFirstOrThrow();
const mailsTo = (email: string) => db.selectFrom("mail_outbox").select(["subject"]).where("envelope_to", "like", `%${email}%`).execute();

describe("a forged approval on a real-use start", () => {
  test("for a course: en verificación, seat held, no PDF, no mail; a bank proof then fulfils it exactly once", async () => {
    const buyer = await createSignedInParticipant();
    const courseId = await createCourse({ course_max_range: 1 });
    const started = await startCardPayment(db, banorte, { participantId: buyer.id, profile: "EXTERNO", courseId, modality: "presencial" });
    if (!started.ok) throw new Error(started.problem.code);
    const declined = bankDeclines(started.params, started.controlNumber);
    const forged = forgeApproval(declined.data, declined.plaintext);

    const answer = await relay(started.controlNumber, started.relayToken, forged);
    expect(answer).toEqual({ status: 200, body: { applied: true, status: "in_verification" } });
    const claimed = await attemptRow(started.controlNumber);
    expect(claimed).toMatchObject({ status: "in_verification", codigo_aut: null, referencia: null, claimed_codigo_aut: "777777", vi_hex: null });
    const enrolment = await db.selectFrom("enrolments").selectAll().where("id", "=", started.enrolmentId).executeTakeFirstOrThrow();
    expect(enrolment).toMatchObject({ status: "pendiente_de_pago", seat_held_until: HELD_UNTIL_BANK_ANSWERS });

    // A replay changes nothing; maintenance never expires the claim nor frees its seat.
    expect((await relay(started.controlNumber, started.relayToken, forged)).body).toEqual({ applied: false, status: null });
    const later = new Date(Date.now() + 3 * 24 * 3_600_000);
    await runPaymentMaintenance(db, { now: later, holdMinutes: 15, provider: banorte, origin: PUBLIC_URL });
    expect(await attemptRow(started.controlNumber)).toMatchObject({ status: "in_verification" });
    const other = await createSignedInParticipant();
    expect(await startCardPayment(db, banorte, { participantId: other.id, profile: "EXTERNO", courseId, modality: "presencial" })).toMatchObject({
      ok: false,
      problem: expect.objectContaining({ code: "no-seats" }),
    });

    // The participant's pages say it in words; the access PDF does not exist yet; no mail went out.
    const cookie = { Cookie: buyer.cookie };
    const result = await fetch(`${baseUrl}/payment/resultado/${started.controlNumber}`, { headers: cookie });
    expect(await result.text()).toContain("Pago recibido: lo estamos confirmando con el banco");
    const profile = await (await fetch(`${baseUrl}/profile`, { headers: cookie })).text();
    expect(profile).toContain("Pago recibido: lo estamos confirmando con el banco");
    expect(profile).not.toContain(`/payment/acceso/${started.enrolmentId}.pdf`);
    expect([403, 404]).toContain((await fetch(`${baseUrl}/payment/acceso/${started.enrolmentId}.pdf`, { headers: cookie })).status);
    expect(await mailsTo(buyer.email)).toEqual([]);

    // The bank's word arrives out of band (here: the one transition, as verification, the report
    // and finance call it): confirmed once, mailed once.
    const proof = { source: "report", referencia: "123456789012", codigoAut: "777777", actor: "Finanzas" } as const;
    const first = await db.transaction().execute((trx) => confirmPaymentIn(trx, claimed.id, proof));
    expect(first).toMatchObject({ settled: true, refundReason: null });
    await mailApproval(db, claimed.id, PUBLIC_URL);
    const second = await db.transaction().execute((trx) => confirmPaymentIn(trx, claimed.id, proof));
    expect(second).toEqual({ settled: false });
    expect(await attemptRow(started.controlNumber)).toMatchObject({ status: "approved", verification: "conciliado", codigo_aut: "777777" });
    const confirmed = await db.selectFrom("enrolments").selectAll().where("id", "=", started.enrolmentId).executeTakeFirstOrThrow();
    expect(confirmed).toMatchObject({ status: "confirmada", seat_held_until: null });
    expect((await mailsTo(buyer.email)).filter((mail) => mail.subject.startsWith("Recibo de pago"))).toHaveLength(1);
  });

  test("for a donation: en verificación, no receipt, the result page says so", async () => {
    const started = await startDonation(db, banorte, {
      amountCentavos: 50_000,
      donorName: "Donante Falso",
      donorEmail: "falso@example.org",
      invoice: null,
      letter: null,
      taxCertificate: null,
      clientAddress: "203.0.113.7",
    });
    if (!started.ok) throw new Error(started.problem.code);
    const declined = bankDeclines(started.params, started.controlNumber);
    const answer = await relay(started.controlNumber, started.relayToken, forgeApproval(declined.data, declined.plaintext));
    expect(answer.body).toEqual({ applied: true, status: "in_verification" });
    const donation = await db.selectFrom("donations").selectAll().where("id", "=", started.donationId).executeTakeFirstOrThrow();
    expect(donation).toMatchObject({ status: "pendiente", receipt_sent_at: null, approved_at: null });
    const page = await fetch(`${baseUrl}/donacion/resultado/${started.controlNumber}`, {
      headers: { Cookie: (await donationTokenCookie.serialize(started.relayToken)).split(";")[0]! },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Pago recibido: lo estamos confirmando con el banco");
    expect(await mailsTo("falso@example.org")).toEqual([]);
  });
});
