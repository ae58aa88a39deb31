import { sql } from "kysely";
import { beforeAll, describe, expect, test } from "vitest";
import type { ModalityId } from "~/courses/modality";
import type { Profile } from "~/courses/pricing";
import { db } from "~/db.server";
import {
  approveDocuments,
  canTransition,
  cancelEnrolment,
  expireHolds,
  freeSeats,
  holdSeat,
  rejectDocuments,
  startEnrolment,
} from "~/enrolment/enrolment.server";
import { decryptResponse, encryptResponse } from "~/payments/banorte/cipher.server";
import { makeControlNumber } from "~/payments/control-number.server";
import { handleRelay, startCardPayment } from "~/payments/payments.server";
import { buildVceParams, type PaymentProvider } from "~/payments/provider.server";
import { answerSimulatedPayment, createSimulatorProvider } from "~/payments/simulator.server";
import { getSimulatorKeyPair } from "~/payments/simulator-certificate.server";
import { createCourse, createParticipant } from "../factories";
import { useSeededDatabase } from "../support/database";

let provider: PaymentProvider;

beforeAll(async () => {
  await useSeededDatabase();
  provider = createSimulatorProvider(db, "AUT");
});

async function participant(profile: Profile = "EXTERNO"): Promise<number> {
  return (await createParticipant({ role: profile })).id;
}

async function course(values: { price?: number; student?: number; employee?: number; seats?: number; modalityId?: ModalityId } = {}) {
  return createCourse({
    course_price: values.price,
    course_student_price: values.student,
    course_employee_price: values.employee,
    course_max_range: values.seats,
    modality_id: values.modalityId,
  });
}

