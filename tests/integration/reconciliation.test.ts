import writeXlsxFile from "write-excel-file/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import {
  CODES_DO_NOT_MATCH,
  confirmPaymentByHand,
  listClaimsInVerification,
  referenciaAlreadyUsed,
  rejectClaimByHand,
} from "~/finance/manual-confirmation.server";
import { startMailCapture, stopMailCapture } from "~/mail/capture.server";
import { startCardPayment } from "~/payments/payments.server";
import type { PaymentProvider } from "~/payments/provider-types";
import {
  applyReconciliation,
  planReconciliation,
  readBanorteReport,
  reconcileReportFile,
  reportSha256,
  type ReportRow,
} from "~/payments/reconcile.server";
import { handleRelay } from "~/payments/relay.server";
import { answerSimulatedPayment, createSimulatorProvider } from "~/payments/simulator.server";
import type { StaffContext } from "~/staff/teaching/staff-context.server";
import { createCourse, createParticipant, createSignedInStaff, createStaffContext } from "../factories";
import { startTestServer } from "../support/test-server";

// Finance reconciles on screen (issue 19): Banorte's report (CSV or XLSX) previewed, then applied
// through the one fulfilment transition; claims "en verificación" confirmed or rejected by hand;
// the /admin/conciliacion route over real HTTP (npm run build first).

const APPROVE = "4111111111111111";
const ORIGIN = "http://localhost";
/** The simulated bank, as a merchant who cannot ask it: every approval waits "en verificación". */
let bank: PaymentProvider;
let finance: StaffContext;
let baseUrl = "";
let close: () => Promise<void>;

beforeAll(async () => {
  bank = { ...createSimulatorProvider(db, "AUT"), verifyPayment: async () => ({ kind: "unavailable" }) };
  finance = await createStaffContext("finanzas");
  await startMailCapture();
  ({ baseUrl, close } = await startTestServer());
});

afterAll(async () => {
  await close?.();
  await stopMailCapture();
});

/** A real claim: a card payment (in person, seat held) the simulated bank approved and the browser relayed. */
async function claim() {
  const participant = await createParticipant({ role: "EXTERNO", grade: "Médico" });
  const courseId = await createCourse();
  const started = await startCardPayment(db, bank, { participantId: participant.id, profile: "EXTERNO", courseId, modality: "presencial" });
  if (!started.ok) throw new Error(`could not start: ${started.problem.code}`);
  const answer = await answerSimulatedPayment(db, started.params, APPROVE);
  if (answer.kind !== "answer") throw new Error(answer.errorCode);
  const relayed = await handleRelay(db, bank, { kind: "success", payload: answer.response, controlNumber: null, relayToken: started.relayToken });
  expect(relayed).toMatchObject({ applied: true, status: "in_verification" });
  const row = await db.selectFrom("payment_attempts").selectAll().where("control_number", "=", started.controlNumber).executeTakeFirstOrThrow();
  return {
    email: participant.email,
    enrolmentId: started.enrolmentId,
    attemptId: row.id,
    controlNumber: started.controlNumber,
    referencia: row.claimed_referencia!,
    codigoAut: row.claimed_codigo_aut!,
  };
}
type Claim = Awaited<ReturnType<typeof claim>>;

