import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { registerParticipant } from "~/accounts/participants.server";
import type { Profile } from "~/courses/pricing";
import { db } from "~/db.server";
import { accessPdfFor } from "~/enrolment/access-pdf.server";
import { confirmEnrolment, startEnrolment } from "~/enrolment/enrolment.server";
import { getEnrolmentForVerification } from "~/enrolment/verification.server";
import { startMailCapture, stopMailCapture } from "~/mail/capture.server";
import { decryptResponseText } from "~/payments/banorte/cipher.server";
import { jsonKeys, parseBanorteResponse } from "~/payments/banorte/response.server";
import { createBanorteProvider, verifyWithPayworks } from "~/payments/banorte.server";
import { runPaymentMaintenance } from "~/payments/maintenance.server";
import { startCardPayment } from "~/payments/payments.server";
import type { PaymentProvider } from "~/payments/provider-types";
import { readBanorteReport, reconcileReportFile } from "~/payments/reconcile.server";
import { handleRelay } from "~/payments/relay.server";
import { answerSimulatedPayment, createSimulatorProvider, SIMULATOR_CREDENTIALS } from "~/payments/simulator.server";
import { createEnrolment, createPaymentAttempt } from "../factories";
import { useSeededDatabase } from "../support/database";

// The payment trust model (docs/decisions/0013): what an attacker who relays an edited bank
// answer can and cannot do, the bank's own word, reconciliation, and the seat and attempt rules.

let simulator: PaymentProvider;
/** The same simulated bank, but as a merchant who cannot ask it (Banorte without BANORTE_VERIFY_URL). */
let unverified: PaymentProvider;
let count = 0;
let nextCourseId = 8100;
const APPROVE = "4111111111111111";
const DECLINE = "4000000000000002";
const NO_ANSWER = "4000000000000119";

beforeAll(async () => {
  await useSeededDatabase();
  simulator = createSimulatorProvider(db, "AUT");
  unverified = { ...simulator, verifyPayment: async () => ({ kind: "unavailable" }) };
  await startMailCapture();
});

afterAll(async () => {
  await stopMailCapture();
});

async function participant(profile: Profile = "EXTERNO"): Promise<number> {
  count += 1;
  const outcome = await registerParticipant(
    db,
    {
      name: `Confianza ${count}`,
      grade: "Médico",
      institution: "HIMFG",
      email: `confianza${count}@example.org`,
      password: "una-clave-larga-de-prueba",
      age: 30,
      graduated: "SÍ",
      nationality: "Mexicana",
      state: "Ciudad de México",
      phone: "5512345678",
      role: profile,
    },
    [],
  );
  if (!outcome.ok) throw new Error("could not register");
  return outcome.participant.id;
}

async function course(values: { seats?: number; modalityId?: 1 | 2 | 3; price?: number } = {}) {
  const id = nextCourseId++;
  await db
    .insertInto("courses")
    .values({
      course_id: id,
      course_name: `Curso de confianza ${id}`,
      course_start_date: "2027-03-01",
      course_finish_date: "2027-03-05",
      course_price: values.price ?? 150000,
      course_student_price: 50000,
      course_employee_price: 0,
      course_able: 1,
      course_max_range: values.seats ?? 10,
      modality_id: values.modalityId ?? 3,
      month_id: 2,
      venue: "Auditorio",
    })
    .execute();
  return id;
}

