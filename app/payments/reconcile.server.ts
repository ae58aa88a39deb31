import crypto from "node:crypto";
import { parse } from "csv-parse/sync";
import type { Kysely, Transaction } from "kysely";
import { readSheet } from "read-excel-file/node";
import { refuse, type Outcome, type Refusal } from "~/actions/outcome";
import type { DB, PaymentAttemptStatus, PaymentPurpose } from "~/db.server";
import { mailFor } from "~/mail/message";
import { sendMail } from "~/mail/mailer.server";
import { enrolmentSuspended } from "~/mail/messages/enrolment-suspended";
import { getSettings } from "~/settings/settings.server";
import { recordAudit } from "~/staff/audit.server";
import type { StaffContext } from "~/staff/teaching/staff-context.server";
import { bankDate } from "./banorte/response.server";
import { confirmPaymentIn, logPaymentEvent, mailApproval, mailPaymentNotConfirmed, settleWithoutMoney } from "./settle.server";
import * as clock from "~/utils/clock.server";

/**
 * Reconciliation against Banorte's transaction report (CSV or XLSX), in two steps that share one
 * plan: `planReconciliation` says what the report would change (the preview finance reviews at
 * /admin/conciliacion), `applyReconciliation` recomputes the plan inside one transaction and applies
 * it, every money change through the one fulfilment transition (`confirmPaymentIn`) or
 * `settleWithoutMoney`. The CLI (`npm run payments:reconcile`) runs the same code.
 *
 * The real report's columns are not documented (decision 0013), so the report needs a header row
 * naming these columns (case, accents, spaces and dashes ignored; the aliases in COLUMN_ALIASES
 * also work; finance may name the bank's own header for any of them on the upload form):
 *
 * | column               | content                                                          |
 * |----------------------|------------------------------------------------------------------|
 * | numero_control       | our control number (HIMFGCURSOS…), required                      |
 * | importe              | amount in pesos: 1500.00, 1,500.00 or $1,500.00, required        |
 * | resultado            | A/Aprobada, D/Declinada, R/Rechazada, T/Sin respuesta, required  |
 * | fecha                | when the bank processed it (ISO 8601 or DD/MM/YYYY HH:mm:ss,     |
 * |                      | Mexico City time; an XLSX date cell is read as Mexico City       |
 * |                      | time), required: it tells which period the report covers, so a   |
 * |                      | payment missing from it is known to be missing                   |
 * | referencia           | 12 digits, required for an approved row                          |
 * | codigo_autorizacion  | 6 letters or digits, required for an approved row                |
 *
 * What applying does (decision 0013, "Reconciliation"):
 * - an approved row with our amount fulfils the attempt (claim "en verificación", or any attempt
 *   not approved: money taken is never dropped): `confirmPaymentIn` with the report as proof;
 *   when the report's codes differ from the relayed ones the report's count, and an event says so;
 * - a claim the report contradicts (approved with another amount, declined or rejected, or absent
 *   from a report that covers its whole life) is closed without money, its seat released and the
 *   person told by e-mail; absent claims are marked "discrepancia" (finance may still find the
 *   money later: a later report or the bank's console brings it back through the same transition);
 * - approvals taken on the relay's word before migration 0027 ("por conciliar") keep the old rule:
 *   a match is "conciliado", anything else "discrepancia" with the enrolment suspended and mailed;
 * - an attempt answered "T" is settled by its row, or as uncharged when the report covers it.
 * A report with any unreadable row changes nothing. Every change is a payment_events row (kind
 * "reconcile") and the import is one audit row keyed by the file's SHA-256: the same report
 * applied twice changes nothing the second time.
 */

export const REPORT_COLUMNS = ["numero_control", "importe", "resultado", "fecha", "referencia", "codigo_autorizacion"] as const;
export type ReportColumn = (typeof REPORT_COLUMNS)[number];
/** The bank's header for a column, when it differs from ours and from the aliases. */
export type ReportColumnNames = Partial<Record<ReportColumn, string>>;
export const COLUMN_NAME_MAX = 60;

export type ReportResult = "A" | "D" | "R" | "T";