const attempt = (id: number) => db.selectFrom("payment_attempts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const enrolment = (id: number) => db.selectFrom("enrolments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const mailsTo = (email: string) => db.selectFrom("mail_outbox").select("subject").where("envelope_to", "like", `%${email}%`).execute();
/** The attempt's events after the relay's own. */
const events = (attemptId: number) =>
  db.selectFrom("payment_events").selectAll().where("payment_attempt_id", "=", attemptId).where("kind", "!=", "success").orderBy("id").execute();
const auditRows = (action: string) => db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id").execute();

async function rowsOf(csv: string): Promise<ReportRow[]> {
  const reading = await readBanorteReport(Buffer.from(csv), "reporte.csv");
  if (!reading.ok) throw new Error(reading.problem.form.join(" "));
  return reading.rows;
}

describe("a report previewed, then applied", () => {
  let matching: Claim;
  let otherAmount: Claim;
  let missing: Claim;
  let csv: string;

  beforeAll(async () => {
    const before = new Date(Date.now() - 1_000).toISOString();
    matching = await claim();
    otherAmount = await claim();
    missing = await claim();
    const now = new Date().toISOString();
    csv = [
      "Número de control,Importe,Resultado,Fecha,Referencia,Código de autorización",
      `${matching.controlNumber},"$1,500.00",Aprobada,${now},${matching.referencia},${matching.codigoAut}`,
      `${otherAmount.controlNumber},1200.00,A,${now},${otherAmount.referencia},${otherAmount.codigoAut}`,
      // Not ours; the earliest row, so the report's period covers the three claims' whole lives.
      `HIMFGAJENO000000001,10.00,A,${before},123456789012,ABC123`,
    ].join("\r\n");
  });

  test("the preview sorts the rows into groups and changes nothing", async () => {
    const plan = await planReconciliation(db, await rowsOf(csv));
    expect(plan.rows).toBe(3);
    expect(plan.matched.map((e) => [e.controlNumber, e.action, e.codesAgree])).toEqual([[matching.controlNumber, "confirm", true]]);
    expect(plan.mismatched.map((e) => [e.controlNumber, e.action, e.bankAmountCentavos, e.ourAmountCentavos])).toEqual([
      [otherAmount.controlNumber, "release", 120_000, 150_000],
    ]);
    expect(plan.unknown.map((e) => e.controlNumber)).toEqual(["HIMFGAJENO000000001"]);
    expect(plan.missingFromBank.map((e) => [e.controlNumber, e.action])).toEqual([[missing.controlNumber, "release"]]);
    expect(plan.declined).toEqual([]);
    for (const c of [matching, otherAmount, missing]) expect((await attempt(c.attemptId)).status).toBe("in_verification");
    expect(await auditRows("pago.conciliar")).toEqual([]);
  });

  test("applying fulfils the matching claim once, releases the contradicted ones and tells each person", async () => {
    const rows = await rowsOf(csv);
    const sha256 = reportSha256(Buffer.from(csv));
    const outcome = await applyReconciliation(db, rows, finance, { origin: ORIGIN, report: { fileName: "reporte.csv", sha256 } });
    expect(outcome).toMatchObject({ ok: true, alreadyApplied: false, changed: 3 });

    expect(await attempt(matching.attemptId)).toMatchObject({ status: "approved", verification: "conciliado", referencia: matching.referencia });
    expect((await enrolment(matching.enrolmentId)).status).toBe("confirmada");
    expect((await mailsTo(matching.email)).map((m) => m.subject)).toEqual([
      `Recibo de pago ${matching.controlNumber}`,
      expect.stringMatching(/^Inscripción confirmada/),
    ]);

    for (const c of [otherAmount, missing]) {
      expect(await attempt(c.attemptId)).toMatchObject({ status: "error", verification: "discrepancia" });
      const e = await enrolment(c.enrolmentId);
      expect(e.status).toBe("pendiente_de_pago");
      expect(e.seat_held_until).toBeNull();
      expect((await mailsTo(c.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Pago no confirmado: /)]);
      expect((await events(c.attemptId)).at(-1)).toMatchObject({ kind: "reconcile", outcome: "tampering" });
    }
    expect((await events(matching.attemptId)).at(-1)).toMatchObject({ kind: "reconcile", outcome: "applied" });

    const audits = await auditRows("pago.conciliar");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_staff_id: finance.actor.id, entity: "payment_report", entity_id: sha256 });
    expect(JSON.parse(audits[0]!.after_json!)).toMatchObject({
      file_name: "reporte.csv",
      counts: { rows: 3, matched: 1, mismatched: 1, unknown: 1, missingFromBank: 1, changed: 3 },
    });
  });

  test("the same report applied again changes nothing; the same rows in another file find nothing left to do", async () => {
    const rows = await rowsOf(csv);
    const eventsBefore = (await events(matching.attemptId)).length;
    const again = await applyReconciliation(db, rows, finance, {
      origin: ORIGIN,
      report: { fileName: "reporte.csv", sha256: reportSha256(Buffer.from(csv)) },
    });
    expect(again).toMatchObject({ ok: true, alreadyApplied: true, appliedBy: finance.actor.name });
    expect(await auditRows("pago.conciliar")).toHaveLength(1);

    const otherFile = `${csv}\r\n`;
    const second = await reconcileReportFile(db, Buffer.from(otherFile), "copia.csv", { cli: "prueba" }, { origin: ORIGIN });
    expect(second).toMatchObject({ ok: true, alreadyApplied: false, changed: 0 });
    expect((await events(matching.attemptId)).length).toBe(eventsBefore);
    expect(await mailsTo(matching.email)).toHaveLength(2);
    expect(await mailsTo(otherAmount.email)).toHaveLength(1);
    // The command line is audited without a staff actor, with its name.
    const cli = (await auditRows("pago.conciliar")).at(-1)!;
    expect(cli.actor_staff_id).toBeNull();
    expect(JSON.parse(cli.after_json!)).toMatchObject({ actor: "prueba", file_name: "copia.csv" });
  });
});

