import { parse } from "csv-parse/sync";
import type { Kysely } from "kysely";
import type { DB, PaymentAttemptStatus } from "~/db.server";
import { sendMail } from "~/mail/mailer.server";
import { getSettings } from "~/settings/settings.server";
import { bankDate } from "./banorte/response.server";
import { confirmPaymentIn, logPaymentEvent, mailApproval } from "./settle.server";

/**
 * Reconciliation against Banorte's transaction report (CSV).
 *
 * The real report's columns are not documented (docs/decisions/0013), so this import accepts a
 * CSV with a header row naming these columns (case, accents, spaces and dashes ignored; comma or
 * semicolon separated; the aliases in COLUMN_ALIASES also work):
 *
 * | column               | content                                                          |
 * |----------------------|------------------------------------------------------------------|
 * | numero_control       | our control number (HIMFGCURSOS…), required                      |
 * | importe              | amount in pesos: 1500.00, 1,500.00 or $1,500.00, required        |
 * | resultado            | A/Aprobada, D/Declinada, R/Rechazada, T/Sin respuesta, required  |
 * | fecha                | when the bank processed it (ISO 8601 or DD/MM/YYYY HH:mm:ss,     |
 * |                      | Mexico City time), required: it tells which period the report    |
 * |                      | covers, so a payment missing from it is known to be missing      |
 * | referencia           | 12 digits, required for an approved row                          |
 * | codigo_autorizacion  | 6 letters or digits, required for an approved row                |
 *
 * What it does, in one transaction (a report with any bad row changes nothing):
 * - every approved payment still "por conciliar" is matched by control number, amount and
 *   authorisation code: a match is "conciliado"; anything else is "discrepancia", the enrolment is
 *   suspended (access PDF and course content withdrawn) and the participant is told by e-mail;
 * - an approved row for an attempt we did not record as approved is money taken: it is settled
 *   as approved ("conciliado") and the enrolment confirmed, or flagged for refund;
 * - an attempt left at "T" (no answer) is settled by its row, or as uncharged when the report
 *   covers its date and does not list it.
 * Every change is logged in payment_events with the actor. The function takes the CSV text and
 * the actor so a staff screen can call it as the CLI does.
 */
export interface ReconcileSummary {
  rows: number;
  period: { from: string; to: string } | null;
  conciliated: string[];
  discrepancies: { controlNumber: string; reason: string }[];
  recovered: { controlNumber: string; refundReason: string | null }[];
  settledWithoutCharge: string[];
  notInReport: string[];
  unknownRows: string[];
}

export type ReconcileOutcome = { ok: true; summary: ReconcileSummary } | { ok: false; errors: string[] };

interface ReportRow {
  line: number;
  controlNumber: string;
  amountCentavos: number;
  result: "A" | "D" | "R" | "T";
  date: Date;
  referencia: string | null;
  codigoAut: string | null;
}

const COLUMN_ALIASES: Record<string, string> = {
  numero_control: "numero_control",
  numero_de_control: "numero_control",
  control_number: "numero_control",
  importe: "importe",
  monto: "importe",
  resultado: "resultado",
  estatus: "resultado",
  estado: "resultado",
  resultado_payw: "resultado",
  fecha: "fecha",
  fecha_hora: "fecha",
  referencia: "referencia",
  codigo_autorizacion: "codigo_autorizacion",
  codigo_aut: "codigo_autorizacion",
  autorizacion: "codigo_autorizacion",
};
const REQUIRED_COLUMNS = ["numero_control", "importe", "resultado", "fecha"] as const;
const RESULTS: Record<string, ReportRow["result"]> = {
  A: "A",
  APROBADA: "A",
  APROBADO: "A",
  D: "D",
  DECLINADA: "D",
  DECLINADO: "D",
  R: "R",
  RECHAZADA: "R",
  RECHAZADO: "R",
  T: "T",
  SIN_RESPUESTA: "T",
};
export const SUSPENSION_NOTE =
  "El pago no coincide con el reporte del banco. La inscripción queda suspendida mientras el área de finanzas lo revisa.";