export interface ReportRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  controlNumber: string;
  amountCentavos: number;
  result: ReportResult;
  date: Date;
  referencia: string | null;
  codigoAut: string | null;
}

/** The report's rows, or refused 400 "invalid-report" with every problem (each naming its line) as problem.form. */
export type ReportReading = Outcome<{ rows: ReportRow[] }>;

const unreadable = (errors: string | string[]): Refusal => refuse(400, { form: errors, code: "invalid-report" });

const COLUMN_ALIASES: Record<string, ReportColumn> = {
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
  fecha_y_hora: "fecha",
  referencia: "referencia",
  codigo_autorizacion: "codigo_autorizacion",
  codigo_de_autorizacion: "codigo_autorizacion",
  codigo_aut: "codigo_autorizacion",
  autorizacion: "codigo_autorizacion",
};
const REQUIRED_COLUMNS = ["numero_control", "importe", "resultado", "fecha"] as const;
const RESULTS: Record<string, ReportResult> = {
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
export const MAX_REPORT_BYTES = 5 * 1024 * 1024;
/** The reconciliation upload form: the report and its column names (the route's maxBodyBytes). */
export const REPORT_FORM_MAX_BYTES = MAX_REPORT_BYTES + 64 * 1024;
const MAX_REPORT_ROWS = 50_000;

function normaliseHeader(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** A cell as read from the file: its text, and whether the spreadsheet stored it as a number (leading zeros lost). */
interface Cell {
  text: string;
  numeric: boolean;
}
interface RawRecord {
  line: number;
  cells: Cell[];
}

/** An XLSX file is a ZIP archive: it starts with "PK\x03\x04". */
export function looksLikeXlsx(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** Text that could be a CSV: no NUL bytes (a binary file), valid UTF-8 or else Windows-1252 (older exports). */
export function looksLikeCsv(bytes: Uint8Array): boolean {
  return bytes.length > 0 && !bytes.includes(0) && !looksLikeXlsx(bytes);
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

function csvRecords(bytes: Uint8Array): Outcome<{ records: RawRecord[] }> {
  const text = decodeText(bytes);
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
  try {
    const parsed = parse(text, {
      bom: true,
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return { ok: true, records: parsed.map(({ record, info }) => ({ line: info.lines, cells: record.map((text) => ({ text, numeric: false })) })) };
  } catch (error) {
    return unreadable([`El reporte no es un CSV válido: ${error instanceof Error ? error.message : String(error)}`]);
  }
}

/** A number kept as the file wrote it (no floating-point rounding of amounts and codes). */
class RawNumber {
  constructor(readonly text: string) {}
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

async function xlsxRecords(bytes: Uint8Array): Promise<Outcome<{ records: RawRecord[] }>> {
  let sheet: unknown[][];
  try {
    sheet = (await readSheet<RawNumber>(Buffer.from(bytes), { parseNumber: (text) => new RawNumber(text) })) as unknown[][];
  } catch {
    return unreadable(["El archivo XLSX no se pudo leer: guárdelo de nuevo como libro de Excel (.xlsx) o expórtelo como CSV."]);
  }
  const records: RawRecord[] = [];
  sheet.forEach((row, index) => {
    const cells = row.map((value): Cell => {
      if (value === null || value === undefined) return { text: "", numeric: false };
      if (value instanceof RawNumber) return { text: value.text, numeric: true };
      // A date cell has no time zone: it is the bank's wall-clock time in Mexico City, which the
      // reader hands over as that time in UTC; bankDate reads this text as Mexico City time.
      if (value instanceof Date) {
        return {
          text: `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`,
          numeric: false,
        };
      }
      return { text: String(value).trim(), numeric: false };
    });
    if (cells.some((cell) => cell.text !== "")) records.push({ line: index + 1, cells });
  });
  return { ok: true, records };
}

/** A code the spreadsheet stored as a number lost its leading zeros: give them back. */
function codeText(cell: Cell | undefined, width: number): string | null {
  if (!cell || cell.text === "") return null;
  if (cell.numeric && /^\d+$/.test(cell.text) && cell.text.length < width) return cell.text.padStart(width, "0");
  return cell.text;
}

/**
 * Reads the report (CSV or XLSX, told apart by content), every problem at once, each naming its
 * line. `columns` names the bank's header for any column whose header is not ours nor an alias.
 */
export async function readBanorteReport(bytes: Uint8Array, fileName: string, columns: ReportColumnNames = {}): Promise<ReportReading> {
  if (bytes.byteLength > MAX_REPORT_BYTES) return unreadable(["El reporte pesa más de 5 MB."]);
  if (bytes.byteLength === 0) return unreadable(["El reporte está vacío."]);
  const xlsx = looksLikeXlsx(bytes);
  if (!xlsx && !looksLikeCsv(bytes)) return unreadable([`${fileName.slice(0, 100)} no es un CSV ni un XLSX.`]);
  const read = xlsx ? await xlsxRecords(bytes) : csvRecords(bytes);
  if (!read.ok) return read;
  const [header, ...records] = read.records;
  if (!header) return unreadable(["El reporte no tiene encabezado ni filas."]);
  if (records.length > MAX_REPORT_ROWS) return unreadable([`El reporte tiene más de ${MAX_REPORT_ROWS.toLocaleString("es-MX")} filas: divídalo.`]);

  // The bank's header for each column: the names finance gave first, then ours and the aliases.
  const headerNames = header.cells.map((cell) => normaliseHeader(cell.text));
  const positions = new Map<ReportColumn, number>();
  const errors: string[] = [];
  for (const column of REPORT_COLUMNS) {
    const given = columns[column]?.trim();
    if (!given) continue;
    if (given.length > COLUMN_NAME_MAX) return unreadable([`El nombre de la columna ${column} es demasiado largo.`]);
    const index = headerNames.indexOf(normaliseHeader(given));
    if (index < 0) errors.push(`No encontramos la columna «${given}» (${column}) en el encabezado del reporte.`);
    else positions.set(column, index);
  }
  if (errors.length > 0) return unreadable(errors);
  headerNames.forEach((name, index) => {
    const column = COLUMN_ALIASES[name];
    if (column && !positions.has(column) && ![...positions.values()].includes(index)) positions.set(column, index);
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !positions.has(column));
  if (missing.length > 0) return unreadable([`Faltan columnas en el encabezado: ${missing.join(", ")}.`]);
  if (records.length === 0) return unreadable(["El reporte no tiene filas."]);

  const cellOf = (record: RawRecord, column: ReportColumn): Cell | undefined => {
    const index = positions.get(column);
    return index === undefined ? undefined : record.cells[index];
  };
  const rows: ReportRow[] = [];
  const seen = new Map<string, number>();
  for (const record of records) {
    const line = record.line;
    const problems: string[] = [];
    const controlNumber = (cellOf(record, "numero_control")?.text ?? "").toUpperCase();
    if (!/^[A-Z0-9]{1,30}$/.test(controlNumber)) problems.push("número de control no válido");
    const amountText = (cellOf(record, "importe")?.text ?? "").replace(/[$\s]/g, "").replace(/,/g, "");
    const amountCentavos = /^\d{1,13}(\.\d{1,2})?$/.test(amountText) ? Math.round(Number(amountText) * 100) : NaN;
    if (!Number.isFinite(amountCentavos)) problems.push("importe no válido");
    const result = RESULTS[normaliseHeader(cellOf(record, "resultado")?.text ?? "").toUpperCase()];
    if (!result) problems.push("resultado no es A, D, R ni T");
    const date = bankDate(cellOf(record, "fecha")?.text ?? "");
    if (!date) problems.push("fecha no válida");
    const referencia = codeText(cellOf(record, "referencia"), 12);
    const codigoAut = codeText(cellOf(record, "codigo_autorizacion"), 6);
    if (result === "A") {
      if (!referencia || !/^\d{12}$/.test(referencia)) problems.push("una fila aprobada necesita la referencia de 12 dígitos");
      if (!codigoAut || !/^[A-Za-z0-9]{6}$/.test(codigoAut)) problems.push("una fila aprobada necesita el código de autorización de 6 caracteres");
    }
    if (seen.has(controlNumber)) problems.push(`número de control repetido (también en la fila ${seen.get(controlNumber)})`);
    seen.set(controlNumber, line);
    if (problems.length > 0) errors.push(`Fila ${line}: ${problems.join("; ")}.`);
    else rows.push({ line, controlNumber, amountCentavos, result: result!, date: date!, referencia, codigoAut: codigoAut?.toUpperCase() ?? null });
  }
  if (errors.length > 0) return unreadable(errors);
  return { ok: true, rows };
}

/** What applying the report does to one attempt (or row). */
export type PlannedAction =
  /** an approved row for an attempt not yet approved: fulfilled through confirmPaymentIn (report) */
  | "confirm"
  /** a legacy "por conciliar" approval the report matches: conciliado */
  | "conciliate"
  /** a legacy "por conciliar" approval the report contradicts: discrepancia, enrolment suspended, mail */
  | "suspend"
  /** a claim the report contradicts (other amount, absent): discrepancia, seat released, mail */
  | "release"
  /** a claim the bank declined or rejected: closed, seat released, mail */
  | "decline"
  /** an attempt answered "T" the report settles: no charge (conciliado) */
  | "settle-no-charge"
  /** money taken with another amount for an attempt nobody claimed: logged for finance to refund */
  | "log"
  /** shown, nothing to change */
  | "none";

export interface PlanEntry {
  attemptId: number | null;
  controlNumber: string;
  /** The report's line, when the report lists it. */
  line: number | null;
  purpose: PaymentPurpose | null;
  personName: string | null;
  ourAmountCentavos: number | null;
  bankAmountCentavos: number | null;
  bankResult: ReportResult | null;
  bankDate: string | null;
  statusBefore: PaymentAttemptStatus | null;
  /** Approved on the relay's word before migration 0027 ("por conciliar"). */
  legacy: boolean;
  /** Whether the report's codes equal the relayed (claim) or recorded (legacy) ones; null when there were none. */
  codesAgree: boolean | null;
  action: PlannedAction;
  /** In Spanish, for finance. */
  reason: string;
  referencia: string | null;
  codigoAut: string | null;
}

export interface ReconciliationPlan {
  rows: number;
  period: { from: string; to: string };
  /** Approved rows with our amount: fulfilled (or conciliated, legacy). */
  matched: PlanEntry[];
  /** Another amount, or (legacy) other codes. */
  mismatched: PlanEntry[];
  /** Rows whose control number is not ours. */
  unknown: PlanEntry[];
  /** Our claims (and legacy approvals) the report should list, and does not. */
  missingFromBank: PlanEntry[];
  /** Declined, rejected (or unanswered) rows for our claims and legacy approvals. */
  declined: PlanEntry[];
  /** Attempts answered "T" that the report settles without a charge. */
  settledWithoutCharge: PlanEntry[];
  /** Rows about attempts already settled: nothing to do. */
  unchanged: number;
}

type Executor = Kysely<DB> | Transaction<DB>;

/** Every status an approved row in the report fulfils from: an approval is never dropped. */
const EVERY_UNSETTLED: readonly PaymentAttemptStatus[] = [
  "in_verification",
  "pending",
  "expired",
  "no_answer",
  "declined",
  "rejected",
  "cancelled",
  "closed",
  "error",
];

function attemptsQuery(db: Executor) {
  return db
    .selectFrom("payment_attempts as a")
    .leftJoin("enrolments as e", "e.id", "a.enrolment_id")
    .leftJoin("participants as p", "p.id", "e.participant_id")
    .leftJoin("donations as d", "d.id", "a.donation_id")
    .select([
      "a.id",
      "a.control_number",
      "a.amount_centavos",
      "a.status",
      "a.verification",
      "a.purpose",
      "a.referencia",
      "a.codigo_aut",
      "a.claimed_referencia",
      "a.claimed_codigo_aut",
      "a.claimed_at",
      "a.settled_at",
      "a.created_at",
      "p.name as participant_name",
      "d.donor_name",
    ]);
}
type AttemptFacts = Awaited<ReturnType<ReturnType<typeof attemptsQuery>["execute"]>>[number];

const money = (centavos: number) => (centavos / 100).toLocaleString("es-MX", { style: "currency", currency: "MXN" });
const sameCode = (a: string | null, b: string | null) => a !== null && b !== null && a.toUpperCase() === b.toUpperCase();

/** What the report would change: nothing is written. The same function runs inside the apply's transaction. */
export async function planReconciliation(db: Executor, rows: readonly ReportRow[]): Promise<ReconciliationPlan> {
  const times = rows.map((row) => row.date.getTime());
  const from = new Date(Math.min(...times)).toISOString();
  const to = new Date(Math.max(...times)).toISOString();
  const plan: ReconciliationPlan = {
    rows: rows.length,
    period: { from, to },
    matched: [],
    mismatched: [],
    unknown: [],
    missingFromBank: [],
    declined: [],
    settledWithoutCharge: [],
    unchanged: 0,
  };

  const byControl = new Map<string, AttemptFacts>();
  const controls = rows.map((row) => row.controlNumber);
  for (let start = 0; start < controls.length; start += 500) {
    const found = await attemptsQuery(db)
      .where("a.control_number", "in", controls.slice(start, start + 500))
      .execute();
    for (const attempt of found) byControl.set(attempt.control_number, attempt);
  }

  const entry = (
    attempt: AttemptFacts | undefined,
    row: ReportRow | null,
    action: PlannedAction,
    reason: string,
    codesAgree: boolean | null = null,
  ): PlanEntry => ({
    attemptId: attempt?.id ?? null,
    controlNumber: attempt?.control_number ?? row!.controlNumber,
    line: row?.line ?? null,
    purpose: attempt?.purpose ?? null,
    personName: attempt ? (attempt.participant_name ?? attempt.donor_name ?? null) : null,
    ourAmountCentavos: attempt?.amount_centavos ?? null,
    bankAmountCentavos: row?.amountCentavos ?? null,
    bankResult: row?.result ?? null,
    bankDate: row?.date.toISOString() ?? null,
    statusBefore: attempt?.status ?? null,
    legacy: attempt?.status === "approved" && attempt.verification === "por_conciliar",
    codesAgree,
    action,
    reason,
    referencia: row?.referencia ?? null,
    codigoAut: row?.codigoAut ?? null,
  });

  for (const row of rows) {
    const attempt = byControl.get(row.controlNumber);
    if (!attempt) {
      plan.unknown.push(entry(undefined, row, "none", "El número de control no corresponde a ningún pago registrado en el sitio."));
      continue;
    }
    const legacy = attempt.status === "approved" && attempt.verification === "por_conciliar";
    const sameAmount = row.amountCentavos === attempt.amount_centavos;
    const otherAmount = `El banco reporta ${money(row.amountCentavos)}; el pago era de ${money(attempt.amount_centavos)}.`;
    if (row.result === "A") {
      if (legacy) {
        const codesAgree = sameCode(row.codigoAut, attempt.codigo_aut) && (!attempt.referencia || attempt.referencia === row.referencia);
        if (!sameAmount) plan.mismatched.push(entry(attempt, row, "suspend", `${otherAmount} Se suspende la inscripción.`, codesAgree));
        else if (!codesAgree)
          plan.mismatched.push(
            entry(attempt, row, "suspend", "La referencia o el código de autorización no coinciden. Se suspende la inscripción.", false),
          );
        else plan.matched.push(entry(attempt, row, "conciliate", "Aprobado antes de la verificación: queda conciliado.", true));
      } else if (attempt.status === "approved") {
        plan.unchanged += 1;
      } else if (!sameAmount) {
        if (attempt.status === "in_verification")
          plan.mismatched.push(entry(attempt, row, "release", `${otherAmount} No se confirma: se libera el lugar y se avisa a la persona.`));
        else plan.mismatched.push(entry(attempt, row, "log", `${otherAmount} Cargo con otro importe: revíselo y reembolse.`));
      } else {
        const claimed = attempt.status === "in_verification";
        const codesAgree = claimed ? attempt.claimed_referencia === row.referencia && sameCode(attempt.claimed_codigo_aut, row.codigoAut) : null;
        const reason = claimed
          ? codesAgree
            ? "Se confirma el pago en verificación."
            : "Se confirma el pago con los códigos del reporte (los recibidos del navegador eran otros)."
          : "El banco lo aprobó y no estaba registrado como aprobado: se confirma.";
        plan.matched.push(entry(attempt, row, "confirm", reason, codesAgree));
      }
      continue;
    }
    if (attempt.status === "in_verification") {
      if (row.result === "T")
        plan.declined.push(entry(attempt, row, "none", "El banco lo reporta sin respuesta: confirme o rechace el pago con la consola de Banorte."));
      else
        plan.declined.push(
          entry(
            attempt,
            row,
            "decline",
            `El banco lo reporta como ${row.result === "D" ? "declinado" : "rechazado"}: no se confirma, se libera el lugar y se avisa a la persona.`,
          ),
        );
    } else if (legacy) {
      plan.declined.push(entry(attempt, row, "suspend", `El banco lo reporta como ${row.result}. Se suspende la inscripción.`, false));
    } else if (attempt.status === "no_answer" && attempt.verification === "por_conciliar") {
      plan.settledWithoutCharge.push(entry(attempt, row, "settle-no-charge", `Sin cargo según el reporte (${row.result}).`));
    } else {
      plan.unchanged += 1;
    }
  }

  // Attempts the report should list, and does not. Only those whose whole life (from creation to
  // the moment we heard of it) lies inside the report's period: the bank processed them then.
  const listed = new Set(controls);
  const candidates = await attemptsQuery(db)
    .where((eb) =>
      eb.or([
        eb.and([eb("a.status", "=", "in_verification"), eb("a.claimed_at", "<=", to)]),
        eb.and([
          eb("a.settled_at", ">=", from),
          eb("a.settled_at", "<=", to),
          eb("a.status", "in", ["approved", "no_answer"]),
          eb("a.verification", "=", "por_conciliar"),
        ]),
      ]),
    )
    .where("a.created_at", ">=", from)
    .orderBy("a.id")
    .execute();
  for (const attempt of candidates) {
    if (listed.has(attempt.control_number)) continue;
    if (attempt.status === "in_verification") {
      plan.missingFromBank.push(
        entry(
          attempt,
          null,
          "release",
          "No aparece en el reporte, que cubre su fecha: queda en discrepancia, se libera el lugar y se avisa a la persona.",
        ),
      );
    } else if (attempt.status === "approved") {
      plan.missingFromBank.push(entry(attempt, null, "suspend", "No aparece en el reporte, que cubre su fecha. Se suspende la inscripción."));
    } else {
      plan.settledWithoutCharge.push(entry(attempt, null, "settle-no-charge", "Sin cargo: el reporte cubre su fecha y no lo lista."));
    }
  }
  return plan;
}

/** Who applies a report: a staff member (audited as such), or the command line (audited without a staff actor). */
export type ReconcileActor = StaffContext | { cli: string };

const actorName = (actor: ReconcileActor) => ("cli" in actor ? actor.cli : actor.actor.name);

export interface ReportFacts {
  fileName: string;
  /** SHA-256 (hex) of the file's bytes: the report's identity (a second apply changes nothing). */
  sha256: string;
  /** The stored copy (stored_files), when the staff screen kept one. */
  fileId?: string | null;
}

export type ApplyOutcome =
  | { ok: true; alreadyApplied: false; plan: ReconciliationPlan; changed: number; auditId: number }
  | { ok: true; alreadyApplied: true; appliedAt: string; appliedBy: string | null };

export const RECONCILE_AUDIT_ACTION = "pago.conciliar";
export const REPORT_ENTITY = "payment_report";

/** When (and by whom) a report with this SHA-256 was applied, or null. Uses audit_log's (entity, entity_id) index. */
export async function findAppliedReport(db: Executor, sha256: string): Promise<{ appliedAt: string; appliedBy: string | null } | null> {
  const row = await db
    .selectFrom("audit_log")
    .select(["created_at", "actor_email", "after_json"])
    .where("entity", "=", REPORT_ENTITY)
    .where("entity_id", "=", sha256)
    .where("action", "=", RECONCILE_AUDIT_ACTION)
    .orderBy("id")
    .executeTakeFirst();
  if (!row) return null;
  let appliedBy: string | null = row.actor_email;
  try {
    appliedBy = (JSON.parse(row.after_json ?? "{}") as { actor?: string }).actor ?? appliedBy;
  } catch {
    // The stored JSON is valid by CHECK; keep the e-mail otherwise.
  }
  return { appliedAt: row.created_at, appliedBy };
}

export const reportSha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

const countsOf = (plan: ReconciliationPlan) => ({
  rows: plan.rows,
  matched: plan.matched.length,
  mismatched: plan.mismatched.length,
  unknown: plan.unknown.length,
  missingFromBank: plan.missingFromBank.length,
  declined: plan.declined.length,
  settledWithoutCharge: plan.settledWithoutCharge.length,
  unchanged: plan.unchanged,
});

/**
 * Applies the report: the plan is computed again inside ONE transaction (what the preview showed
 * may have moved since) and each entry goes through its transition, with a payment_events row;
 * then one audit row for the import. Mails go after the commit. A report already applied (same
 * SHA-256) changes nothing.
 */
export async function applyReconciliation(
  db: Kysely<DB>,
  rows: readonly ReportRow[],
  actor: ReconcileActor,
  options: { origin?: string | null; report: ReportFacts },
): Promise<ApplyOutcome> {
  const name = actorName(actor);
  const approvals: number[] = [];
  const notConfirmed: number[] = [];
  const suspended: number[] = [];
  const outcome = await db.transaction().execute(async (trx): Promise<ApplyOutcome> => {
    const already = await findAppliedReport(trx, options.report.sha256);
    if (already) return { ok: true, alreadyApplied: true, ...already };
    const plan = await planReconciliation(trx, rows);
    const stamp = () => clock.nowIso();
    let changed = 0;
    const log = (item: PlanEntry, outcome: "applied" | "ignored" | "tampering", reason: string, extra: Record<string, unknown> = {}) =>
      logPaymentEvent(trx, {
        attemptId: item.attemptId,
        controlNumber: item.controlNumber,
        kind: "reconcile",
        outcome,
        reason,
        payload: {
          actor: name,
          report: { fileName: options.report.fileName, sha256: options.report.sha256 },
          row:
            item.line === null
              ? null
              : {
                  line: item.line,
                  amountCentavos: item.bankAmountCentavos,
                  result: item.bankResult,
                  date: item.bankDate,
                  referencia: item.referencia,
                  codigoAut: item.codigoAut,
                },
          ...extra,
        },
      });
    const entries = [...plan.matched, ...plan.mismatched, ...plan.missingFromBank, ...plan.declined, ...plan.settledWithoutCharge];
    for (const item of entries) {
      const id = item.attemptId!;
      switch (item.action) {
        case "confirm": {
          const settled = await confirmPaymentIn(
            trx,
            id,
            { source: "report", referencia: item.referencia!, codigoAut: item.codigoAut!, actor: name },
            { from: EVERY_UNSETTLED },
          );
          if (!settled.settled) break;
          changed += 1;
          if (!settled.refundReason) approvals.push(id);
          if (item.codesAgree === false) {
            const claim = await trx
              .selectFrom("payment_attempts")
              .select(["claimed_referencia", "claimed_codigo_aut"])
              .where("id", "=", id)
              .executeTakeFirstOrThrow();
            await log(item, "tampering", "los códigos relevados por el navegador no son los del reporte; se usan los del reporte", {
              claimed: { referencia: claim.claimed_referencia, codigoAut: claim.claimed_codigo_aut },
            });
          }
          await log(item, "applied", `aprobado según el reporte (${item.statusBefore})${settled.refundReason ? `; ${settled.refundReason}` : ""}`);
          break;
        }
        case "conciliate": {
          const result = await trx
            .updateTable("payment_attempts")
            .set({ verification: "conciliado", verified_at: stamp(), updated_at: stamp() })
            .where("id", "=", id)
            .where("status", "=", "approved")
            .where("verification", "=", "por_conciliar")
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) break;
          changed += 1;
          await log(item, "applied", "conciliado");
          break;
        }
        case "suspend": {
          const result = await trx
            .updateTable("payment_attempts")
            .set({ verification: "discrepancia", verified_at: stamp(), updated_at: stamp() })
            .where("id", "=", id)
            .where("status", "=", "approved")
            .where("verification", "=", "por_conciliar")
            .returning(["enrolment_id"])
            .executeTakeFirst();
          if (!result) break;
          changed += 1;
          // A course payment's enrolment is suspended; a donation keeps its status and finance sees
          // the attempt's "discrepancia" (nothing was delivered that could be withdrawn).
          if (result.enrolment_id !== null) {
            const suspension = await trx
              .updateTable("enrolments")
              .set({ status: "suspendida", suspension_reason: SUSPENSION_NOTE, updated_at: stamp() })
              .where("id", "=", result.enrolment_id)
              .where("status", "=", "confirmada")
              .executeTakeFirst();
            if (Number(suspension.numUpdatedRows) === 1) suspended.push(result.enrolment_id);
          }
          await log(item, "tampering", `discrepancia: ${item.reason}`);
          break;
        }
        case "release":
        case "decline": {
          const status = item.action === "release" ? "error" : item.bankResult === "R" ? "rejected" : "declined";
          const done = await settleWithoutMoney(trx, id, status, { verification: item.action === "release" ? "discrepancia" : "conciliado" });
          if (!done) break;
          changed += 1;
          notConfirmed.push(id);
          await log(item, "tampering", `${item.action === "release" ? "discrepancia" : status}: ${item.reason}`);
          break;
        }
        case "settle-no-charge": {
          const result = await trx
            .updateTable("payment_attempts")
            .set({ verification: "conciliado", verified_at: stamp(), updated_at: stamp() })
            .where("id", "=", id)
            .where("status", "=", "no_answer")
            .where("verification", "=", "por_conciliar")
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) break;
          changed += 1;
          await log(item, "applied", item.reason);
          break;
        }
        case "log":
          await log(item, "tampering", item.reason);
          break;
        case "none":
          break;
      }
    }
    const list = (items: PlanEntry[]) => items.map((item) => item.controlNumber);
    const auditId = await recordAudit(trx, {
      actor: "cli" in actor ? null : actor.actor,
      action: RECONCILE_AUDIT_ACTION,
      entity: REPORT_ENTITY,
      entityId: options.report.sha256,
      after: {
        actor: name,
        file_name: options.report.fileName,
        file_id: options.report.fileId ?? null,
        period: plan.period,
        counts: { ...countsOf(plan), changed },
        matched: list(plan.matched),
        mismatched: list(plan.mismatched),
        unknown: list(plan.unknown),
        missing_from_bank: list(plan.missingFromBank),
        declined: list(plan.declined),
        settled_without_charge: list(plan.settledWithoutCharge),
      },
      requestId: "cli" in actor ? null : actor.requestId,
    });
    return { ok: true, alreadyApplied: false, plan, changed, auditId };
  });

  for (const enrolmentId of suspended) await mailSuspension(db, enrolmentId);
  for (const attemptId of notConfirmed) await mailPaymentNotConfirmed(db, attemptId);
  if (options.origin) for (const attemptId of approvals) await mailApproval(db, attemptId, options.origin);
  return outcome;
}

/** The CLI's (and a test's) one call: read the report's bytes and apply them. */
export async function reconcileReportFile(
  db: Kysely<DB>,
  bytes: Uint8Array,
  fileName: string,
  actor: ReconcileActor,
  options: { origin?: string | null; columns?: ReportColumnNames } = {},
): Promise<Refusal | ApplyOutcome> {
  const reading = await readBanorteReport(bytes, fileName, options.columns);
  if (!reading.ok) return reading;
  return applyReconciliation(db, reading.rows, actor, { origin: options.origin, report: { fileName, sha256: reportSha256(bytes) } });
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
    await sendMail(
      mailFor(
        enrolmentSuspended,
        { name: facts.name, courseName: facts.course_name, phone: settings.phone, email: settings.email },
        { to: facts.email },
      ),
    );
  } catch (error) {
    console.error("suspension mail failed", error);
  }
}