describe("report files", () => {
  test("an XLSX report with the bank's own column names, numbers and date cells", async () => {
    const c = await claim();
    // A date cell holds the bank's Mexico City wall-clock time (UTC−6).
    const mexicoNow = new Date(Date.now() - 6 * 3_600_000 + 60_000);
    const header = ["Folio", "Monto total", "Estatus", "Fecha y hora", "Referencia", "Autorización"].map((value) => ({ value }));
    const bytes = await writeXlsxFile([
      header,
      [
        { value: c.controlNumber },
        { value: 1500, type: Number },
        { value: "APROBADA" },
        { value: mexicoNow, type: Date, format: "yyyy-mm-dd hh:mm:ss" },
        { value: Number(c.referencia), type: Number },
        { value: Number(c.codigoAut), type: Number },
      ],
    ]).toBuffer();
    // Without the column's name the report is refused, naming what is missing.
    expect(await readBanorteReport(bytes, "reporte.xlsx")).toEqual({
      ok: false,
      status: 400,
      problem: { form: ["Faltan columnas en el encabezado: numero_control, importe."], fields: {}, code: "invalid-report" },
    });
    const outcome = await reconcileReportFile(
      db,
      bytes,
      "reporte.xlsx",
      { cli: "prueba xlsx" },
      { origin: ORIGIN, columns: { numero_control: "Folio", importe: "monto total" } },
    );
    expect(outcome).toMatchObject({ ok: true, alreadyApplied: false, changed: 1 });
    expect(await attempt(c.attemptId)).toMatchObject({ status: "approved", verification: "conciliado", codigo_aut: c.codigoAut });
    expect((await enrolment(c.enrolmentId)).status).toBe("confirmada");
  });

  test("a report with any unreadable row changes nothing and lists every bad row", async () => {
    const c = await claim();
    const now = new Date().toISOString();
    const csv = [
      "numero_control;importe;resultado;fecha;referencia;codigo_autorizacion",
      `${c.controlNumber};1500.00;A;${now};${c.referencia};${c.codigoAut}`,
      `HIMFGOTRO1;mil;A;${now};123;`,
      `${c.controlNumber};1500.00;X;ayer;;`,
    ].join("\n");
    const outcome = await reconcileReportFile(db, Buffer.from(csv), "malo.csv", { cli: "prueba" }, { origin: ORIGIN });
    expect(outcome).toEqual({
      ok: false,
      status: 400,
      problem: {
        form: [
          "Fila 3: importe no válido; una fila aprobada necesita la referencia de 12 dígitos; una fila aprobada necesita el código de autorización de 6 caracteres.",
          "Fila 4: resultado no es A, D, R ni T; fecha no válida; número de control repetido (también en la fila 2).",
        ],
        fields: {},
        code: "invalid-report",
      },
    });
    expect(await attempt(c.attemptId)).toMatchObject({ status: "in_verification" });
    expect(await events(c.attemptId)).toHaveLength(0);
    expect(await readBanorteReport(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]), "foto.png")).toEqual({
      ok: false,
      status: 400,
      problem: { form: ["foto.png no es un CSV ni un XLSX."], fields: {}, code: "invalid-report" },
    });
  });

  test("a declined row for a claim closes it; the report's codes win over other relayed codes", async () => {
    const declined = await claim();
    const otherCodes = await claim();
    const now = new Date().toISOString();
    const csv = [
      "numero_control,importe,resultado,fecha,referencia,codigo_autorizacion",
      `${declined.controlNumber},1500.00,D,${now},,`,
      `${otherCodes.controlNumber},1500.00,A,${now},999999999999,ZZ99ZZ`,
    ].join("\n");
    const plan = await planReconciliation(db, await rowsOf(csv));
    expect(plan.declined.map((e) => [e.controlNumber, e.action])).toEqual([[declined.controlNumber, "decline"]]);
    expect(plan.matched.map((e) => [e.controlNumber, e.codesAgree])).toEqual([[otherCodes.controlNumber, false]]);
    await reconcileReportFile(db, Buffer.from(csv), "codigos.csv", { cli: "prueba" }, { origin: ORIGIN });
    expect(await attempt(declined.attemptId)).toMatchObject({ status: "declined" });
    expect((await enrolment(declined.enrolmentId)).seat_held_until).toBeNull();
    expect((await mailsTo(declined.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Pago no confirmado/)]);
    expect(await attempt(otherCodes.attemptId)).toMatchObject({
      status: "approved",
      referencia: "999999999999",
      codigo_aut: "ZZ99ZZ",
      claimed_referencia: otherCodes.referencia,
    });
    expect((await events(otherCodes.attemptId)).map((e) => [e.kind, e.outcome])).toEqual([
      ["reconcile", "tampering"],
      ["reconcile", "applied"],
    ]);
  });
});

