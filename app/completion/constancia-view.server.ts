import type { Kysely } from "kysely";
import type { ConstanciaKind, DB } from "~/db.server";
import { normalizeFolio } from "./constancia-folio";
import { parseSignatories, type Signatory } from "./constancia-settings.server";
import { compiledOnce } from "~/utils/compiled-query.server";

/** What a constancia states, as issued (the row's frozen details). */
export interface ConstanciaFacts {
  folio: string;
  kind: ConstanciaKind;
  participantName: string;
  courseName: string;
  startDate: string;
  finishDate: string;
  hours: number;
  /** Only for acreditación. */
  grade: number | null;
  signatories: Signatory[];
  issuedAt: string;
}

export type ConstanciaState = { state: "valida" } | { state: "revocada"; revokedAt: string } | { state: "reemplazada"; replacedBy: string };

export type ConstanciaVerification = ConstanciaFacts & ConstanciaState;

type Row = {
  folio: string;
  kind: ConstanciaKind;
  participant_name: string;
  course_name: string;
  course_start_date: string;
  course_finish_date: string;
  hours: number;
  grade: number | null;
  signatories: string;
  issued_at: string;
};

const FACT_COLUMNS = [
  "constancias.folio",
  "constancias.kind",
  "constancias.participant_name",
  "constancias.course_name",
  "constancias.course_start_date",
  "constancias.course_finish_date",
  "constancias.hours",
  "constancias.grade",
  "constancias.signatories",
  "constancias.issued_at",
] as const;

function factsOf(row: Row): ConstanciaFacts {
  return {
    folio: row.folio,
    kind: row.kind,
    participantName: row.participant_name,
    courseName: row.course_name,
    startDate: row.course_start_date,
    finishDate: row.course_finish_date,
    hours: row.hours,
    grade: row.kind === "acreditacion" ? row.grade : null,
    signatories: parseSignatories(row.signatories),
    issuedAt: row.issued_at,
  };
}

/**
 * The public verification of a folio: what the constancia itself shows and its state. Never the
 * revocation's reason, the participant's e-mail, number or documents, nor who issued it.
 */
export async function getConstanciaForVerification(db: Kysely<DB>, rawFolio: string): Promise<ConstanciaVerification | null> {
  const folio = normalizeFolio(rawFolio);
  if (!folio) return null;
  const row = await db
    .selectFrom("constancias")
    .select([...FACT_COLUMNS, "constancias.revoked_at", "constancias.replaced_by_folio"])
    .where("constancias.folio", "=", folio)
    .executeTakeFirst();
  if (!row) return null;
  const facts = factsOf(row);
  if (row.revoked_at) return { ...facts, state: "revocada", revokedAt: row.revoked_at };
  if (row.replaced_by_folio) return { ...facts, state: "reemplazada", replacedBy: row.replaced_by_folio };
  return { ...facts, state: "valida" };
}

/** A participant's standing constancias (newest first), for /profile. */
// Runs on every /profile: compiled once (issue 22).
const ownConstanciaRows = compiledOnce((database, participantId: number) =>
  database
    .selectFrom("constancias")
    .innerJoin("enrolments", "enrolments.id", "constancias.enrolment_id")
    .select(FACT_COLUMNS)
    .where("enrolments.participant_id", "=", participantId)
    .where("constancias.revoked_at", "is", null)
    .where("constancias.replaced_by_folio", "is", null)
    .orderBy("constancias.issued_at", "desc")
    .orderBy("constancias.id", "desc"),
);

export async function listOwnConstancias(db: Kysely<DB>, participantId: number): Promise<ConstanciaFacts[]> {
  const rows = await ownConstanciaRows(db, participantId);
  return rows.map(factsOf);
}

/** One standing constancia of this participant by folio, or null (someone else's, revoked, replaced, unknown). */
export async function getOwnConstancia(db: Kysely<DB>, participantId: number, rawFolio: string): Promise<ConstanciaFacts | null> {
  const folio = normalizeFolio(rawFolio);
  if (!folio) return null;
  const row = await db
    .selectFrom("constancias")
    .innerJoin("enrolments", "enrolments.id", "constancias.enrolment_id")
    .select(FACT_COLUMNS)
    .where("constancias.folio", "=", folio)
    .where("enrolments.participant_id", "=", participantId)
    .where("constancias.revoked_at", "is", null)
    .where("constancias.replaced_by_folio", "is", null)
    .executeTakeFirst();
  return row ? factsOf(row) : null;
}
