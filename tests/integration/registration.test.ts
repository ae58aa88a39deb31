import type { SubmissionResult } from "@conform-to/react";
import { describe, expect, test } from "vitest";
import { SUMMARY_WARNING } from "~/accounts/account-forms";
import { FILE_MESSAGES, MISSING_DOCUMENT_MESSAGES } from "~/accounts/documents";
import { EMAIL_TAKEN_MESSAGE } from "~/accounts/registration.server";
import { getChosenModality, getSessionUser, setChosenCourse } from "~/accounts/session.server";
import { db } from "~/db.server";
import { startEnrolment } from "~/enrolment/enrolment.server";
import { action } from "~/routes/register";
import { samplePdf, samplePng, textFile, twoMegabytePdf } from "../support/sample-files";

const context = { cspNonce: "", requestId: "test", clientAddress: "127.0.0.1" };

type Entries = Record<string, string | File | undefined>;

function validEntries(overrides: Entries = {}): Entries {
  return {
    student_name: "Ana Pérez López",
    student_role: "EXTERNO",
    student_grade: "Médico",
    student_institution: "IMSS",
    student_email: `ana.${Math.random().toString(36).slice(2)}@example.com`,
    student_password: "Pediatria-2025!",
    student_age: "34",
    student_graduated: "SÍ",
    student_nationality: "Mexicana",
    student_state: "Jalisco",
    student_phone: "55 5228 9917",
    student_license: new File([samplePdf()], "cedula.pdf", { type: "application/pdf" }),
    ...overrides,
  };
}

function registrationRequest(entries: Entries, cookie?: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) if (value !== undefined) form.append(name, value);
  return new Request("http://localhost/register", { method: "POST", body: form, headers: cookie ? { Cookie: cookie } : {} });
}

async function register(entries: Entries, cookie?: string) {
  return (await action({ request: registrationRequest(entries, cookie), params: {}, context })) as unknown;
}

/** The route returns data({ intent, result }, { status }) on errors (the action pipeline's reply): single fetch's DataWithResponseInit. */
function asRefusal(value: unknown) {
  const refusal = value as { type: string; data: { result: SubmissionResult<string[]> }; init: { status: number } };
  expect(refusal.type).toBe("DataWithResponseInit");
  return { status: refusal.init.status, result: refusal.data.result };
}