describe("manual confirmation from the bank's console", () => {
  test("wrong codes are refused and change nothing; the right ones (any case) confirm once, audited with the actor", async () => {
    const c = await claim();
    // Banorte's codes may carry letters: the relayed one did.
    await db.updateTable("payment_attempts").set({ claimed_codigo_aut: "AB12CD" }).where("id", "=", c.attemptId).execute();
    const queue = await listClaimsInVerification(db);
    expect(queue.rows.map((r) => r.controlNumber)).toContain(c.controlNumber);
    expect(JSON.stringify(queue)).not.toContain(c.referencia);

    const wrong = await confirmPaymentByHand(
      db,
      finance,
      { attemptId: c.attemptId, referencia: c.referencia, codigoAut: "AB12CE" },
      { origin: ORIGIN },
    );
    expect(wrong).toEqual({ ok: false, status: 409, problem: { form: [CODES_DO_NOT_MATCH], fields: {} } });
    expect(await attempt(c.attemptId)).toMatchObject({ status: "in_verification", referencia: null, confirmed_by: null });
    expect((await events(c.attemptId)).at(-1)).toMatchObject({ kind: "verify", outcome: "tampering" });
    expect((await events(c.attemptId)).at(-1)!.payload).toContain(finance.actor.name);
    expect((await auditRows("pago.confirmar_manual")).filter((a) => a.entity_id === String(c.attemptId))).toEqual([]);

    const right = await confirmPaymentByHand(
      db,
      finance,
      { attemptId: c.attemptId, referencia: c.referencia, codigoAut: "ab12cd" },
      { origin: ORIGIN },
    );
    expect(right).toMatchObject({ ok: true, controlNumber: c.controlNumber, refundReason: null });
    expect(await attempt(c.attemptId)).toMatchObject({
      status: "approved",
      verification: "confirmado_manual",
      confirmed_by: finance.actor.name,
      referencia: c.referencia,
      codigo_aut: "AB12CD",
    });
    expect((await enrolment(c.enrolmentId)).status).toBe("confirmada");
    const audits = (await auditRows("pago.confirmar_manual")).filter((a) => a.entity_id === String(c.attemptId));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_staff_id: finance.actor.id, actor_role: "finanzas" });
    expect(JSON.parse(audits[0]!.before_json!)).toMatchObject({ status: "in_verification" });
    expect(JSON.parse(audits[0]!.after_json!)).toMatchObject({ status: "approved", confirmed_by: finance.actor.name });

    const twice = await confirmPaymentByHand(
      db,
      finance,
      { attemptId: c.attemptId, referencia: c.referencia, codigoAut: "AB12CD" },
      { origin: ORIGIN },
    );
    expect(twice).toMatchObject({ ok: false, status: 409 });
    expect((await mailsTo(c.email)).filter((m) => m.subject.startsWith("Recibo de pago"))).toHaveLength(1);
  });

  test("a claim that reuses the codes of another confirmed payment is refused: one referencia confirms one payment", async () => {
    const first = await claim();
    expect(
      await confirmPaymentByHand(
        db,
        finance,
        { attemptId: first.attemptId, referencia: first.referencia, codigoAut: first.codigoAut },
        { origin: ORIGIN },
      ),
    ).toMatchObject({ ok: true });
    // A second buyer relays a forged approval carrying the first payment's real codes.
    const copy = await claim();
    await db
      .updateTable("payment_attempts")
      .set({ claimed_referencia: first.referencia, claimed_codigo_aut: first.codigoAut })
      .where("id", "=", copy.attemptId)
      .execute();
    const refused = await confirmPaymentByHand(
      db,
      finance,
      { attemptId: copy.attemptId, referencia: first.referencia, codigoAut: first.codigoAut },
      { origin: ORIGIN },
    );
    expect(refused).toMatchObject({ ok: false, status: 409, problem: { form: [referenciaAlreadyUsed(first.controlNumber)] } });
    expect(await attempt(copy.attemptId)).toMatchObject({ status: "in_verification", referencia: null });
    expect((await events(copy.attemptId)).at(-1)).toMatchObject({ outcome: "tampering" });
    expect((await enrolment(copy.enrolmentId)).status).toBe("pendiente_de_pago");
  });

  test("«Rechazar pago» releases the seat, tells the person and is audited", async () => {
    const c = await claim();
    const outcome = await rejectClaimByHand(db, finance, { attemptId: c.attemptId, reason: "La consola de Banorte no muestra el cargo." });
    expect(outcome).toMatchObject({ ok: true });
    expect(await attempt(c.attemptId)).toMatchObject({ status: "declined" });
    expect((await enrolment(c.enrolmentId)).seat_held_until).toBeNull();
    expect((await mailsTo(c.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Pago no confirmado/)]);
    const audit = (await auditRows("pago.rechazar")).find((a) => a.entity_id === String(c.attemptId));
    expect(JSON.parse(audit!.after_json!)).toMatchObject({ reason: "La consola de Banorte no muestra el cargo." });
    expect(await rejectClaimByHand(db, finance, { attemptId: c.attemptId, reason: "otra vez" })).toMatchObject({ ok: false, status: 409 });
  });
});

