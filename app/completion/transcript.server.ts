import type { Kysely, Selectable } from "kysely";
import { notFound, refuse, type Outcome } from "~/actions/outcome";
import type { AnnualTranscriptsTable, ConstanciaKind, DB } from "~/db.server";
import { formatCourseDates } from "~/enrolment/access-document.server";
import * as clock from "~/utils/clock.server";
import { newTranscriptFolio, normalizeTranscriptFolio } from "./transcript-folio";

/**
 * The «Constancia anual de educación continua» (issue 26, decision 0054): a participant's standing
 * constancias of one year (by the year their course ended), with the total hours and its own folio.
 * Frozen when first issued; when the year's standing constancias differ from the frozen list (one
 * issued, revoked or reissued later), the next «Generar» (a POST) stores a new transcript and the old
 * folio says «reemplazada». Until then the verification page of the old folio says it is out of date.
 * Downloads (GET) only read.
 */

export interface TranscriptEntry {
  folio: string;
  kind: ConstanciaKind;
  courseName: string;
  startDate: string;
  finishDate: string;
  hours: number;
}

export interface TranscriptFacts {
  folio: string;
  year: number;
  participantName: string;
  entries: TranscriptEntry[];
  totalHours: number;
  issuedAt: string;
}

export type TranscriptState = { state: "valida" } | { state: "desactualizada" } | { state: "reemplazada"; replacedBy: string };

export type TranscriptVerification = TranscriptFacts & TranscriptState;

const MIN_YEAR = 2000;
const MAX_YEAR = 2999;

/** The standing constancias of the participant whose course ended in that year, in course order. */
async function standingOfYear(db: Kysely<DB>, participantId: number, year: number): Promise<TranscriptEntry[]> {
  const rows = await db
    .selectFrom("constancias")
    .innerJoin("enrolments", "enrolments.id", "constancias.enrolment_id")
    .select([
      "constancias.folio",
      "constancias.kind",
      "constancias.course_name",
      "constancias.course_start_date",
      "constancias.course_finish_date",
      "constancias.hours",
    ])
    .where("enrolments.participant_id", "=", participantId)
    .where("constancias.revoked_at", "is", null)
    .where("constancias.replaced_by_folio", "is", null)
    .where("constancias.course_finish_date", ">=", `${year}-01-01`)
    .where("constancias.course_finish_date", "<=", `${year}-12-31`)
    .orderBy("constancias.course_start_date")
    .orderBy("constancias.folio")
    .execute();
  return rows.map((row) => ({
    folio: row.folio,
    kind: row.kind,
    courseName: row.course_name,
    startDate: row.course_start_date,
    finishDate: row.course_finish_date,
    hours: row.hours,
  }));
}

function factsOf(
  row: Pick<Selectable<AnnualTranscriptsTable>, "folio" | "year" | "participant_name" | "entries" | "total_hours" | "issued_at">,
): TranscriptFacts {
  return {
    folio: row.folio,
    year: row.year,
    participantName: row.participant_name,
    entries: JSON.parse(row.entries) as TranscriptEntry[],
    totalHours: row.total_hours,
    issuedAt: row.issued_at,
  };
}

const sameList = (a: readonly TranscriptEntry[], b: readonly TranscriptEntry[]) =>
  a.length === b.length && a.every((entry, index) => entry.folio === b[index]!.folio);

/** A year as typed in the address ("2027"), or null. */
export function parseTranscriptYear(value: string): number | null {
  if (!/^\d{4}$/.test(value)) return null;
  const year = Number(value);
  return year >= MIN_YEAR && year <= MAX_YEAR ? year : null;
}

/** The participant's standing transcript row of a year, if any. */
const standingRow = (db: Kysely<DB>, participantId: number, year: number) =>
  db
    .selectFrom("annual_transcripts")
    .selectAll()
    .where("participant_id", "=", participantId)
    .where("year", "=", year)
    .where("replaced_by_folio", "is", null)
    .executeTakeFirst();

const noConstancias = (year: number) =>
  refuse(404, { form: `No tiene constancias de educación continua vigentes en ${year}.`, code: "sin_constancias" });

/** What a year's download finds, reading only (a GET never issues, issue 23): */
export type TranscriptOfYear =
  | { state: "vigente"; transcript: TranscriptFacts }
  /** No transcript yet, or the year's constancias changed since it was issued: «Generar» issues one. */
  | { state: "sin_generar" | "desactualizada" };