const enrolment = (id: number) => db.selectFrom("enrolments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const attempt = (controlNumber: string) =>
  db.selectFrom("payment_attempts").selectAll().where("control_number", "=", controlNumber).executeTakeFirstOrThrow();
const events = (attemptId: number) => db.selectFrom("payment_events").selectAll().where("payment_attempt_id", "=", attemptId).orderBy("id").execute();
const mailsTo = async (participantId: number) => {
  const { email } = await db.selectFrom("participants").select("email").where("id", "=", participantId).executeTakeFirstOrThrow();
  return db.selectFrom("mail_outbox").selectAll().where("envelope_to", "like", `%${email}%`).execute();
};

/** A card payment started and answered by the simulated bank. */
async function pay(participantId: number, courseId: number, card: string, modality: "presencial" | "en_linea" = "en_linea", provider = simulator) {
  const started = await startCardPayment(db, provider, { participantId, profile: "EXTERNO", courseId, modality });
  if (!started.ok) throw new Error(`could not start: ${started.problem.code}`);
  const answer = await answerSimulatedPayment(db, started.params, card);
  if (answer.kind !== "answer") throw new Error(answer.errorCode);
  const row = await attempt(started.controlNumber);
  const keys = { viHex: row.vi_hex!, saltHex: row.salt_hex!, passphrase: row.passphrase! };
  // What the attacker knows: the decline's plaintext (Banorte's format is public, and their own
  // control number, dates and affiliation are easy to learn or guess). The test reads it directly.
  const plaintext = decryptResponseText(answer.response.data!, keys);
  return { started, response: answer.response, plaintext, attemptId: row.id };
}

/**
 * The bit-flip: AES-CTR ciphertext XOR (known plaintext XOR wanted plaintext) decrypts to the
 * wanted plaintext. No key needed; only the same length.
 */
function forge(data: string, known: string, wanted: string): string {
  const c = Buffer.from(data, "base64");
  const p = Buffer.from(known, "utf8");
  const w = Buffer.from(wanted, "utf8");
  expect(w.length).toBe(p.length);
  expect(c.length).toBe(p.length);
  for (let i = 0; i < c.length; i++) c[i] = c[i]! ^ p[i]! ^ w[i]!;
  return c.toString("base64");
}

/** Replaces `find` in `text` with `replacement` padded with spaces to the same length (valid JSON whitespace). */
function overwrite(text: string, find: string, replacement: string): string {
  expect(text).toContain(find);
  expect(replacement.length).toBeLessThanOrEqual(find.length);
  return text.replace(find, replacement.padEnd(find.length, " "));
}

describe("the bit-flip forgery of a declined answer", () => {
  test("D flipped to A with a duplicate codigoAut over a known field settles nothing and is logged as tampering", async () => {
    const owner = await participant();
    const courseId = await course();
    const declined = await pay(owner, courseId, DECLINE);
    let wanted = declined.plaintext.replace('"resultadoPayw":"D"', '"resultadoPayw":"A"');
    wanted = overwrite(wanted, '"resultadoAut":"Declinada"', '"codigoAut":"123456"');
    const data = forge(declined.response.data!, declined.plaintext, wanted);

    // This is what a lenient JSON.parse makes of it: an approval with a code. (The old relay
    // accepted exactly this.)
    const lenient = JSON.parse(wanted) as Record<string, unknown>;
    expect(lenient).toMatchObject({ resultadoPayw: "A", codigoAut: "123456" });

    const outcome = await handleRelay(
      db,
      simulator,
      { kind: "success", payload: { ...declined.response, data }, controlNumber: null, relayToken: declined.started.relayToken },
      { origin: "http://localhost" },
    );
    expect(outcome).toMatchObject({ applied: false, tampering: true });
    expect(outcome.applied ? "" : outcome.reason).toMatch(/clave repetida: "codigoAut"/);
    expect(await attempt(declined.started.controlNumber)).toMatchObject({ status: "pending", codigo_aut: null });
    expect((await enrolment(declined.started.enrolmentId)).status).toBe("pendiente_de_pago");
    expect(await mailsTo(owner)).toHaveLength(0);
    const logged = await events(declined.attemptId);
    expect(logged.at(-1)).toMatchObject({ outcome: "tampering", kind: "success" });
    // The real decline still settles the attempt afterwards.
    expect(
      await handleRelay(db, simulator, { kind: "success", payload: declined.response, controlNumber: null, relayToken: declined.started.relayToken }),
    ).toMatchObject({
      applied: true,
      status: "declined",
    });
  });

  test("variations: escaped duplicate key, unknown key, number-typed code, short referencia, stale dates, decline keys left in", async () => {
    const owner = await participant();
    const courseId = await course();
    const declined = await pay(owner, courseId, DECLINE);
    const flipped = declined.plaintext.replace('"resultadoPayw":"D"', '"resultadoPayw":"A"');
    // The year of the answer's own dates (not of the clock now: a new year may have begun since).
    const year = Number(/"fechaReqCte":"(\d{4})-/.exec(declined.plaintext)![1]);
    const variations: [string, string, RegExp][] = [
      ["escaped duplicate", overwrite(flipped, '"resultadoAut":"Declinada"', '"\\u0063odigoAut":"654321"'), /clave repetida/],
      [
        "unknown key",
        overwrite(
          flipped,
          '"codigoAut":"","texto":"Declinada","codigoPayw":"05","resultadoAut":"Declinada"',
          '"codigoAut":"123456","textoX":"Aprobada"',
        ),
        /clave desconocida: "textoX"/,
      ],
      [
        "number-typed code",
        overwrite(
          flipped,
          '"codigoAut":"","texto":"Declinada","codigoPayw":"05","resultadoAut":"Declinada"',
          '"codigoAut":123456,"texto":"Aprobada"',
        ),
        /codigoAut no es un código/,
      ],
      ["decline keys left in", overwrite(flipped, '"codigoAut":"","texto":"Declinada"', '"codigoAut":"123456","texto":"A"'), /no lleva codigoPayw/],
      [
        "stale dates",
        overwrite(
          flipped,
          '"codigoAut":"","texto":"Declinada","codigoPayw":"05","resultadoAut":"Declinada"',
          '"codigoAut":"123456","texto":"Aprobada"',
        ).replaceAll(`"${year}-`, `"${year - 1}-`),
        /fuera de la vida del intento/,
      ],
    ];
    for (const [name, wanted, problem] of variations) {
      const data = forge(declined.response.data!, declined.plaintext, wanted);
      const outcome = await handleRelay(db, simulator, {
        kind: "success",
        payload: { ...declined.response, data },
        controlNumber: null,
        relayToken: declined.started.relayToken,
      });
      expect(outcome, name).toMatchObject({ applied: false, tampering: true });
      expect(outcome.applied ? "" : outcome.reason, name).toMatch(problem);
    }
    // A short referencia (11 digits) in an otherwise perfect approval.
    const shortRef = parseBanorteResponse(
      JSON.stringify({
        idAfiliacion: 7654321,
        referencia: "12345678901",
        numeroControl: "X1",
        fechaReqCte: new Date().toISOString(),
        fechaRspCte: new Date().toISOString(),
        resultadoPayw: "A",
        codigoAut: "123456",
      }),
      { controlNumber: "X1", merchantId: "7654321", notBefore: new Date(Date.now() - 60_000), notAfter: new Date() },
    );
    expect(shortRef).toMatchObject({ valid: false, problems: ["referencia no tiene 12 dígitos"] });
    expect(await attempt(declined.started.controlNumber)).toMatchObject({ status: "pending" });
    expect((await events(declined.attemptId)).filter((e) => e.outcome === "tampering")).toHaveLength(variations.length);
  });

  test("a perfect forgery (no duplicate, no decline keys) passes the parser but the bank's own record refuses it", async () => {
    const owner = await participant();
    const courseId = await course();
    const declined = await pay(owner, courseId, DECLINE);
    const wanted = overwrite(
      declined.plaintext.replace('"resultadoPayw":"D"', '"resultadoPayw":"A"'),
      '"codigoAut":"","texto":"Declinada","codigoPayw":"05","resultadoAut":"Declinada"',
      '"codigoAut":"123456","texto":"Aprobada"',
    );
    expect(jsonKeys(wanted)).toEqual([
      "idAfiliacion",
      "referencia",
      "numeroControl",
      "fechaReqCte",
      "fechaRspCte",
      "resultadoPayw",
      "codigoAut",
      "texto",
    ]);
    const data = forge(declined.response.data!, declined.plaintext, wanted);
    const outcome = await handleRelay(db, simulator, {
      kind: "success",
      payload: { ...declined.response, data },
      controlNumber: null,
      relayToken: declined.started.relayToken,
    });
    // The bank's word settles it: declined, logged as tampering, nothing fulfilled.
    expect(outcome).toMatchObject({ applied: true, status: "declined", tampering: "el banco no confirma la aprobación (declined)" });
    expect((await enrolment(declined.started.enrolmentId)).status).toBe("pendiente_de_pago");
    const row = await attempt(declined.started.controlNumber);
    expect(row).toMatchObject({ status: "declined", verification: "verificado", codigo_aut: null, claimed_codigo_aut: "123456" });
    expect((await events(row.id)).at(-1)).toMatchObject({ outcome: "tampering" });
    expect(await mailsTo(owner)).toHaveLength(0);
  });

  test("a genuine approval is confirmed 'verificado' with the bank's codes", async () => {
    const owner = await participant();
    const paid = await pay(owner, await course(), APPROVE);
    const outcome = await handleRelay(
      db,
      simulator,
      { kind: "success", payload: paid.response, controlNumber: null, relayToken: paid.started.relayToken },
      { origin: "http://localhost" },
    );
    expect(outcome).toMatchObject({ applied: true, status: "approved", verification: "verificado" });
    const row = await attempt(paid.started.controlNumber);
    expect(row).toMatchObject({ status: "approved", verification: "verificado", vi_hex: null });
    expect(row.referencia).toMatch(/^\d{12}$/);
    expect((await enrolment(paid.started.enrolmentId)).status).toBe("confirmada");
    expect((await mailsTo(owner)).map((m) => m.subject)).toEqual(expect.arrayContaining([`Recibo de pago ${paid.started.controlNumber}`]));
  });
});

describe("reconciliation against Banorte's report", () => {
  /** What an approval taken on the relay's word looked like before migration 0027: approved, "por conciliar", enrolment confirmed. */
  async function asLegacyApproval(attemptId: number) {
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom("payment_attempts").selectAll().where("id", "=", attemptId).executeTakeFirstOrThrow();
      await trx
        .updateTable("payment_attempts")
        .set({
          status: "approved",
          verification: "por_conciliar",
          referencia: row.claimed_referencia,
          codigo_aut: row.claimed_codigo_aut,
          settled_at: new Date().toISOString(),
        })
        .where("id", "=", attemptId)
        .execute();
      await confirmEnrolment(trx, row.enrolment_id!, { paid: true });
    });
  }
  const reconcile = (text: string, actor: string, origin?: string) =>
    reconcileReportFile(db, Buffer.from(text, "utf8"), "reporte.csv", { cli: actor }, { origin: origin ?? null });

  test("a legacy approval taken on the relay's word: the report conciliates the honest one, and flags a perfect forgery, suspends the enrolment, withdraws the PDF and tells the participant", async () => {
    const honest = await participant();
    const cheat = await participant();
    const courseId = await course();
    // An honest approval and a forged one, both relayed without the bank's word.
    const good = await pay(honest, courseId, APPROVE, "en_linea", unverified);
    expect(
      await handleRelay(db, unverified, { kind: "success", payload: good.response, controlNumber: null, relayToken: good.started.relayToken }),
    ).toMatchObject({ applied: true, status: "in_verification" });
    const declined = await pay(cheat, courseId, DECLINE, "en_linea", unverified);
    const wanted = overwrite(
      declined.plaintext.replace('"resultadoPayw":"D"', '"resultadoPayw":"A"'),
      '"codigoAut":"","texto":"Declinada","codigoPayw":"05","resultadoAut":"Declinada"',
      '"codigoAut":"123456","texto":"Aprobada"',
    );
    const forged = { ...declined.response, data: forge(declined.response.data!, declined.plaintext, wanted) };
    expect(
      await handleRelay(db, unverified, { kind: "success", payload: forged, controlNumber: null, relayToken: declined.started.relayToken }),
    ).toMatchObject({ applied: true, status: "in_verification" });
    // Before migration 0027 both were approved on the relay's word.
    await asLegacyApproval(good.attemptId);
    await asLegacyApproval(declined.attemptId);
    const cheatEnrolment = await enrolment(declined.started.enrolmentId);
    expect(cheatEnrolment.status).toBe("confirmada");
    expect(await accessPdfFor(db, cheatEnrolment.id, "http://localhost")).not.toBeNull();

    const goodRow = await attempt(good.started.controlNumber);
    const badRow = await attempt(declined.started.controlNumber);
    const when = new Date().toISOString();
    const csv = [
      "Número de control;Importe;Resultado;Fecha;Referencia;Código autorización",
      `${goodRow.control_number};$1,500.00;Aprobada;${when};${goodRow.referencia};${goodRow.codigo_aut}`,
      `${badRow.control_number};1500.00;Declinada;${when};${badRow.referencia ?? ""};`,
      `HIMFGCURSOS999ZZZZZZZZZZ;10.00;D;${when};;`,
    ].join("\n");
    const outcome = await reconcile(csv, "prueba de conciliación");
    if (!outcome.ok || outcome.alreadyApplied) throw new Error("not applied");
    expect(outcome.plan.rows).toBe(3);
    expect(outcome.plan.matched.map((e) => [e.controlNumber, e.action])).toEqual([[goodRow.control_number, "conciliate"]]);
    expect(outcome.plan.declined.map((e) => [e.controlNumber, e.action, e.reason])).toEqual([
      [badRow.control_number, "suspend", "El banco lo reporta como D. Se suspende la inscripción."],
    ]);
    expect(outcome.plan.unknown.map((e) => e.controlNumber)).toEqual(["HIMFGCURSOS999ZZZZZZZZZZ"]);
    expect(await attempt(good.started.controlNumber)).toMatchObject({ verification: "conciliado" });
    expect(await attempt(declined.started.controlNumber)).toMatchObject({ verification: "discrepancia" });
    const suspended = await enrolment(declined.started.enrolmentId);
    expect(suspended).toMatchObject({ status: "suspendida" });
    expect(suspended.suspension_reason).toMatch(/no coincide con el reporte del banco/);
    expect((await enrolment(good.started.enrolmentId)).status).toBe("confirmada");
    // Access withdrawn: no PDF, and the verification page no longer vouches for it.
    expect(await accessPdfFor(db, suspended.id, "http://localhost")).toBeNull();
    expect(await getEnrolmentForVerification(db, suspended.verification_token)).toBeNull();
    const mails = await mailsTo(cheat);
    expect(mails.map((m) => m.subject)).toContain(`Inscripción suspendida: Curso de confianza ${courseId}`);
    const log = await events(badRow.id);
    expect(log.at(-1)).toMatchObject({ kind: "reconcile", outcome: "tampering" });
    expect(log.at(-1)!.payload).toContain("prueba de conciliación");
  });

  test("an approval the report shows but we never recorded is brought in; a T answer is settled; a bad report changes nothing", async () => {
    const owner = await participant();
    const courseId = await course();
    // The buyer closed the tab before the relay: pending. The bank approved it.
    const started = await startCardPayment(db, unverified, { participantId: owner, profile: "EXTERNO", courseId, modality: "en_linea" });
    if (!started.ok) throw new Error("no");
    await answerSimulatedPayment(db, started.params, APPROVE);
    const bankRecord = await db
      .selectFrom("simulator_transactions")
      .selectAll()
      .where("control_number", "=", started.controlNumber)
      .executeTakeFirstOrThrow();
    // A second participant's "T" answer.
    const other = await participant();
    const t = await pay(other, courseId, NO_ANSWER, "en_linea", unverified);
    await handleRelay(db, unverified, { kind: "success", payload: t.response, controlNumber: null, relayToken: t.started.relayToken });
    expect(await startCardPayment(db, unverified, { participantId: other, profile: "EXTERNO", courseId, modality: "en_linea" })).toMatchObject({
      ok: false,
      problem: expect.objectContaining({ code: "awaiting-bank" }),
    });

    const when = new Date().toISOString();
    const bad = `numero_control,importe,resultado,fecha,referencia,codigo_autorizacion\n${started.controlNumber},15.00.00,A,ayer,1,\n`;
    const refused = await reconcile(bad, "prueba");
    expect(refused).toEqual({
      ok: false,
      status: 400,
      problem: {
        form: [
          "Fila 2: importe no válido; fecha no válida; una fila aprobada necesita la referencia de 12 dígitos; una fila aprobada necesita el código de autorización de 6 caracteres.",
        ],
        fields: {},
        code: "invalid-report",
      },
    });
    expect(await readBanorteReport(Buffer.from("numero_control,importe\nX,1\n"), "reporte.csv")).toEqual({
      ok: false,
      status: 400,
      problem: { form: ["Faltan columnas en el encabezado: resultado, fecha."], fields: {}, code: "invalid-report" },
    });
    expect((await attempt(started.controlNumber)).status).toBe("pending");

    const csv = [
      "numero_control,importe,resultado,fecha,referencia,codigo_autorizacion",
      `${started.controlNumber},1500.00,A,${when},${bankRecord.referencia},${bankRecord.codigo_aut}`,
      `${t.started.controlNumber},1500.00,D,${when},,`,
    ].join("\n");
    const outcome = await reconcile(csv, "prueba", "http://localhost");
    if (!outcome.ok || outcome.alreadyApplied) throw new Error("not applied");
    expect(outcome.plan.matched.map((e) => [e.controlNumber, e.action, e.statusBefore])).toEqual([[started.controlNumber, "confirm", "pending"]]);
    expect(outcome.plan.settledWithoutCharge.map((e) => e.controlNumber)).toEqual([t.started.controlNumber]);
    expect(await attempt(started.controlNumber)).toMatchObject({ status: "approved", verification: "conciliado", codigo_aut: bankRecord.codigo_aut });
    expect((await enrolment(started.enrolmentId)).status).toBe("confirmada");
    expect((await mailsTo(owner)).map((m) => m.subject)).toContain(`Recibo de pago ${started.controlNumber}`);
    // The T answer is settled: a new card payment is possible again.
    expect(await startCardPayment(db, unverified, { participantId: other, profile: "EXTERNO", courseId, modality: "en_linea" })).toMatchObject({
      ok: true,
    });
  });
});

