import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { replaceDocument } from "~/accounts/participants.server";
import { db } from "~/db.server";
import { startEnrolment } from "~/enrolment/enrolment.server";
import { startMailCapture, stopMailCapture } from "~/mail/capture.server";
import { waitForMail } from "~/mail/outbox.server";
import { closePdfBrowser } from "~/pdf/pdf.server";
import { listReviewQueue, reviewParticipant } from "~/staff/teaching/document-review.server";
import { samplePng } from "../support/sample-files";
import { auditRows, insertCourse, participantWithDocuments, staffContext } from "../support/teaching";

const origin = "http://localhost";
let courseId: number;

beforeAll(async () => {
  await startMailCapture();
  // Paid for externals, free for students and staff: a student's enrolment waits for review.
  courseId = await insertCourse({ course_price: 300000, course_student_price: 0, course_employee_price: 0, modality_id: 2, course_max_range: 0 });
});

afterAll(async () => {
  await stopMailCapture();
  await closePdfBrowser();
});

async function studentInReview() {
  const student = await participantWithDocuments("ESTUDIANTE");
  const started = await startEnrolment(db, { participantId: student.id, profile: "ESTUDIANTE", courseId, modality: "en_linea" });
  if (!started.ok || started.status !== "pendiente_de_revision") throw new Error("expected review");
  return { ...student, enrolmentId: started.enrolmentId };
}

const statusOf = async (enrolmentId: number) =>
  (await db.selectFrom("enrolments").select("status").where("id", "=", enrolmentId).executeTakeFirstOrThrow()).status;

describe("document review: decided per document, the enrolment follows", () => {
  test("the queue lists participants with pending documents, oldest first, with the days they waited", async () => {
    const first = await studentInReview();
    const second = await studentInReview();
    await db.updateTable("participant_documents").set({ updated_at: "2020-01-01T00:00:00.000Z" }).where("participant_id", "=", second.id).execute();
    const queue = (await listReviewQueue(db, new Date("2020-01-11T00:00:00.000Z"))).rows;
    const ids = queue.map((item) => item.participantId);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const item = queue.find((entry) => entry.participantId === second.id)!;
    expect(item).toMatchObject({ pendingDocuments: 2, daysWaiting: 10, profile: "ESTUDIANTE" });
    expect(item.coursesInReview).toHaveLength(1);
  });

  test("rejection needs a reason; with it the participant is e-mailed the reason and the enrolment keeps waiting", async () => {
    const ctx = await staffContext();
    const student = await studentInReview();
    const [front, back] = student.documents;
    const refused = await reviewParticipant(db, ctx, {
      participantId: student.id,
      decisions: [
        { documentId: front!.id, approve: true },
        { documentId: back!.id, approve: false, reason: "   " },
      ],
      origin,
    });
    expect(refused).toMatchObject({ ok: false, status: 400, fieldErrors: { "documents[1].reason": [expect.stringContaining("motivo")] } });
    // Nothing stored: the approval of the first document was not kept either.
    const untouched = await db.selectFrom("participant_documents").select("status").where("participant_id", "=", student.id).execute();
    expect(untouched.map((row) => row.status)).toEqual(["pendiente", "pendiente"]);

    const outcome = await reviewParticipant(db, ctx, {
      participantId: student.id,
      decisions: [
        { documentId: front!.id, approve: true },
        { documentId: back!.id, approve: false, reason: "La credencial de estudiante está vencida." },
      ],
      origin,
    });
    expect(outcome).toMatchObject({ ok: true, approved: 1, rejected: 1, confirmedEnrolments: [] });
    expect(await statusOf(student.enrolmentId)).toBe("pendiente_de_revision");
    const mail = await waitForMail(db, { to: student.email, subject: /Documentación no aprobada/ });
    expect(mail.text).toContain("La credencial de estudiante está vencida.");
    expect(mail.text).toContain("Mi perfil");
    const rejected = await db.selectFrom("participant_documents").selectAll().where("id", "=", back!.id).executeTakeFirstOrThrow();
    expect(rejected).toMatchObject({
      status: "rechazado",
      rejection_reason: "La credencial de estudiante está vencida.",
      reviewed_by: ctx.actor.name,
    });
    // Waiting on the participant now, not on the office.
    expect((await listReviewQueue(db)).rows.some((item) => item.participantId === student.id)).toBe(false);
    // A decision is taken once.
    expect(
      await reviewParticipant(db, ctx, { participantId: student.id, decisions: [{ documentId: back!.id, approve: true }], origin }),
    ).toMatchObject({ ok: false, status: 400 });
    const rows = await auditRows("participant_document", back!.id);
    expect(rows.map((row) => [row.action, row.actor_email])).toEqual([["documento.rechazar", ctx.actor.email]]);

    // The participant replaces the file from /profile: back in the queue; approval confirms and mails the PDF.
    expect(await replaceDocument(db, student.id, back!.id, { fileName: "nueva.png", contentType: "image/png", data: samplePng() })).toEqual({
      ok: true,
    });
    expect((await listReviewQueue(db)).rows.some((item) => item.participantId === student.id)).toBe(true);
    const approved = await reviewParticipant(db, ctx, { participantId: student.id, decisions: [{ documentId: back!.id, approve: true }], origin });
    expect(approved).toMatchObject({ ok: true, confirmedEnrolments: [student.enrolmentId] });
    expect(await statusOf(student.enrolmentId)).toBe("confirmada");
    const confirmation = await waitForMail(db, { to: student.email, subject: /Inscripción confirmada/ }, 30_000);
    expect(confirmation.attachments.map((a) => a.contentType)).toContain("application/pdf");
    expect((await auditRows("enrolment", student.enrolmentId)).map((row) => row.action)).toEqual(["inscripcion.confirmar_por_revision"]);
  });

  test("another participant's document is refused and nothing changes", async () => {
    const ctx = await staffContext();
    const owner = await studentInReview();
    const other = await studentInReview();
    const outcome = await reviewParticipant(db, ctx, {
      participantId: other.id,
      decisions: [{ documentId: owner.documents[0]!.id, approve: true }],
      origin,
    });
    expect(outcome).toMatchObject({ ok: false, status: 404 });
    const statuses = await db.selectFrom("participant_documents").select("status").where("participant_id", "in", [owner.id, other.id]).execute();
    expect(statuses.every((row) => row.status === "pendiente")).toBe(true);
  });

  test("a participant whose documents were approved before and who enrols again is confirmed by a review without decisions", async () => {
    const ctx = await staffContext();
    const student = await studentInReview();
    await reviewParticipant(db, ctx, {
      participantId: student.id,
      decisions: student.documents.map((d) => ({ documentId: d.id, approve: true })),
      origin,
    });
    const secondCourse = await insertCourse({ course_price: 100000, course_student_price: 0, modality_id: 2, course_max_range: 0 });
    const started = await startEnrolment(db, { participantId: student.id, profile: "ESTUDIANTE", courseId: secondCourse, modality: "en_linea" });
    if (!started.ok) throw new Error("expected an enrolment");
    expect((await listReviewQueue(db)).rows.find((item) => item.participantId === student.id)).toMatchObject({ pendingDocuments: 0 });
    expect(await reviewParticipant(db, ctx, { participantId: student.id, decisions: [], origin })).toMatchObject({
      ok: true,
      confirmedEnrolments: [started.enrolmentId],
    });
  });
});
