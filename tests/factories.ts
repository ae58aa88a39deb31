/**
 * The one place tests make their data: participants, courses, enrolments and payment attempts,
 * with sensible defaults and overrides for what a test cares about. Participants go through the
 * real accounts module (a real scrypt hash, real stored documents); the rest are plain rows that
 * satisfy the database's CHECK constraints, so a test can put a record in any state directly.
 * Also staff members (invited and set up the product's way) and their cleanup. Used by vitest
 * (each file on its own copy of the template database) and by Playwright (the e2e database the
 * server uses).
 */
import crypto from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import { registerParticipant, type NewDocument, type NewParticipant } from "../app/accounts/participants.server";
import { createUserSession, destroyParticipantSessions } from "../app/accounts/session.server";
import { MODALITY } from "../app/courses/modality";
import {
  db as appDb,
  type CoursesTable,
  type DB,
  type DonationStatus,
  type EnrolmentsTable,
  type InvoiceRequestsTable,
  type PaymentAttemptsTable,
} from "../app/db.server";
import { storeFile } from "../app/files/files.server";
import { newVerificationToken } from "../app/enrolment/verification";
import type { Profile } from "../app/courses/pricing";
import type { DocumentReviewStatus } from "../app/db.server";
import { createStaffSession } from "../app/staff/session.server";
import { completeStaffSetup, findValidSetupToken, inviteStaff } from "../app/staff/staff-members.server";
import type { StaffRole, StaffUser } from "../app/staff/staff";
import type { StaffContext } from "../app/staff/teaching/staff-context.server";
import { generateTotp } from "../app/staff/totp.server";
import { samplePng } from "./support/sample-files";

export const TEST_PASSWORD = "Pediatria-2026!";

/** Overrides without the keys set to undefined, so `{ seats: undefined }` keeps the default. */
function defined<T extends object>(overrides: T): T {
  return Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)) as T;
}

/** The defaults of a participant: an external physician from Jalisco. */
function participantDefaults(): NewParticipant {
  return {
    name: "María López Hernández",
    grade: "Médico",
    institution: "IMSS",
    // Unique in every database, also the e2e one that outlives a test file.
    email: `participante-${crypto.randomUUID()}@ejemplo.mx`,
    password: TEST_PASSWORD,
    age: 34,
    graduated: "SÍ",
    nationality: "Mexicana",
    state: "Jalisco",
    phone: "3312345678",
    role: "EXTERNO",
  };
}

/**
 * A registered participant. A student's grade defaults to ESTUDIANTE, as registration sets it.
 * `documents` are stored as the registration form would store them (private files).
 */
export async function createParticipant(overrides: Partial<NewParticipant> = {}, options: { documents?: NewDocument[]; db?: Kysely<DB> } = {}) {
  const input = { ...participantDefaults(), ...(overrides.role === "ESTUDIANTE" ? { grade: "ESTUDIANTE" } : {}), ...defined(overrides) };
  const outcome = await registerParticipant(options.db ?? appDb, input, options.documents ?? []);
  if (!outcome.ok) throw new Error(`createParticipant: ${outcome.problem.code} (${input.email})`);
  return { ...outcome.participant, password: input.password };
}

/** The `name=value` pair of a server session for `participant`, for a Cookie header. */
export async function sessionCookieFor(participant: { id: number; name: string }): Promise<string> {
  return (await createUserSession({ id: participant.id, name: participant.name })).split(";")[0]!;
}

/**
 * Removes participants a test created, with their sessions, documents and stored files. One with
 * card payments is kept: payment_events is append-only by design (decision 0012), so the database
 * refuses to erase the money trail, and so does this. So is one with a course record after enrolment
 * (attendance, survey, evaluation attempts, constancias: migration 0040 keeps them, no cascade).
 */