describe("a bank approval is never dropped", () => {
  test("an approval for an attempt expired by a second tab confirms the enrolment; the second tab's approval is flagged for refund", async () => {
    const owner = await participant();
    const courseId = await course();
    const first = await startCardPayment(db, simulator, { participantId: owner, profile: "EXTERNO", courseId, modality: "en_linea" });
    const second = await startCardPayment(db, simulator, { participantId: owner, profile: "EXTERNO", courseId, modality: "en_linea" });
    if (!first.ok || !second.ok) throw new Error("no");
    expect(await attempt(first.controlNumber)).toMatchObject({ status: "expired" });
    const firstAnswer = await answerSimulatedPayment(db, first.params, APPROVE);
    const secondAnswer = await answerSimulatedPayment(db, second.params, APPROVE);
    if (firstAnswer.kind !== "answer" || secondAnswer.kind !== "answer") throw new Error("no");
    expect(
      await handleRelay(db, simulator, { kind: "success", payload: firstAnswer.response, controlNumber: null, relayToken: first.relayToken }),
    ).toMatchObject({
      applied: true,
      status: "approved",
      refundReason: null,
    });
    expect((await enrolment(first.enrolmentId)).status).toBe("confirmada");
    expect(
      await handleRelay(db, simulator, { kind: "success", payload: secondAnswer.response, controlNumber: null, relayToken: second.relayToken }),
    ).toMatchObject({
      applied: true,
      status: "approved",
      refundReason: expect.stringMatching(/reembolsar/),
    });
    expect(await attempt(second.controlNumber)).toMatchObject({ status: "approved", refund_reason: expect.stringMatching(/reembolsar/) });
  });

  test("the scheduler asks the bank about an attempt nobody relayed and settles it", async () => {
    const owner = await participant();
    const courseId = await course();
    const started = await startCardPayment(db, simulator, { participantId: owner, profile: "EXTERNO", courseId, modality: "en_linea" });
    if (!started.ok) throw new Error("no");
    await answerSimulatedPayment(db, started.params, APPROVE);
    const report = await runPaymentMaintenance(db, { now: new Date(Date.now() + 3 * 60_000), provider: simulator });
    expect(report.verified).toBeGreaterThanOrEqual(1);
    expect(await attempt(started.controlNumber)).toMatchObject({ status: "approved", verification: "verificado" });
    expect((await enrolment(started.enrolmentId)).status).toBe("confirmada");
  });

  test("the scheduler asks the bank again about a T answer, and settles it once the bank has approved it", async () => {
    const owner = await participant();
    const courseId = await course();
    const t = await pay(owner, courseId, NO_ANSWER, "en_linea", unverified);
    await handleRelay(db, unverified, { kind: "success", payload: t.response, controlNumber: null, relayToken: t.started.relayToken });
    expect(await attempt(t.started.controlNumber)).toMatchObject({ status: "no_answer", verification: "por_conciliar" });
    // The bank's own record of that payment, asked later: approved after all.
    await db
      .updateTable("simulator_transactions")
      .set({ result: "A", referencia: "123456789012", codigo_aut: "654321" })
      .where("control_number", "=", t.started.controlNumber)
      .execute();
    const report = await runPaymentMaintenance(db, { now: new Date(Date.now() + 3 * 60_000), provider: simulator });
    expect(report.verified).toBeGreaterThanOrEqual(1);
    expect(await attempt(t.started.controlNumber)).toMatchObject({ status: "approved", verification: "verificado", codigo_aut: "654321" });
    expect((await enrolment(t.started.enrolmentId)).status).toBe("confirmada");
  });

  test("with more than 50 stale attempts, the scheduler asks about different ones run after run, 50 at most each time", async () => {
    const courseId = await course();
    const enrolmentId = await createEnrolment(await participant(), courseId);
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const ours = new Set<string>();
    for (let i = 0; i < 60; i++) ours.add((await createPaymentAttempt(enrolmentId, { status: "expired", created_at: anHourAgo })).control_number);
    const asked = new Set<string>();
    let perRun = new Set<string>();
    const recording: PaymentProvider = {
      ...simulator,
      verifyPayment: async ({ controlNumber }) => {
        if (ours.has(controlNumber)) perRun.add(controlNumber);
        return { kind: "not-found" };
      },
    };
    for (let run = 0; run < 3; run++) {
      perRun = new Set();
      await runPaymentMaintenance(db, { now: new Date(), provider: recording });
      expect(perRun.size).toBeLessThanOrEqual(50);
      for (const control of perRun) asked.add(control);
    }
    // In the table's order the same 50 were asked every time (the other 10 never).
    expect(asked.size).toBeGreaterThan(50);
  });
});