describe("/admin/conciliacion over HTTP", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = (await createSignedInStaff(db, "finanzas")).cookie;
  });

  const post = (query: string, body: FormData | URLSearchParams, who = cookie) =>
    fetch(`${baseUrl}/admin/conciliacion?${query}`, { method: "POST", body, redirect: "manual", headers: { Cookie: who, Origin: baseUrl } });

  test("upload, preview (nothing changed), apply once from the stored report; the queue never shows the relayed codes", async () => {
    const c = await claim();
    const page = await fetch(`${baseUrl}/admin/conciliacion`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(c.controlNumber);
    expect(html).toContain("Confirmar pago");
    expect(html).not.toContain(c.referencia);

    const csv = [
      "numero_control,importe,resultado,fecha,referencia,codigo_autorizacion",
      `${c.controlNumber},1500.00,A,${new Date().toISOString()},${c.referencia},${c.codigoAut}`,
    ].join("\n");
    const notAReport = new FormData();
    notAReport.append("reporte", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])]), "foto.png");
    const refused = await post("intent=revisar", notAReport);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("no es un CSV ni un XLSX");

    const upload = new FormData();
    upload.append("reporte", new Blob([csv], { type: "text/csv" }), "reporte-http.csv");
    upload.append("columna_importe", "");
    const reviewed = await post("intent=revisar", upload);
    expect(reviewed.status).toBe(303);
    const previewUrl = reviewed.headers.get("location")!;
    expect(previewUrl).toMatch(/^\/admin\/conciliacion\?reporte=[0-9a-f-]{36}$/);
    const reportId = previewUrl.split("=")[1]!;
    const preview = await (await fetch(`${baseUrl}${previewUrl}`, { headers: { Cookie: cookie } })).text();
    expect(preview).toContain("Vista previa: reporte-http.csv");
    expect(preview).toContain(">Aplicar conciliación<");
    expect((await attempt(c.attemptId)).status).toBe("in_verification");
    const stored = await db.selectFrom("stored_files").select(["visibility", "sha256"]).where("id", "=", reportId).executeTakeFirstOrThrow();
    expect(stored.visibility).toBe("private");

    // The browser cannot swap the report: another SHA-256 (or id) is refused.
    const swapped = await post("intent=aplicar", new URLSearchParams({ reporte: reportId, sha256: "0".repeat(64) }));
    expect(swapped.status).toBe(404);
    expect((await attempt(c.attemptId)).status).toBe("in_verification");

    const applied = await post("intent=aplicar", new URLSearchParams({ reporte: reportId, sha256: stored.sha256 }));
    expect(applied.status).toBe(303);
    expect(await attempt(c.attemptId)).toMatchObject({ status: "approved", verification: "conciliado" });
    const again = await post("intent=aplicar", new URLSearchParams({ reporte: reportId, sha256: stored.sha256 }));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("ya se aplicó");
    const after = await (await fetch(`${baseUrl}${previewUrl}`, { headers: { Cookie: cookie } })).text();
    expect(after).toContain("Este reporte ya se aplicó");
    expect(after).not.toContain(">Aplicar conciliación<");
  });

  test("manual confirmation and refusals answer 4xx in Spanish; another role is refused", async () => {
    const c = await claim();
    const wrong = await post("intent=confirmar", new URLSearchParams({ pago: String(c.attemptId), referencia: "000000000000", codigo: c.codigoAut }));
    expect(wrong.status).toBe(409);
    expect(await wrong.text()).toContain("Los datos no coinciden con los que recibimos del banco");
    const invalid = await post("intent=confirmar", new URLSearchParams({ pago: String(c.attemptId), referencia: "12", codigo: "" }));
    expect(invalid.status).toBe(400);
    const noReason = await post("intent=rechazar", new URLSearchParams({ pago: String(c.attemptId), motivo: "  " }));
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Escriba el motivo del rechazo");
    const teaching = (await createSignedInStaff(db, "ensenanza")).cookie;
    const forbidden = await post(
      "intent=confirmar",
      new URLSearchParams({ pago: String(c.attemptId), referencia: c.referencia, codigo: c.codigoAut }),
      teaching,
    );
    expect(forbidden.status).toBe(403);
    expect((await attempt(c.attemptId)).status).toBe("in_verification");

    const ok = await post("intent=confirmar", new URLSearchParams({ pago: String(c.attemptId), referencia: c.referencia, codigo: c.codigoAut }));
    expect(ok.status).toBe(303);
    expect(await attempt(c.attemptId)).toMatchObject({ status: "approved", verification: "confirmado_manual" });
  });
});