export async function deleteParticipants(ids: number[], database: Kysely<DB> = appDb): Promise<void> {
  for (const id of ids) {
    const paid = await database
      .selectFrom("payment_events")
      .innerJoin("payment_attempts", "payment_attempts.id", "payment_events.payment_attempt_id")
      .innerJoin("enrolments", "enrolments.id", "payment_attempts.enrolment_id")
      .select("payment_events.id")
      .where("enrolments.participant_id", "=", id)
      .executeTakeFirst();
    if (paid) continue;
    const completionTables = ["attendance_checkins", "survey_responses", "evaluation_attempts", "constancias"] as const;
    let completed = false;
    for (const table of completionTables) {
      const row = await database
        .selectFrom(table)
        .innerJoin("enrolments", "enrolments.id", `${table}.enrolment_id`)
        .select("enrolments.id")
        .where("enrolments.participant_id", "=", id)
        .executeTakeFirst();
      if (row) completed = true;
    }
    if (completed) continue;
    await database.transaction().execute(async (trx) => {
      const files = await trx.selectFrom("participant_documents").select("file_id").where("participant_id", "=", id).execute();
      await destroyParticipantSessions(id, trx);
      await trx.deleteFrom("participants").where("id", "=", id).execute();
      if (files.length > 0)
        await trx
          .deleteFrom("stored_files")
          .where(
            "id",
            "in",
            files.map((f) => f.file_id),
          )
          .execute();
    });
  }
}

/** A participant with a signed-in session: `{ ...participant, cookie }`. */
export async function createSignedInParticipant(overrides: Partial<NewParticipant> = {}) {
  const participant = await createParticipant(overrides);
  return { ...participant, cookie: await sessionCookieFor(participant) };
}

export type CourseOverrides = Partial<Insertable<CoursesTable>>;

/**
 * An open course, in person and online (modality 3) with 10 seats, priced $1,500 / $500 / free
 * (external / student / staff) in March 2027. Without `course_id`, the next id above every
 * existing course (and at least 7000, clear of the seeded ones).
 */
export async function createCourse(courseOverrides: CourseOverrides = {}, database: Kysely<DB> = appDb): Promise<number> {
  const overrides = defined(courseOverrides);
  const courseId = overrides.course_id ?? (await nextCourseId(database));
  const modality = overrides.modality_id ?? MODALITY.PRESENCIAL_Y_EN_LINEA;
  await database
    .insertInto("courses")
    .values({
      course_name: `Curso de prueba ${courseId}`,
      course_start_date: "2027-03-01",
      course_finish_date: "2027-03-05",
      course_price: 150000,
      course_student_price: 50000,
      course_employee_price: 0,
      course_able: 1,
      course_max_range: 10,
      month_id: 2,
      // The database requires a venue unless the course is online only.
      venue: modality === MODALITY.EN_LINEA ? null : "Auditorio Dr. Federico Gómez",
      online_access_url: modality === MODALITY.PRESENCIAL ? null : `https://aula.example.org/himfg/${courseId}`,
      ...overrides,
      course_id: courseId,
      modality_id: modality,
    })
    .execute();
  return courseId;
}

/** The id `createCourse` gives a course when none is asked for. */
export async function nextCourseId(database: Kysely<DB> = appDb): Promise<number> {
  const row = await database
    .selectFrom("courses")
    .select((eb) => eb.fn.max("course_id").as("max"))
    .executeTakeFirst();
  return Math.max(7000, Number(row?.max ?? 0) + 1);
}

export type EnrolmentOverrides = Partial<Omit<Insertable<EnrolmentsTable>, "participant_id" | "course_id">>;

/**
 * An enrolment row, confirmed online by default. The fields a status needs are filled in when not
 * given (confirmed_at for confirmada, a reason for rechazada), as the CHECK constraints demand.
 * For the real flow (prices, seats, holds) call `startEnrolment` instead.
 */