describe("seats, holds and the schedule", () => {
  test("re-posting the card intent keeps the same hold; a refused in-person claim leaves nothing behind", async () => {
    const courseId = await course({ seats: 1, modalityId: 1 });
    const holder = await participant();
    const first = await startCardPayment(db, simulator, { participantId: holder, profile: "EXTERNO", courseId, modality: "presencial" });
    if (!first.ok) throw new Error("no");
    for (let i = 0; i < 3; i++) {
      const again = await startCardPayment(db, simulator, { participantId: holder, profile: "EXTERNO", courseId, modality: "presencial" });
      expect(again).toMatchObject({ ok: true, heldUntil: first.heldUntil });
    }
    expect((await enrolment(first.enrolmentId)).seat_held_until).toBe(first.heldUntil);

    const refused = await participant();
    expect(await startCardPayment(db, simulator, { participantId: refused, profile: "EXTERNO", courseId, modality: "presencial" })).toMatchObject({
      ok: false,
      problem: expect.objectContaining({ code: "no-seats" }),
    });
    expect(await db.selectFrom("enrolments").select("id").where("participant_id", "=", refused).execute()).toEqual([]);
  });

  test("the maintenance run, with an injected clock, releases holds, expires abandoned attempts, forgets old secrets and deletes expired sessions", async () => {
    const courseId = await course({ seats: 3, modalityId: 1 });
    const owner = await participant();
    const started = await startCardPayment(db, unverified, { participantId: owner, profile: "EXTERNO", courseId, modality: "presencial" });
    if (!started.ok) throw new Error("no");
    await db
      .insertInto("sessions")
      .values({ id: "old-session", data: "{}", expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    await db
      .insertInto("sessions")
      .values({ id: "live-session", data: "{}", expires_at: new Date(Date.now() + 3_600_000).toISOString() })
      .execute();

    const early = await runPaymentMaintenance(db, { now: new Date(Date.now() + 60_000), holdMinutes: 15 });
    expect(early).toMatchObject({ holdsReleased: 0, attemptsExpired: 0 });
    expect(early.sessionsDeleted).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom("sessions").select("id").where("id", "in", ["old-session", "live-session"]).execute()).toEqual([
      { id: "live-session" },
    ]);

    await runPaymentMaintenance(db, { now: new Date(Date.now() + 31 * 60_000), holdMinutes: 15 });
    expect((await enrolment(started.enrolmentId)).seat_held_until).toBeNull();
    const expired = await attempt(started.controlNumber);
    expect(expired).toMatchObject({ status: "expired" });
    expect((await events(expired.id)).map((e) => e.kind)).toEqual(["expire"]);
    expect(expired.vi_hex).not.toBeNull();

    await runPaymentMaintenance(db, { now: new Date(Date.now() + 25 * 3_600_000), holdMinutes: 15 });
    expect(await attempt(started.controlNumber)).toMatchObject({ status: "expired", vi_hex: null, salt_hex: null, passphrase: null });
  });

  test("after a T answer no new card payment starts until the bank settles it", async () => {
    const owner = await participant();
    const courseId = await course();
    const t = await pay(owner, courseId, NO_ANSWER, "en_linea", unverified);
    expect(
      await handleRelay(db, unverified, { kind: "success", payload: t.response, controlNumber: null, relayToken: t.started.relayToken }),
    ).toMatchObject({
      applied: true,
      status: "no_answer",
    });
    expect(await attempt(t.started.controlNumber)).toMatchObject({ verification: "por_conciliar" });
    expect(await startCardPayment(db, unverified, { participantId: owner, profile: "EXTERNO", courseId, modality: "en_linea" })).toMatchObject({
      ok: false,
      problem: expect.objectContaining({ code: "awaiting-bank" }),
    });
    expect(await startEnrolment(db, { participantId: owner, profile: "EXTERNO", courseId, modality: "en_linea" })).toMatchObject({
      ok: false,
      problem: expect.objectContaining({ code: "awaiting-bank" }),
    });
  });
});

describe("Banorte's verification (Payworks 2, unconfirmed protocol)", () => {
  test("not configured: unavailable; configured: asks by control number and reads the answer", async () => {
    const base = {
      BANORTE_MERCHANT_ID: "1234567",
      BANORTE_USER: "u",
      BANORTE_PASSWORD: "p",
      BANORTE_TERMINAL_ID: "t",
      BANORTE_CERTIFICATE_PATH: "/x.pem",
      BANORTE_MERCHANT_NAME: "HIMFG",
      BANORTE_MERCHANT_CITY: "CDMX",
    };
    const provider = createBanorteProvider(base as never, "AUT", () => "");
    expect(await provider.verifyPayment({ controlNumber: "HIMFGCURSOS1ABC", amountCentavos: 100 })).toEqual({ kind: "unavailable" });

    const received: string[] = [];
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push(body);
        const control = new URLSearchParams(body).get("CONTROL_NUMBER");
        if (control === "APROBADO1")
          res.writeHead(200, { RESULTADO_PAYW: "A", REFERENCIA: "123456789012", CODIGO_AUT: "A1B2C3", MONTO: "1500.00" }).end();
        else if (control === "DECLINADO1") res.writeHead(200, { "Content-Type": "text/plain" }).end("RESULTADO_PAYW=D\nTEXTO=Declinada\n");
        else res.writeHead(200).end("nada");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      expect(await verifyWithPayworks(fetch, url, SIMULATOR_CREDENTIALS, "AUT", { controlNumber: "APROBADO1", amountCentavos: 150000 })).toEqual({
        kind: "approved",
        referencia: "123456789012",
        codigoAut: "A1B2C3",
        amountCentavos: 150000,
      });
      expect(await verifyWithPayworks(fetch, url, SIMULATOR_CREDENTIALS, "AUT", { controlNumber: "DECLINADO1", amountCentavos: 1 })).toEqual({
        kind: "declined",
      });
      expect(await verifyWithPayworks(fetch, url, SIMULATOR_CREDENTIALS, "AUT", { controlNumber: "OTRO", amountCentavos: 1 })).toMatchObject({
        kind: "error",
      });
      expect(new URLSearchParams(received[0]).get("CMD_TRANS")).toBe("VERIFY");
    } finally {
      server.close();
    }
    expect(
      await verifyWithPayworks(fetch, "http://127.0.0.1:1/", SIMULATOR_CREDENTIALS, "AUT", { controlNumber: "X", amountCentavos: 1 }),
    ).toMatchObject({ kind: "error" });
  });
});