const MAX_REPORT_BYTES = 5 * 1024 * 1024;

function normaliseHeader(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** Reads the report; every problem at once, each naming its line. */
export function parseBanorteReport(csvText: string): { ok: true; rows: ReportRow[] } | { ok: false; errors: string[] } {
  if (csvText.length > MAX_REPORT_BYTES) return { ok: false, errors: ["El reporte pesa más de 5 MB."] };
  const firstLine = csvText.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
  let records: Record<string, string>[];
  try {
    records = parse(csvText, {
      bom: true,
      delimiter,
      columns: (header: string[]) => header.map((name) => COLUMN_ALIASES[normaliseHeader(name)] ?? `ignorada_${normaliseHeader(name)}`),
      skip_empty_lines: true,
      trim: true,
    }) as Record<string, string>[];
  } catch (error) {
    return { ok: false, errors: [`El reporte no es un CSV válido: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const errors: string[] = [];
  const present = new Set(
    records.length > 0 ? Object.keys(records[0]!) : firstLine.split(delimiter).map((name) => COLUMN_ALIASES[normaliseHeader(name)] ?? ""),
  );
  const missing = REQUIRED_COLUMNS.filter((column) => !present.has(column));
  if (missing.length > 0) return { ok: false, errors: [`Faltan columnas en el encabezado: ${missing.join(", ")}.`] };
  if (records.length === 0) return { ok: false, errors: ["El reporte no tiene filas."] };

  const rows: ReportRow[] = [];
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    const line = index + 2;
    const problems: string[] = [];
    const controlNumber = (record.numero_control ?? "").toUpperCase();
    if (!/^[A-Z0-9]{1,30}$/.test(controlNumber)) problems.push("número de control no válido");
    const amountText = (record.importe ?? "").replace(/[$\s]/g, "").replace(/,/g, "");
    const amountCentavos = /^\d{1,13}(\.\d{1,2})?$/.test(amountText) ? Math.round(Number(amountText) * 100) : NaN;
    if (!Number.isFinite(amountCentavos)) problems.push("importe no válido");
    const result = RESULTS[normaliseHeader(record.resultado ?? "").toUpperCase()];
    if (!result) problems.push("resultado no es A, D, R ni T");
    const date = bankDate(record.fecha ?? "");
    if (!date) problems.push("fecha no válida");
    const referencia = record.referencia ? record.referencia : null;
    const codigoAut = record.codigo_autorizacion ? record.codigo_autorizacion : null;
    if (result === "A") {
      if (!referencia || !/^\d{12}$/.test(referencia)) problems.push("una fila aprobada necesita la referencia de 12 dígitos");
      if (!codigoAut || !/^[A-Za-z0-9]{6}$/.test(codigoAut)) problems.push("una fila aprobada necesita el código de autorización de 6 caracteres");
    }
    if (seen.has(controlNumber)) problems.push(`número de control repetido (también en la fila ${seen.get(controlNumber)})`);
    seen.set(controlNumber, line);
    if (problems.length > 0) errors.push(`Fila ${line}: ${problems.join("; ")}.`);
    else rows.push({ line, controlNumber, amountCentavos, result: result!, date: date!, referencia, codigoAut });
  });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, rows };
}

export async function reconcileBanorteReport(
  db: Kysely<DB>,
  csvText: string,
  actor: string,
  options: { origin?: string | null } = {},
): Promise<ReconcileOutcome> {
  const parsed = parseBanorteReport(csvText);
  if (!parsed.ok) return parsed;
  const byControl = new Map(parsed.rows.map((row) => [row.controlNumber, row]));
  const times = parsed.rows.map((row) => row.date.getTime());
  const from = new Date(Math.min(...times));
  const to = new Date(Math.max(...times));
  const inPeriod = (iso: string) => iso >= from.toISOString() && iso <= to.toISOString();
  const summary: ReconcileSummary = {
    rows: parsed.rows.length,
    period: { from: from.toISOString(), to: to.toISOString() },
    conciliated: [],
    discrepancies: [],
    recovered: [],
    settledWithoutCharge: [],
    notInReport: [],
    unknownRows: [],
  };
  const suspended: number[] = [];
  const approvedNow: number[] = [];
  const stamp = () => new Date().toISOString();

  await db.transaction().execute(async (trx) => {
    const log = (attemptId: number | null, controlNumber: string, outcome: "applied" | "ignored" | "tampering", reason: string, row?: ReportRow) =>
      logPaymentEvent(trx, { attemptId, controlNumber, kind: "reconcile", outcome, reason, payload: { actor, row: row ?? null } });

    // 1. Approved payments we took on the relay's word.
    const unverified = await trx
      .selectFrom("payment_attempts")
      .select(["id", "control_number", "amount_centavos", "codigo_aut", "referencia", "enrolment_id", "settled_at", "created_at"])
      .where("status", "=", "approved")
      .where("verification", "=", "por_conciliar")
      .execute();
    for (const attempt of unverified) {
      const row = byControl.get(attempt.control_number);
      if (!row && !inPeriod(attempt.settled_at ?? attempt.created_at)) {
        summary.notInReport.push(attempt.control_number);
        continue;
      }
      let problem: string | null = null;
      if (!row) problem = "el reporte no tiene este pago";
      else if (row.result !== "A") problem = `el banco lo reporta como ${row.result}`;
      else if (row.amountCentavos !== attempt.amount_centavos)
        problem = `importe del banco ${row.amountCentavos} centavos, nuestro ${attempt.amount_centavos}`;
      else if (row.codigoAut !== attempt.codigo_aut) problem = "el código de autorización no coincide";
      else if (attempt.referencia && row.referencia !== attempt.referencia) problem = "la referencia no coincide";
      if (!problem) {
        await trx
          .updateTable("payment_attempts")
          .set({ verification: "conciliado", verified_at: stamp(), updated_at: stamp() })
          .where("id", "=", attempt.id)
          .execute();
        summary.conciliated.push(attempt.control_number);
        await log(attempt.id, attempt.control_number, "applied", "conciliado", row);
        continue;
      }
      await trx
        .updateTable("payment_attempts")
        .set({ verification: "discrepancia", verified_at: stamp(), updated_at: stamp() })
        .where("id", "=", attempt.id)
        .execute();
      // A course payment's enrolment is suspended; a donation keeps its status and finance sees the
      // attempt's "discrepancia" (nothing was delivered that could be withdrawn).
      if (attempt.enrolment_id !== null) {
        const result = await trx
          .updateTable("enrolments")
          .set({ status: "suspendida", suspension_reason: SUSPENSION_NOTE, updated_at: stamp() })
          .where("id", "=", attempt.enrolment_id)
          .where("status", "=", "confirmada")
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) suspended.push(attempt.enrolment_id);
      }
      summary.discrepancies.push({ controlNumber: attempt.control_number, reason: problem });
      await log(attempt.id, attempt.control_number, "tampering", `discrepancia: ${problem}`, row);
    }

    // 2. Approved rows for attempts we did not record as approved: money taken, never dropped.
    for (const row of parsed.rows) {
      const attempt = await trx
        .selectFrom("payment_attempts")
        .select(["id", "status", "amount_centavos", "verification"])
        .where("control_number", "=", row.controlNumber)
        .executeTakeFirst();
      if (!attempt) {
        summary.unknownRows.push(row.controlNumber);
        continue;
      }
      if (attempt.status === "approved") continue;
      if (row.result === "A") {
        if (row.amountCentavos !== attempt.amount_centavos) {
          summary.discrepancies.push({
            controlNumber: row.controlNumber,
            reason: `aprobado por el banco con otro importe (${row.amountCentavos} centavos)`,
          });
          await log(attempt.id, row.controlNumber, "tampering", "aprobado por el banco con otro importe", row);
          continue;
        }
        const everyUnsettled: PaymentAttemptStatus[] = ["in_verification", "pending", "expired", "no_answer", "declined", "rejected", "cancelled", "closed", "error"];
        const settled = await confirmPaymentIn(
          trx,
          attempt.id,
          { source: "report", referencia: row.referencia!, codigoAut: row.codigoAut!, actor },
          { from: everyUnsettled },
        );
        if (settled.settled) {
          summary.recovered.push({ controlNumber: row.controlNumber, refundReason: settled.refundReason });
          if (!settled.refundReason) approvedNow.push(attempt.id);
          await log(
            attempt.id,
            row.controlNumber,
            "applied",
            `aprobado según el reporte (${attempt.status})${settled.refundReason ? `; ${settled.refundReason}` : ""}`,
            row,
          );
        }
      } else if (attempt.status === "no_answer" && attempt.verification === "por_conciliar") {
        await trx
          .updateTable("payment_attempts")
          .set({ verification: "conciliado", verified_at: stamp(), updated_at: stamp() })
          .where("id", "=", attempt.id)
          .execute();
        summary.settledWithoutCharge.push(row.controlNumber);
        await log(attempt.id, row.controlNumber, "applied", `sin cargo según el reporte (${row.result})`, row);
      }
    }

    // 3. "No answer" attempts the report should list and does not: nothing was charged.
    const waiting = await trx
      .selectFrom("payment_attempts")
      .select(["id", "control_number", "created_at"])
      .where("status", "=", "no_answer")
      .where("verification", "=", "por_conciliar")
      .execute();
    for (const attempt of waiting) {
      if (byControl.has(attempt.control_number)) continue;
      if (!inPeriod(attempt.created_at)) {
        summary.notInReport.push(attempt.control_number);
        continue;
      }
      await trx
        .updateTable("payment_attempts")
        .set({ verification: "conciliado", verified_at: stamp(), updated_at: stamp() })
        .where("id", "=", attempt.id)
        .execute();
      summary.settledWithoutCharge.push(attempt.control_number);
      await log(attempt.id, attempt.control_number, "applied", "sin cargo: el reporte cubre su fecha y no lo lista");
    }
  });

  for (const enrolmentId of suspended) await mailSuspension(db, enrolmentId);
  if (options.origin) for (const attemptId of approvedNow) await mailApproval(db, attemptId, options.origin);
  return { ok: true, summary };
}

/** The participant hears that the enrolment is suspended, why, and whom to call. */
async function mailSuspension(db: Kysely<DB>, enrolmentId: number): Promise<void> {
  try {
    const facts = await db
      .selectFrom("enrolments")
      .innerJoin("participants", "participants.id", "enrolments.participant_id")
      .innerJoin("courses", "courses.course_id", "enrolments.course_id")
      .select(["participants.name", "participants.email", "courses.course_name"])
      .where("enrolments.id", "=", enrolmentId)
      .executeTakeFirstOrThrow();
    const settings = await getSettings(db);
    await sendMail({
      to: facts.email,
      subject: `Inscripción suspendida: ${facts.course_name}`,
      text: [
        `Hola, ${facts.name}:`,
        "",
        `Su inscripción al curso «${facts.course_name}» quedó suspendida: el pago registrado no coincide con el reporte del banco.`,
        "Mientras lo revisamos, el documento de acceso y el contenido del curso no están disponibles.",
        `Si usted pagó, comuníquese con nosotros al ${settings.phone} o a ${settings.email} con su número de control y el comprobante de su banco.`,
      ].join("\n"),
    });
  } catch (error) {
    console.error("suspension mail failed", error);
  }
}