async function enrolment(id: number) {
  return db.selectFrom("enrolments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}
async function attempt(controlNumber: string) {
  return db.selectFrom("payment_attempts").selectAll().where("control_number", "=", controlNumber).executeTakeFirstOrThrow();
}

/** A card payment started and answered by the simulated bank with `card`. */
async function paid(participantId: number, courseId: number, card = "4111111111111111", modality: "presencial" | "en_linea" = "presencial") {
  const started = await startCardPayment(db, provider, { participantId, profile: "EXTERNO", courseId, modality });
  if (!started.ok) throw new Error(`could not start: ${started.problem.code}`);
  const answer = await answerSimulatedPayment(db, started.params, card);
  if (answer.kind !== "answer") throw new Error(answer.errorCode);
  return { started, response: answer.response };
}

describe("control numbers", () => {
  test("are HIMFGCURSOS + course id + 10 secure random letters or digits, at most 30 characters, never the same", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const value = makeControlNumber("HIMFGCURSOS", 123456);
      expect(value).toMatch(/^HIMFGCURSOS123456[A-Z0-9]{10}$/);
      expect(value.length).toBeLessThanOrEqual(30);
      seen.add(value);
    }
    expect(seen.size).toBe(500);
    expect(() => makeControlNumber("HIMFGCURSOS", "1234567890")).toThrow(/30/);
  });

  test("a reused control number is refused by the database", async () => {
    const courseId = await course();
    const started = await startCardPayment(db, provider, { participantId: await participant(), profile: "EXTERNO", courseId, modality: "en_linea" });
    if (!started.ok) throw new Error("not started");
    const row = await attempt(started.controlNumber);
    await expect(
      db
        .insertInto("payment_attempts")
        .values({ ...row, id: undefined, status: "pending" } as never)
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
  });
});

describe("enrolment transitions", () => {
  test("the transition table is closed", () => {
    expect(canTransition("pendiente_de_pago", "confirmada")).toBe(true);
    expect(canTransition("pendiente_de_revision", "rechazada")).toBe(true);
    expect(canTransition("pendiente_de_pago", "rechazada")).toBe(false);
    expect(canTransition("cancelada", "confirmada")).toBe(false);
    expect(canTransition("rechazada", "confirmada")).toBe(false);
  });

  test("free for everyone confirms at once; profile price 0 on a paid course waits for review; a price pays by card at our price", async () => {
    const free = await course({ price: 0, student: 0, employee: 0 });
    const paidCourse = await course({ price: 150000, student: 0, employee: 90000 });
    const one = await startEnrolment(db, { participantId: await participant(), profile: "EXTERNO", courseId: free, modality: "en_linea" });
    expect(one).toMatchObject({ ok: true, path: "free", status: "confirmada", amountCentavos: 0 });
    const student = await startEnrolment(db, {
      participantId: await participant("ESTUDIANTE"),
      profile: "ESTUDIANTE",
      courseId: paidCourse,
      modality: "en_linea",
    });
    expect(student).toMatchObject({ ok: true, path: "review", status: "pendiente_de_revision" });
    const staff = await startEnrolment(db, {
      participantId: await participant("PERSONAL_HIMFG"),
      profile: "PERSONAL_HIMFG",
      courseId: paidCourse,
      modality: "en_linea",
    });
    expect(staff).toMatchObject({ ok: true, path: "card", status: "pendiente_de_pago", amountCentavos: 90000 });
  });

  test("staff approve or reject documents (a rejection needs a reason); a participant cannot hold two live enrolments", async () => {
    const courseId = await course({ student: 0 });
    const a = await participant("ESTUDIANTE");
    const first = await startEnrolment(db, { participantId: a, profile: "ESTUDIANTE", courseId, modality: "en_linea" });
    if (!first.ok) throw new Error("no");
    expect(await startEnrolment(db, { participantId: a, profile: "ESTUDIANTE", courseId, modality: "en_linea" })).toMatchObject({
      ok: false,
      problem: expect.objectContaining({ code: "already-enrolled" }),
    });
    await expect(
      db
        .insertInto("enrolments")
        .values({
          participant_id: a,
          course_id: courseId,
          modality: "en_linea",
          status: "pendiente_de_pago",
          amount_centavos: 0,
          verification_token: "A".repeat(22),
        })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
    expect(await rejectDocuments(db, first.enrolmentId, "   ")).toMatchObject({ ok: false, problem: expect.objectContaining({ code: "no-reason" }) });
    expect(await rejectDocuments(db, first.enrolmentId, "La credencial está vencida")).toEqual({ ok: true });
    expect((await enrolment(first.enrolmentId)).rejection_reason).toBe("La credencial está vencida");
    expect(await approveDocuments(db, first.enrolmentId, "enseñanza@himfg")).toMatchObject({
      ok: false,
      problem: expect.objectContaining({ code: "invalid-transition" }),
    });

    // After a rejection the participant may try again; staff approve this time.
    const second = await startEnrolment(db, { participantId: a, profile: "ESTUDIANTE", courseId, modality: "en_linea" });
    if (!second.ok) throw new Error("no");
    expect(await approveDocuments(db, second.enrolmentId, "enseñanza@himfg")).toMatchObject({ ok: true });
    expect((await enrolment(second.enrolmentId)).status).toBe("confirmada");
    expect(await cancelEnrolment(db, second.enrolmentId)).toEqual({ ok: true });
    expect(await cancelEnrolment(db, second.enrolmentId)).toEqual({ ok: false });
  });
});

describe("seats", () => {
  test("a pending card payment holds the last seat; an expired hold frees it", async () => {
    const courseId = await course({ seats: 1, modalityId: 1 });
    const a = await startCardPayment(db, provider, { participantId: await participant(), profile: "EXTERNO", courseId, modality: "presencial" });
    expect(a.ok).toBe(true);
    expect(await freeSeats(db, courseId)).toBe(0);
    const bId = await participant();
    expect(await startCardPayment(db, provider, { participantId: bId, profile: "EXTERNO", courseId, modality: "presencial" })).toMatchObject({
      ok: false,
      problem: expect.objectContaining({ code: "no-seats" }),
    });

    // The hold runs out.
    await db
      .updateTable("enrolments")
      .set({ seat_held_until: new Date(Date.now() - 1000).toISOString() })
      .where("course_id", "=", courseId)
      .execute();
    expect(await freeSeats(db, courseId)).toBe(1);
    expect(await expireHolds(db)).toBeGreaterThanOrEqual(1);
    const b = await startCardPayment(db, provider, { participantId: bId, profile: "EXTERNO", courseId, modality: "presencial" });
    expect(b.ok).toBe(true);
    if (!b.ok) return;
    const held = await enrolment(b.enrolmentId);
    const minutes = (Date.parse(held.seat_held_until!) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(
      await holdSeat(
        db,
        (
          (await startEnrolment(db, { participantId: await participant(), profile: "EXTERNO", courseId, modality: "presencial" })) as {
            enrolmentId: number;
          }
        ).enrolmentId,
      ),
    ).toMatchObject({ ok: false, problem: expect.objectContaining({ code: "no-seats" }) });
  });

  test("an approved payment whose seat went meanwhile is confirmed en línea, or flagged for refund when there is no en línea", async () => {
    for (const modalityId of [3, 1] as const) {
      const courseId = await course({ seats: 1, modalityId });
      const late = await paid(await participant(), courseId);
      // The hold expires and someone else takes the seat.
      await db.updateTable("enrolments").set({ seat_held_until: "2000-01-01T00:00:00.000Z" }).where("id", "=", late.started.enrolmentId).execute();
      const other = await paid(await participant(), courseId);
      await handleRelay(db, provider, {
        kind: "success",
        payload: other.response,
        controlNumber: null,
        relayToken: other.started.relayToken,
      });
      const outcome = await handleRelay(db, provider, {
        kind: "success",
        payload: late.response,
        controlNumber: null,
        relayToken: late.started.relayToken,
      });
      expect(outcome).toMatchObject({ applied: true, status: "approved" });
      const row = await enrolment(late.started.enrolmentId);
      expect((await attempt(late.started.controlNumber)).status).toBe("approved");
      if (modalityId === 3) expect(row).toMatchObject({ status: "confirmada", modality: "en_linea" });
      else expect(row).toMatchObject({ status: "cancelada" });
      if (modalityId === 1) expect(row.refund_reason).toMatch(/reembolsar/);
      expect(await freeSeats(db, courseId)).toBe(0);
    }
  });
});

describe("accepting a relayed result", () => {
  test("the parameters carry exactly the manual's keys and our amount", async () => {
    const params = buildVceParams(provider, { controlNumber: "HIMFGCURSOS1ABC", amountCentavos: 125000, reference: "7" });
    expect(Object.keys(params)).toEqual([
      "merchantId",
      "name",
      "password",
      "mode",
      "controlNumber",
      "terminalId",
      "amount",
      "customerRef1",
      "merchantName",
      "merchantCity",
      "lang",
    ]);
    expect(params.amount).toBe("1250.00");
    expect(params.merchantCity).toBe("Ciudad de Mexico");
  });

  test("an approval confirms once, however often it is replayed; every relay is logged", async () => {
    const courseId = await course({ seats: 5, modalityId: 1 });
    const owner = await participant();
    const { started, response } = await paid(owner, courseId);
    const outcomes = [];
    for (let i = 0; i < 20; i++)
      outcomes.push(await handleRelay(db, provider, { kind: "success", payload: response, controlNumber: null, relayToken: started.relayToken }));
    expect(outcomes.filter((o) => o.applied)).toHaveLength(1);
    const row = await attempt(started.controlNumber);
    expect(row).toMatchObject({ status: "approved", vi_hex: null, salt_hex: null, passphrase: null });
    expect(row.referencia).toMatch(/^\d{12}$/);
    expect(row.codigo_aut).toMatch(/^\d{6}$/);
    expect(JSON.parse(row.response_json!)).toMatchObject({ resultadoPayw: "A", numeroControl: started.controlNumber });
    expect((await enrolment(started.enrolmentId)).status).toBe("confirmada");
    expect(await freeSeats(db, courseId)).toBe(4);
    const events = await db.selectFrom("payment_events").selectAll().where("payment_attempt_id", "=", row.id).execute();
    expect(events).toHaveLength(20);
    expect(events.filter((e) => e.outcome === "applied")).toHaveLength(1);
    expect(events.filter((e) => e.outcome === "ignored").every((e) => /resuelto/.test(e.reason ?? ""))).toBe(true);
    await expect(sql`DELETE FROM payment_events`.execute(db)).rejects.toThrow(/append-only/);
  });

  test("tampered data, a declined result dressed as approved, another attempt's control number, or another participant change nothing", async () => {
    const courseId = await course({ seats: 5, modalityId: 1 });
    const owner = await participant();
    const declined = await paid(owner, courseId, "4000000000000002");
    const original = await attempt(declined.started.controlNumber);
    const keys = { viHex: original.vi_hex!, saltHex: original.salt_hex!, passphrase: original.passphrase! };
    const plain = decryptResponse(declined.response.data!, keys);
    expect(plain.resultadoPayw).toBe("D");

    // AES-CTR has no integrity: flipping bits of the ciphertext flips the plaintext.
    const bytes = Buffer.from(declined.response.data!, "base64");
    bytes[5] = bytes[5]! ^ 0x01;
    const tampered = [
      { ...declined.response, data: bytes.toString("base64") },
      { ...declined.response, data: "bm90IGVuY3J5cHRlZA==" },
      // An attacker who somehow knew the keys: A but without an authorisation code.
      { ...declined.response, data: encryptResponse({ ...plain, resultadoPayw: "A", codigoAut: "" }, keys) },
      // ...or another merchant's result.
      { ...declined.response, data: encryptResponse({ ...plain, resultadoPayw: "A", codigoAut: "123456", idAfiliacion: 1 }, keys) },
    ];
    for (const payload of tampered) {
      expect(
        await handleRelay(db, provider, { kind: "success", payload, controlNumber: null, relayToken: declined.started.relayToken }),
      ).toMatchObject({
        applied: false,
      });
    }
    // Another attempt's approval relayed under this control number (and the reverse).
    const other = await paid(await participant(), courseId);
    const swapped = { ...other.response, numeroControl: declined.started.controlNumber };
    expect(
      await handleRelay(db, provider, { kind: "success", payload: swapped, controlNumber: null, relayToken: declined.started.relayToken }),
    ).toMatchObject({
      applied: false,
    });
    // Someone else relaying the owner's result: with another attempt's token, or none.
    for (const relayToken of [other.started.relayToken, null, "x".repeat(43)]) {
      expect(await handleRelay(db, provider, { kind: "success", payload: declined.response, controlNumber: null, relayToken })).toMatchObject({
        applied: false,
        tampering: true,
        reason: "el relevo no trae el comprobante de este intento",
      });
    }
    expect((await attempt(declined.started.controlNumber)).status).toBe("pending");
    expect((await enrolment(declined.started.enrolmentId)).status).toBe("pendiente_de_pago");

    // The genuine decline settles it and gives the seat back; nobody is enrolled.
    expect(
      await handleRelay(db, provider, { kind: "success", payload: declined.response, controlNumber: null, relayToken: declined.started.relayToken }),
    ).toMatchObject({ applied: true, status: "declined" });
    expect(await enrolment(declined.started.enrolmentId)).toMatchObject({ status: "pendiente_de_pago", seat_held_until: null });
    const ignored = await db
      .selectFrom("payment_events")
      .select("reason")
      .where("payment_attempt_id", "=", original.id)
      .where("outcome", "in", ["ignored", "tampering"])
      .execute();
    expect(ignored.length).toBeGreaterThanOrEqual(6);
  });

  test("cancel and no-answer settle the attempt without enrolling", async () => {
    const courseId = await course({ seats: 5, modalityId: 1 });
    const owner = await participant();
    const started = await startCardPayment(db, provider, { participantId: owner, profile: "EXTERNO", courseId, modality: "presencial" });
    if (!started.ok) throw new Error("no");
    expect(
      await handleRelay(db, provider, {
        kind: "cancel",
        payload: { message: "x" },
        controlNumber: started.controlNumber,
        relayToken: started.relayToken,
      }),
    ).toMatchObject({ applied: true, status: "cancelled" });
    expect(await freeSeats(db, courseId)).toBe(5);

    const noAnswer = await paid(owner, courseId, "4000000000000119");
    expect(
      await handleRelay(db, provider, { kind: "success", payload: noAnswer.response, controlNumber: null, relayToken: noAnswer.started.relayToken }),
    ).toMatchObject({ applied: true, status: "no_answer" });
    expect((await enrolment(noAnswer.started.enrolmentId)).status).toBe("pendiente_de_pago");
  });

  test("the simulated bank refuses a reused control number and a wrong certificate's Params", async () => {
    const courseId = await course();
    const started = await startCardPayment(db, provider, { participantId: await participant(), profile: "EXTERNO", courseId, modality: "en_linea" });
    if (!started.ok) throw new Error("no");
    expect((await answerSimulatedPayment(db, started.params, "4111111111111111")).kind).toBe("answer");
    expect(await answerSimulatedPayment(db, started.params, "4111111111111111")).toMatchObject({ kind: "error", errorCode: "PAYW-3039" });
    expect(await answerSimulatedPayment(db, "abc:::def", "4111111111111111")).toMatchObject({ kind: "error", errorCode: "AUT-10" });
    expect((await getSimulatorKeyPair(db)).certificatePem).toContain("BEGIN CERTIFICATE");
  });
});

describe("configuration and invoices", () => {
  test("live Banorte mode refuses to start without credentials and a certificate; the simulator is the default", async () => {
    const { readConfig, resolvePaymentMode } = await import("~/config.server");
    const base = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) } as NodeJS.ProcessEnv;
    expect(resolvePaymentMode(readConfig(base))).toEqual({ provider: "simulator", mode: "AUT" });
    // Decision 0014: a demo (no PUBLIC_URL) runs Banorte in its test mode; live (PRD) needs everything.
    expect(() => readConfig({ ...base, PAYMENT_PROVIDER: "banorte", BANORTE_MODE: "PRD" })).toThrow(/BANORTE_MERCHANT_ID.*\n.*BANORTE_USER/s);
    expect(() =>
      readConfig({
        ...base,
        PAYMENT_PROVIDER: "banorte",
        BANORTE_MODE: "PRD",
        BANORTE_MERCHANT_ID: "1234567",
        BANORTE_USER: "u",
        BANORTE_PASSWORD: "p",
        BANORTE_TERMINAL_ID: "t",
        BANORTE_CERTIFICATE_PATH: "/no/existe.pem",
      }),
    ).toThrow(/BANORTE_CERTIFICATE_PATH/);
    expect(() => readConfig({ ...base, BANORTE_MODE: "PRD" })).toThrow(/PAYMENT_PROVIDER=banorte/);
    // Test modes never need real credentials.
    expect(resolvePaymentMode(readConfig({ ...base, PAYMENT_PROVIDER: "banorte", BANORTE_MODE: "AUT" }))).toEqual({
      provider: "banorte",
      mode: "AUT",
    });
  });

  test("an invoice request validates the RFC and keeps the constancia private", async () => {
    const { invoiceSchema, createInvoiceRequest } = await import("~/payments/invoices.server");
    expect(invoiceSchema.safeParse({ rfc: "XAXX0101010", legalName: "A", taxRegime: "601", postcode: "06720", cfdiUse: "G03" }).success).toBe(false);
    expect(invoiceSchema.safeParse({ rfc: "XAXX010101000", legalName: "A", taxRegime: "601", postcode: "0672", cfdiUse: "G03" }).success).toBe(false);
    const input = invoiceSchema.parse({ rfc: "gomj800101ab1", legalName: "Juana Gómez", taxRegime: "612", postcode: "06720", cfdiUse: "D10" });
    expect(input.rfc).toBe("GOMJ800101AB1");
    const courseId = await course();
    const started = await startEnrolment(db, { participantId: await participant(), profile: "EXTERNO", courseId, modality: "en_linea" });
    if (!started.ok) throw new Error("no");
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    const { id } = await createInvoiceRequest(db, started.enrolmentId, input, {
      fileName: "constancia.pdf",
      contentType: "application/pdf",
      data: pdf,
    });
    const row = await db
      .selectFrom("invoice_requests")
      .innerJoin("stored_files", "stored_files.id", "invoice_requests.constancia_file_id")
      .select(["rfc", "visibility"])
      .where("invoice_requests.id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ rfc: "GOMJ800101AB1", visibility: "private" });
  });
});