/**
 * The participant's transcript of a year as it stands, without writing: the frozen one while the
 * year's standing constancias are the ones it lists. A year without standing constancias is a
 * 404 that says so.
 */
export async function transcriptOfYear(db: Kysely<DB>, participantId: number, year: number): Promise<Outcome<TranscriptOfYear>> {
  const entries = await standingOfYear(db, participantId, year);
  if (entries.length === 0) return noConstancias(year);
  const current = await standingRow(db, participantId, year);
  if (!current) return { ok: true, state: "sin_generar" };
  const facts = factsOf(current);
  return sameList(facts.entries, entries) ? { ok: true, state: "vigente", transcript: facts } : { ok: true, state: "desactualizada" };
}

/**
 * Issues the participant's transcript of a year (the «Generar» form's POST): the frozen one while
 * the year's standing constancias are the ones it lists, otherwise a new one (the old one then
 * says «reemplazada»). A year without standing constancias is a 404 that says so.
 */
export async function issueTranscript(
  db: Kysely<DB>,
  participantId: number,
  year: number,
  now: Date = clock.now(),
): Promise<Outcome<{ transcript: TranscriptFacts; created: boolean }>> {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) return notFound("Ese año no es válido.");
  return db.transaction().execute(async (trx) => {
    const participant = await trx.selectFrom("participants").select("name").where("id", "=", participantId).executeTakeFirst();
    if (!participant) return notFound("No encontramos su cuenta.");
    const entries = await standingOfYear(trx, participantId, year);
    if (entries.length === 0) return noConstancias(year);
    const current = await standingRow(trx, participantId, year);
    if (current) {
      const facts = factsOf(current);
      if (sameList(facts.entries, entries)) return { ok: true, transcript: facts, created: false };
    }
    const folio = newTranscriptFolio();
    // The old row leaves the standing index first, so the new one may take its place.
    if (current) await trx.updateTable("annual_transcripts").set({ replaced_by_folio: folio }).where("id", "=", current.id).execute();
    const row = {
      folio,
      participant_id: participantId,
      year,
      participant_name: participant.name,
      entries: JSON.stringify(entries),
      total_hours: entries.reduce((sum, entry) => sum + entry.hours, 0),
      issued_at: now.toISOString(),
    };
    await trx.insertInto("annual_transcripts").values(row).execute();
    return { ok: true, transcript: factsOf(row), created: true };
  });
}

/** A standing transcript of this participant by folio, or null (someone else's, replaced, unknown). */
export async function getOwnTranscript(db: Kysely<DB>, participantId: number, rawFolio: string): Promise<TranscriptFacts | null> {
  const folio = normalizeTranscriptFolio(rawFolio);
  if (!folio) return null;
  const row = await db
    .selectFrom("annual_transcripts")
    .selectAll()
    .where("folio", "=", folio)
    .where("participant_id", "=", participantId)
    .where("replaced_by_folio", "is", null)
    .executeTakeFirst();
  return row ? factsOf(row) : null;
}

/**
 * The public verification of a transcript's folio: what the transcript shows and its state, never
 * the participant's e-mail or number. Null for anything that is not a transcript folio (no query).
 */
export async function getTranscriptForVerification(db: Kysely<DB>, rawFolio: string): Promise<TranscriptVerification | null> {
  const folio = normalizeTranscriptFolio(rawFolio);
  if (!folio) return null;
  const row = await db.selectFrom("annual_transcripts").selectAll().where("folio", "=", folio).executeTakeFirst();
  if (!row) return null;
  const facts = factsOf(row);
  if (row.replaced_by_folio) return { ...facts, state: "reemplazada", replacedBy: row.replaced_by_folio };
  const standing = await standingOfYear(db, row.participant_id, row.year);
  return sameList(facts.entries, standing) ? { ...facts, state: "valida" } : { ...facts, state: "desactualizada" };
}

/** What the verification page shows of a transcript: its facts, with each course's dates in words. */
export type TranscriptVerificationView = Omit<TranscriptVerification, "entries"> & { entries: (TranscriptEntry & { dates: string })[] };

/** The page's view of a transcript folio, or null for anything that is not one (no query then). */
export async function transcriptVerificationView(db: Kysely<DB>, rawFolio: string): Promise<TranscriptVerificationView | null> {
  const found = await getTranscriptForVerification(db, rawFolio);
  if (!found) return null;
  return { ...found, entries: found.entries.map((entry) => ({ ...entry, dates: formatCourseDates(entry.startDate, entry.finishDate) })) };
}