async function counts() {
  const [participants, documents, files] = await Promise.all([
    db
      .selectFrom("participants")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("participant_documents")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("stored_files")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { participants: Number(participants.n), documents: Number(documents.n), files: Number(files.n) };
}

describe("registration through the /register action", () => {
  test("an external participant registers: account and licence stored together, signed in, sent to the profile", async () => {
    const entries = validEntries({ student_email: "Externo.Uno@Example.com" });
    const response = (await register(entries)) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/profile");
    const participant = await db.selectFrom("participants").selectAll().where("email", "=", "externo.uno@example.com").executeTakeFirstOrThrow();
    expect(participant.id).toBeGreaterThanOrEqual(450000);
    expect(participant.id).toBeLessThanOrEqual(899999);
    expect(participant).toMatchObject({ role: "EXTERNO", grade: "Médico", institution: "IMSS", age: 34, phone: "5552289917", graduated: "SÍ" });
    expect(participant.password_hash).toMatch(/^scrypt\$/);
    const documents = await db.selectFrom("participant_documents").selectAll().where("participant_id", "=", participant.id).execute();
    expect(documents.map((d) => [d.kind, d.status])).toEqual([["professional_license", "pendiente"]]);

    const sessionCookie = response.headers
      .get("Set-Cookie")!
      .split(/,(?=\s*himfg_)/)
      .map((c) => c.trim().split(";")[0]!)
      .find((c) => c.startsWith("himfg_session="));
    expect(sessionCookie).toBeDefined();
    const user = await getSessionUser(new Request("http://localhost/", { headers: { Cookie: sessionCookie! } }));
    expect(user).toEqual({ id: participant.id, name: "Ana Pérez López", email: "externo.uno@example.com", profile: "EXTERNO" });
  });

  test("staff and students upload both sides; a student's grade is ESTUDIANTE whatever was sent", async () => {
    const student = validEntries({
      student_role: "ESTUDIANTE",
      student_grade: "Médico",
      student_email: "estudiante@example.com",
      student_license: new File([samplePng()], "frente.png"),
      student_license_part_2: new File([samplePdf()], "reverso.pdf"),
    });
    expect(((await register(student)) as Response).status).toBe(303);
    const row = await db
      .selectFrom("participants")
      .select(["id", "grade", "role"])
      .where("email", "=", "estudiante@example.com")
      .executeTakeFirstOrThrow();
    expect(row.grade).toBe("ESTUDIANTE");
    const kinds = await db.selectFrom("participant_documents").select("kind").where("participant_id", "=", row.id).orderBy("kind").execute();
    expect(kinds.map((k) => k.kind)).toEqual(["student_id_back", "student_id_front"]);

    const staffWithOneSide = validEntries({ student_role: "PERSONAL_HIMFG", student_email: "staff@example.com" });
    const refused = asRefusal(await register(staffWithOneSide));
    expect(refused.result.error?.student_license_part_2).toEqual([MISSING_DOCUMENT_MESSAGES.student_license_part_2]);
  });

  test("bad input: every error at once (400), typed values kept, password and files not echoed, nothing stored", async () => {
    const before = await counts();
    const refused = asRefusal(
      await register(
        validEntries({
          student_name: "",
          student_age: "treinta",
          student_password: "corta",
          student_phone: "12345",
          student_grade: "Otro",
          student_grade_other: "",
          student_license: new File([textFile()], "cedula.pdf", { type: "application/pdf" }),
        }),
      ),
    );
    expect(refused.status).toBe(400);
    const errors = refused.result.error!;
    expect(errors.student_name).toEqual(["Escriba su nombre completo."]);
    expect(errors.student_age).toEqual(["Escriba su edad en números, por ejemplo 34."]);
    expect(errors.student_password?.[0]).toMatch(/al menos 8 caracteres/);
    expect(errors.student_phone?.[0]).toMatch(/10 dígitos/);
    expect(errors.student_grade_other).toEqual(["Escriba su grado académico."]);
    expect(errors.student_license).toEqual([FILE_MESSAGES.wrongType]);
    const initial = refused.result.initialValue as Record<string, unknown>;
    expect(initial.student_age).toBe("treinta");
    expect(initial.student_nationality).toBe("Mexicana");
    expect(initial.student_password).toBeUndefined();
    expect(JSON.stringify(refused.result)).not.toContain("corta");
    expect(initial.student_license).toBeUndefined();
    expect(await counts()).toEqual(before);
  });

  test("a missing field and a 2 MB file are refused with their messages", async () => {
    const before = await counts();
    const refused = asRefusal(
      await register(validEntries({ student_state: undefined, student_license: new File([twoMegabytePdf()], "grande.pdf") })),
    );
    expect(refused.result.error?.student_state).toEqual(["Elija su estado de residencia."]);
    expect(refused.result.error?.student_license).toEqual([FILE_MESSAGES.tooLarge]);
    expect(await counts()).toEqual(before);
  });

  test("an e-mail already registered, in another letter case, gets a clear message", async () => {
    await register(validEntries({ student_email: "repetido@example.com" }));
    const before = await counts();
    const refused = asRefusal(await register(validEntries({ student_email: "REPETIDO@Example.COM" })));
    expect(refused.result.error?.student_email).toEqual([EMAIL_TAKEN_MESSAGE]);
    expect(await counts()).toEqual(before);
  });

  test("the summary warning is the seed's text, its formats and size written properly (issue 21)", () => {
    expect(SUMMARY_WARNING).toBe("Complete los campos requeridos o revise sus archivos seleccionados (JPG, PNG o PDF, de 1 MB como máximo)");
  });

  test("with a chosen course of both modalities: the modality is required, presencial only with in-person capacity, then on to /payment", async () => {
    await db
      .insertInto("courses")
      .values([
        {
          course_id: 9001,
          course_name: "Curso mixto",
          course_start_date: "2027-03-01",
          course_finish_date: "2027-03-05",
          course_price: 150000,
          course_student_price: 50000,
          course_employee_price: 0,
          course_able: 1,
          course_max_range: 20,
          modality_id: 3,
          month_id: 2,
          venue: "Auditorio",
        },
        {
          course_id: 9002,
          course_name: "Curso sin cupo presencial",
          course_start_date: "2027-03-01",
          course_finish_date: "2027-03-05",
          course_price: 150000,
          course_student_price: 50000,
          course_employee_price: 0,
          course_able: 1,
          course_max_range: 0,
          modality_id: 3,
          month_id: 2,
          venue: "Auditorio",
        },
      ])
      .execute();
    const chosen = (await setChosenCourse(new Request("http://localhost/"), 9002)).split(";")[0]!;
    const noModality = asRefusal(await register(validEntries(), chosen));
    expect(noModality.result.error?.student_modality?.[0]).toMatch(/presencial o en línea/);
    const presencial = asRefusal(await register(validEntries({ student_modality: "presencial" }), chosen));
    expect(presencial.result.error?.student_modality?.[0]).toMatch(/No quedan lugares presenciales/);

    // A course whose only in-person seat is already taken by a confirmed enrolment.
    await db
      .insertInto("courses")
      .values({
        course_id: 9003,
        course_name: "Curso con un lugar",
        course_start_date: "2027-03-01",
        course_finish_date: "2027-03-05",
        course_price: 0,
        course_student_price: 0,
        course_employee_price: 0,
        course_able: 1,
        course_max_range: 1,
        modality_id: 3,
        month_id: 2,
        venue: "Auditorio",
      })
      .execute();
    const first = await register(
      validEntries({ student_email: "primer-lugar@example.com", student_modality: "presencial" }),
      (await setChosenCourse(new Request("http://localhost/"), 9003)).split(";")[0]!,
    );
    expect((first as Response).headers.get("Location")).toBe("/payment");
    const firstId = (await db.selectFrom("participants").select("id").where("email", "=", "primer-lugar@example.com").executeTakeFirstOrThrow()).id;
    const taken = await startEnrolment(db, { participantId: firstId, profile: "EXTERNO", courseId: 9003, modality: "presencial" });
    expect(taken.ok).toBe(true);
    const full = asRefusal(
      await register(
        validEntries({ student_email: "sin-lugar@example.com", student_modality: "presencial" }),
        (await setChosenCourse(new Request("http://localhost/"), 9003)).split(";")[0]!,
      ),
    );
    expect(full.result.error?.student_modality?.[0]).toMatch(/No quedan lugares presenciales/);

    const mixed = (await setChosenCourse(new Request("http://localhost/"), 9001)).split(";")[0]!;
    const response = (await register(validEntries({ student_modality: "presencial" }), mixed)) as Response;
    expect(response.headers.get("Location")).toBe("/payment");
    const session = response.headers.get("Set-Cookie")!.match(/himfg_session=[^;]+/)![0];
    const request = new Request("http://localhost/", { headers: { Cookie: session } });
    expect(await getChosenModality(request)).toBe("presencial");
    // The anonymous session the course was chosen in is gone: the id rotated at sign-in.
    expect(session).not.toEqual(mixed);
    expect(await getSessionUser(new Request("http://localhost/", { headers: { Cookie: mixed } }))).toBeNull();
  });
});
