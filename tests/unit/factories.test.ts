import { describe, expect, test } from "vitest";
import { verifyLogin } from "~/accounts/participants.server";
import { getSessionUser } from "~/accounts/session.server";
import { MODALITY } from "~/courses/modality";
import { db } from "~/db.server";
import type { EnrolmentStatus, PaymentAttemptStatus } from "~/db.server";
import {
  createCourse,
  createEnrolment,
  createParticipant,
  createPaymentAttempt,
  createSignedInParticipant,
  deleteParticipants,
  TEST_PASSWORD,
} from "../factories";
import { samplePdf } from "../support/sample-files";

// The factories are shared by every test file: they must make rows the database accepts in every
// state a test asks for, and the e2e cleanup must remove what it should and keep what it must.
describe("test factories", () => {
  test("a participant is a real account: its password signs in, a student's grade is ESTUDIANTE", async () => {
    const student = await createParticipant({ role: "ESTUDIANTE" });
    expect(await verifyLogin(db, student.email, TEST_PASSWORD)).toMatchObject({ id: student.id, role: "ESTUDIANTE" });
    const row = await db.selectFrom("participants").select("grade").where("id", "=", student.id).executeTakeFirstOrThrow();
    expect(row.grade).toBe("ESTUDIANTE");
    const signedIn = await createSignedInParticipant({ name: "Con sesión" });
    const user = await getSessionUser(new Request("http://localhost/", { headers: { Cookie: signedIn.cookie } }));
    expect(user).toMatchObject({ id: signedIn.id, name: "Con sesión" });
  });

  test("courses get fresh ids and the venue or access URL their modality needs; undefined keeps a default", async () => {
    const a = await createCourse({ modality_id: MODALITY.EN_LINEA, course_max_range: undefined });
    const b = await createCourse({ modality_id: MODALITY.PRESENCIAL });
    expect(b).toBe(a + 1);
    const rows = await db
      .selectFrom("courses")
      .select(["course_id", "venue", "online_access_url", "course_max_range"])
      .where("course_id", "in", [a, b])
      .orderBy("course_id")
      .execute();
    expect(rows[0]).toMatchObject({ venue: null, course_max_range: 10 });
    expect(rows[0]!.online_access_url).toMatch(/^https:/);
    expect(rows[1]).toMatchObject({ online_access_url: null });
    expect(rows[1]!.venue).toBeTruthy();
  });

  test("enrolments and payment attempts in every status satisfy the database's constraints", async () => {
    const courseId = await createCourse();
    for (const status of ["pendiente_de_pago", "pendiente_de_revision", "confirmada", "rechazada", "cancelada"] satisfies EnrolmentStatus[]) {
      const { id } = await createParticipant();
      const enrolmentId = await createEnrolment(id, courseId, { status, amount_centavos: 150000 });
      for (const attemptStatus of ["pending", "approved", "declined", "expired"] satisfies PaymentAttemptStatus[]) {
        const attempt = await createPaymentAttempt(enrolmentId, { status: attemptStatus });
        expect(attempt.control_number).toMatch(/^[A-Z0-9]+$/);
      }
    }
    const statuses = await db.selectFrom("enrolments").select("status").where("course_id", "=", courseId).execute();
    expect(statuses).toHaveLength(5);
  });

  test("deleteParticipants removes an account with its sessions and files, but never a payment trail", async () => {
    const doc = {
      kind: "professional_license" as const,
      file: { fileName: "cedula.pdf", contentType: "application/pdf" as const, data: samplePdf() },
    };
    const plain = await createSignedInParticipant();
    const withDocument = await createParticipant({}, { documents: [doc] });
    const fileId = (
      await db.selectFrom("participant_documents").select("file_id").where("participant_id", "=", withDocument.id).executeTakeFirstOrThrow()
    ).file_id;
    const payer = await createParticipant();
    const attempt = await createPaymentAttempt(
      await createEnrolment(payer.id, await createCourse(), { status: "pendiente_de_pago", amount_centavos: 150000 }),
    );
    await db
      .insertInto("payment_events")
      .values({ payment_attempt_id: attempt.id, control_number: attempt.control_number, kind: "success", outcome: "ignored", payload: "{}" })
      .execute();

    await deleteParticipants([plain.id, withDocument.id, payer.id]);

    const left = await db.selectFrom("participants").select("id").where("id", "in", [plain.id, withDocument.id, payer.id]).execute();
    expect(left).toEqual([{ id: payer.id }]);
    expect(await getSessionUser(new Request("http://localhost/", { headers: { Cookie: plain.cookie } }))).toBeNull();
    expect(await db.selectFrom("stored_files").select("id").where("id", "=", fileId).executeTakeFirst()).toBeUndefined();
  });
});