export async function createEnrolment(
  participantId: number,
  courseId: number,
  enrolmentOverrides: EnrolmentOverrides = {},
  database: Kysely<DB> = appDb,
): Promise<number> {
  const overrides = defined(enrolmentOverrides);
  const status = overrides.status ?? "confirmada";
  const row = await database
    .insertInto("enrolments")
    .values({
      modality: "en_linea",
      amount_centavos: 0,
      confirmed_at: status === "confirmada" ? new Date().toISOString() : null,
      rejection_reason: status === "rechazada" ? "Documentación no válida (prueba)." : null,
      verification_token: newVerificationToken(),
      ...overrides,
      status,
      participant_id: participantId,
      course_id: courseId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export type PaymentAttemptOverrides = Partial<Omit<Insertable<PaymentAttemptsTable>, "enrolment_id">>;

/**
 * A card payment attempt for an enrolment, pending by default (with its per-payment secrets, as
 * the database requires of a pending attempt); an approved one gets an authorisation code.
 * The amount defaults to the enrolment's. For the real flow call `startCardPayment`.
 */
export async function createPaymentAttempt(enrolmentId: number, attemptOverrides: PaymentAttemptOverrides = {}, database: Kysely<DB> = appDb) {
  const overrides = defined(attemptOverrides);
  const status = overrides.status ?? "pending";
  const pending = status === "pending";
  const enrolment = await database.selectFrom("enrolments").select("amount_centavos").where("id", "=", enrolmentId).executeTakeFirstOrThrow();
  const row = await database
    .insertInto("payment_attempts")
    .values({
      control_number: `HIMFGPRUEBA${crypto.randomInt(1e9, 1e10)}`,
      amount_centavos: enrolment.amount_centavos > 0 ? enrolment.amount_centavos : 150000,
      provider: "simulator",
      mode: "AUT",
      vi_hex: pending ? crypto.randomBytes(16).toString("hex") : null,
      salt_hex: pending ? crypto.randomBytes(16).toString("hex") : null,
      passphrase: pending ? crypto.randomBytes(16).toString("hex") : null,
      codigo_aut: status === "approved" ? "123456" : null,
      // An approval records how it was confirmed (migration 0010): unverified until reconciled.
      verification: status === "approved" ? "por_conciliar" : null,
      settled_at: pending ? null : new Date().toISOString(),
      ...overrides,
      status,
      enrolment_id: enrolmentId,
    })
    .returning(["id", "control_number"])
    .executeTakeFirstOrThrow();
  return row;
}

/** A private stored PDF (a letter, a constancia), as the upload parser would store it. */
export async function createPrivatePdf(fileName = "constancia.pdf", database: Kysely<DB> = appDb): Promise<string> {
  // The smallest valid PDF header and trailer: the content checks only look at the magic bytes.
  const data = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
  return storeFile(database, { fileName, contentType: "application/pdf", data }, "private");
}

export interface DonationOverrides {
  status?: DonationStatus;
  amountCentavos?: number;
  donorName?: string;
  donorEmail?: string;
  createdAt?: string;
  /** Store a private letter of intent / constancia with the donation. */
  letter?: boolean;
  taxCertificate?: boolean;
}

/**
 * A donation row with its one card attempt, in a consistent state: approved by default (the
 * attempt approved with an authorisation code, the donation approved at the same moment). For the
 * real flow (the public form, the relay) use the donations module.
 */
export async function createDonation(overrides: DonationOverrides = {}, database: Kysely<DB> = appDb) {
  const status = overrides.status ?? "aprobada";
  const createdAt = overrides.createdAt ?? new Date().toISOString();
  const controlNumber = `HIMFGCURSOSDON${crypto.randomBytes(5).toString("hex").toUpperCase()}`;
  const amount = overrides.amountCentavos ?? 50_000;
  const letterId = overrides.letter ? await createPrivatePdf("carta-de-intencion.pdf", database) : null;
  const certificateId = overrides.taxCertificate ? await createPrivatePdf("constancia.pdf", database) : null;
  const donation = await database
    .insertInto("donations")
    .values({
      control_number: controlNumber,
      amount_centavos: amount,
      status,
      donor_name: overrides.donorName ?? "Fundación Donante de Prueba",
      donor_email: overrides.donorEmail ?? `donante-${crypto.randomUUID()}@ejemplo.mx`,
      letter_file_id: letterId,
      tax_certificate_file_id: certificateId,
      created_at: createdAt,
      updated_at: createdAt,
      approved_at: status === "aprobada" ? createdAt : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const attemptStatus = (
    {
      aprobada: "approved",
      pendiente: "pending",
      rechazada: "declined",
      cancelada: "cancelled",
      sin_respuesta: "no_answer",
      expirada: "expired",
    } as const
  )[status];
  const pending = attemptStatus === "pending";
  const attempt = await database
    .insertInto("payment_attempts")
    .values({
      purpose: "donativo",
      donation_id: donation.id,
      control_number: controlNumber,
      amount_centavos: amount,
      status: attemptStatus,
      provider: "simulator",
      mode: "AUT",
      vi_hex: pending ? crypto.randomBytes(16).toString("hex") : null,
      salt_hex: pending ? crypto.randomBytes(16).toString("hex") : null,
      passphrase: pending ? crypto.randomBytes(16).toString("hex") : null,
      codigo_aut: attemptStatus === "approved" ? "654321" : null,
      referencia: attemptStatus === "approved" ? "123456789012" : null,
      verification: attemptStatus === "approved" ? "verificado" : null,
      settled_at: pending ? null : createdAt,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: donation.id, controlNumber, attemptId: attempt.id, letterId, certificateId };
}

export type InvoiceRequestOverrides = Partial<Omit<Insertable<InvoiceRequestsTable>, "enrolment_id" | "donation_id" | "constancia_file_id">>;

/** An invoice request (CFDI data and a private constancia) for an enrolment or a donation, pending by default. */
export async function createInvoiceRequest(
  owner: { enrolmentId: number } | { donationId: number },
  overrides: InvoiceRequestOverrides = {},
  database: Kysely<DB> = appDb,
): Promise<number> {
  const constancia = await createPrivatePdf("constancia.pdf", database);
  const row = await database
    .insertInto("invoice_requests")
    .values({
      rfc: "XAXX010101000",
      legal_name: "Empresa de Prueba S.A. de C.V.",
      tax_regime: "601",
      postcode: "06720",
      cfdi_use: "G03",
      ...defined(overrides),
      enrolment_id: "enrolmentId" in owner ? owner.enrolmentId : null,
      donation_id: "donationId" in owner ? owner.donationId : null,
      constancia_file_id: constancia,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// Staff members, participants with documents and plain course rows (formerly tests/support/staff.ts
// and tests/support/teaching.ts).

let counter = 0;
const next = () => (counter += 1);

/**
 * A staff member created the way the product creates one (invitation, then set-up with a real
 * TOTP code), with a signed-in session. Returns the user and the `Cookie` request header value.
 * Remove it afterwards with `removeStaffMembers` (or use the `staffMember` fixture of
 * tests/support/fixtures.ts, or `signInAsStaff` in Playwright, which do).
 */
export async function createSignedInStaff(
  database: Kysely<DB>,
  role: StaffRole,
  email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@himfg.test`,
) {
  const invited = await inviteStaff(database, { email, name: `Prueba ${role}`, role }, null);
  if (!invited.ok) throw new Error(`could not invite ${email}`);
  // The secret the set-up page shows (stored encrypted; decision 0034).
  const secret = (await findValidSetupToken(database, invited.token))?.totpSecret;
  if (!secret) throw new Error(`no set-up token for ${email}`);
  // A minute earlier, so a sign-in in the test can use the current code.
  const setupAt = new Date(Date.now() - 60_000);
  const setup = await completeStaffSetup(
    database,
    { token: invited.token, password: "clave-de-personal-larga", code: generateTotp(secret, setupAt) },
    null,
    setupAt,
  );
  if (!setup.ok) throw new Error(`set-up failed: ${setup.problem.code}`);
  const setCookie = await createStaffSession(null, invited.staffId, "activa");
  const user: StaffUser = setup.staff;
  return { user, secret, cookie: setCookie.split(";")[0]! };
}

/** An invited staff member row (as the foundation's CLI would create it) and the context its actions carry. */
export async function createStaffContext(role: StaffRole = "ensenanza", database: Kysely<DB> = appDb): Promise<StaffContext> {
  const n = next();
  const email = `personal-${role}-${n}@himfg.edu.mx`;
  const name = `Personal ${role} ${n}`;
  const invited = await inviteStaff(database, { email, name, role }, null);
  if (!invited.ok) throw new Error("could not create the staff member");
  return { actor: { id: invited.staffId, email, name, role }, requestId: `req-${n}` };
}

/**
 * Removes staff members a test created, with their sessions. One who acted (audit rows, authored
 * revisions) is kept but made `inactiva` and signed out: the audit log is append-only (decision
 * 0012), so the database refuses to erase who did what, and so does this.
 */
export async function removeStaffMembers(ids: number[], database: Kysely<DB> = appDb): Promise<void> {
  for (const id of ids) {
    try {
      await database.deleteFrom("staff_members").where("id", "=", id).execute();
    } catch {
      await database.transaction().execute(async (trx) => {
        await trx.deleteFrom("staff_sessions").where("staff_id", "=", id).execute();
        await trx.updateTable("staff_members").set({ status: "inactiva" }).where("id", "=", id).execute();
      });
    }
  }
}

const GRADES: Record<Profile, string> = { ESTUDIANTE: "ESTUDIANTE", PERSONAL_HIMFG: "Médico", EXTERNO: "Médico" };
const KINDS = {
  ESTUDIANTE: ["student_id_front", "student_id_back"],
  PERSONAL_HIMFG: ["staff_id_front", "staff_id_back"],
  EXTERNO: ["professional_license"],
} as const;

/**
 * A registered participant with the documents of their profile, pending review unless
 * `documentStatus` says otherwise (a decision is stored as a review would store it: a date, and a
 * reason for a rejection).
 */
export async function createParticipantWithDocuments(
  profile: Profile = "ESTUDIANTE",
  name?: string,
  options: { documentStatus?: DocumentReviewStatus; database?: Kysely<DB> } = {},
) {
  const database = options.database ?? appDb;
  const n = next();
  const email = `participante-${n}@ejemplo.mx`;
  const registered = await registerParticipant(
    database,
    {
      name: name ?? `Participante ${n}`,
      grade: GRADES[profile],
      institution: "UNAM",
      email,
      password: "una-clave-larga-de-prueba",
      age: 30,
      graduated: "NO",
      nationality: "Mexicana",
      state: "Yucatán",
      phone: "9991234567",
      role: profile,
    },
    KINDS[profile].map((kind) => ({ kind, file: { fileName: `${kind}.png`, contentType: "image/png" as const, data: samplePng() } })),
  );
  if (!registered.ok) throw new Error("could not register");
  const status = options.documentStatus ?? "pendiente";
  if (status !== "pendiente") {
    await database
      .updateTable("participant_documents")
      .set({
        status,
        reviewed_at: new Date().toISOString(),
        rejection_reason: status === "rechazado" ? "Documento ilegible (prueba)." : null,
      })
      .where("participant_id", "=", registered.participant.id)
      .execute();
  }
  const documents = await database
    .selectFrom("participant_documents")
    .select(["id", "kind"])
    .where("participant_id", "=", registered.participant.id)
    .orderBy("id")
    .execute();
  return { id: registered.participant.id, email, documents };
}

/**
 * A course row straight in the table with its id from the table (the admin form is tested on its
 * own): in person and online, $3,000 external and free for students and staff, 10 seats, April
 * 2027. `createCourse` is the same with other defaults and an id of your choice.
 */
export async function insertCourse(
  values: Partial<{
    course_price: number;
    course_student_price: number;
    course_employee_price: number;
    course_max_range: number;
    modality_id: 1 | 2 | 3;
    course_url: string | null;
    course_able: 0 | 1;
  }> = {},
  database: Kysely<DB> = appDb,
) {
  const n = next();
  const row = await database
    .insertInto("courses")
    .values({
      course_name: `Curso de prueba ${n}`,
      course_start_date: "2027-04-05",
      course_finish_date: "2027-04-09",
      course_price: 300000,
      course_student_price: 0,
      course_employee_price: 0,
      course_able: 1,
      course_max_range: 10,
      modality_id: 3,
      month_id: 3,
      venue: "Auditorio Principal",
      online_access_url: "https://aula.example.org/himfg",
      ...values,
    })
    .returning("course_id")
    .executeTakeFirstOrThrow();
  return row.course_id;
}
