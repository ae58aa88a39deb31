import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { replaceDocument } from "~/accounts/participants.server";
import { db } from "~/db.server";
import { startEnrolment } from "~/enrolment/enrolment.server";
import { startMailCapture, stopMailCapture } from "~/mail/capture.server";
import { closePdfBrowser } from "~/pdf/pdf.server";
import {
  approveDocuments,
  BULK_APPROVAL_LIMIT,
  listReviewQueue,
  parseDocumentSelection,
  reviewParticipant,
} from "~/staff/teaching/document-review.server";
import { samplePng } from "../support/sample-files";
import { startTestServer } from "../support/test-server";
import { waitForMail } from "../support/mail";
import { auditRows } from "../support/audit-rows";
import { createParticipantWithDocuments, createSignedInStaff, createStaffContext, insertCourse } from "../factories";

const origin = "http://localhost";
let courseId: number;
let baseUrl = "";
let closeServer: () => Promise<void>;

beforeAll(async () => {
  ({ baseUrl, close: closeServer } = await startTestServer());
  await startMailCapture();
  // Paid for externals, free for students and staff: a student's enrolment waits for review.
  courseId = await insertCourse({ course_price: 300000, course_student_price: 0, course_employee_price: 0, modality_id: 2, course_max_range: 0 });
});

afterAll(async () => {
  await closeServer?.();
  await stopMailCapture();
  await closePdfBrowser();
});

async function studentInReview() {
  const student = await createParticipantWithDocuments("ESTUDIANTE");
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
    const ctx = await createStaffContext();
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
    expect(refused).toMatchObject({ ok: false, status: 400, problem: { fields: { "documents[1].reason": [expect.stringContaining("motivo")] } } });
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
    const ctx = await createStaffContext();
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
    const ctx = await createStaffContext();
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

describe("«Aprobar seleccionados»: several documents at once, each audited, all or nothing", () => {
  const documentStatus = async (id: number) =>
    (await db.selectFrom("participant_documents").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

  /** A participant of `profile` with an enrolment waiting for review in a course free for them. */
  async function inReview(profile: "ESTUDIANTE" | "EXTERNO", course: number) {
    const participant = await createParticipantWithDocuments(profile);
    const started = await startEnrolment(db, { participantId: participant.id, profile, courseId: course, modality: "en_linea" });
    if (!started.ok || started.status !== "pendiente_de_revision") throw new Error("expected review");
    return { ...participant, enrolmentId: started.enrolmentId };
  }

  test("three documents of two participants: three audit rows, both enrolments confirmed, the access mailed", async () => {
    // Free for externals and students, paid for staff: both wait for the Teaching office's review.
    const course = await insertCourse({
      course_price: 0,
      course_student_price: 0,
      course_employee_price: 50000,
      modality_id: 2,
      course_max_range: 0,
    });
    const ctx = await createStaffContext();
    const student = await inReview("ESTUDIANTE", course);
    const external = await inReview("EXTERNO", course);
    const bystander = await studentInReview();
    const chosen = [...student.documents, ...external.documents].map((document) => document.id);
    expect(chosen).toHaveLength(3);

    const outcome = await approveDocuments(db, ctx, { documentIds: chosen, origin });
    // Participants are decided in the order of their numbers, which the server draws at random.
    expect(outcome).toEqual({
      ok: true,
      approved: 3,
      participants: 2,
      confirmedEnrolments: expect.arrayContaining([student.enrolmentId, external.enrolmentId]),
      notConfirmed: [],
    });
    expect(outcome.ok && outcome.confirmedEnrolments).toHaveLength(2);
    for (const id of chosen) {
      expect(await documentStatus(id)).toBe("aprobado");
      expect((await auditRows("participant_document", id)).map((row) => [row.action, row.actor_email])).toEqual([
        ["documento.aprobar", ctx.actor.email],
      ]);
    }
    for (const enrolment of [student.enrolmentId, external.enrolmentId]) {
      expect(await statusOf(enrolment)).toBe("confirmada");
      expect((await auditRows("enrolment", enrolment)).map((row) => row.action)).toEqual(["inscripcion.confirmar_por_revision"]);
    }
    // Who was not chosen keeps waiting.
    expect(await statusOf(bystander.enrolmentId)).toBe("pendiente_de_revision");
    expect(await documentStatus(bystander.documents[0]!.id)).toBe("pendiente");
    for (const participant of [student, external]) {
      const mail = await waitForMail(db, { to: participant.email, subject: /Inscripción confirmada/ }, 30_000);
      expect(mail.attachments.map((a) => a.contentType)).toContain("application/pdf");
    }
  });

  test("hostile ids are refused with a Spanish message, and nothing is stored", async () => {
    const ctx = await createStaffContext();
    const decided = await studentInReview();
    await reviewParticipant(db, ctx, { participantId: decided.id, decisions: [{ documentId: decided.documents[0]!.id, approve: true }], origin });
    const waiting = await studentInReview();
    const [front, back] = waiting.documents.map((document) => document.id) as [number, number];
    const auditBefore = (
      await db
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;

    const unknown = await approveDocuments(db, ctx, { documentIds: [front, 987654321], origin });
    expect(unknown).toEqual({ ok: false, status: 404, problem: { form: [expect.stringContaining("987654321")], fields: {} } });
    const already = await approveDocuments(db, ctx, { documentIds: [front, back, decided.documents[0]!.id], origin });
    expect(already).toMatchObject({ ok: false, status: 409 });
    expect(already.ok ? "" : already.problem.form.join(" ")).toContain("«Credencial de estudiante (frente)» de");
    expect(already.ok ? "" : already.problem.form.join(" ")).toContain("(aprobado)");
    expect(already.ok ? "" : already.problem.form.join(" ")).toContain("no se aprobó ninguno");
    expect(await approveDocuments(db, ctx, { documentIds: [front, front], origin })).toMatchObject({ ok: false, status: 400 });
    expect(await approveDocuments(db, ctx, { documentIds: [], origin })).toMatchObject({ ok: false, status: 400 });
    const tooMany = Array.from({ length: BULK_APPROVAL_LIMIT + 1 }, (_, i) => front + i);
    expect(await approveDocuments(db, ctx, { documentIds: tooMany, origin })).toMatchObject({ ok: false, status: 400 });

    expect(await documentStatus(front)).toBe("pendiente");
    expect(await documentStatus(back)).toBe("pendiente");
    expect(await statusOf(waiting.enrolmentId)).toBe("pendiente_de_revision");
    const auditAfter = (
      await db
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;
    expect(auditAfter).toBe(auditBefore);

    // Values that are not document ids never reach the domain.
    for (const value of ["abc", "1.5", "-3", "0", "1e3", " 7", "12345678901234", new File(["x"], "x.txt")]) {
      expect(parseDocumentSelection([String(front), value]), String(value)).toMatchObject({
        ok: false,
        problem: { form: [expect.stringContaining("no es válida")] },
      });
    }
    expect(parseDocumentSelection([String(front), String(back)])).toEqual({ ok: true, documentIds: [front, back] });
  });

  test("over HTTP, as a plain form (no JavaScript): approved with a toast; hostile posts answer 4xx in Spanish", async () => {
    const teaching = await createSignedInStaff(db, "ensenanza");
    const finance = await createSignedInStaff(db, "finanzas");
    const student = await studentInReview();
    const [front, back] = student.documents.map((document) => document.id) as [number, number];
    const post = (cookie: string, values: string[]) =>
      fetch(`${baseUrl}/admin/revision`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(values.map((value) => ["documento", value])).toString(),
      });

    const queue = await (await fetch(`${baseUrl}/admin/revision`, { headers: { Cookie: teaching.cookie } })).text();
    expect(queue).toContain(`name="documento" value="${front}"`);
    expect(queue).toContain("Aprobar seleccionados");

    expect((await post(finance.cookie, [String(front)])).status).toBe(403);
    const bad = await post(teaching.cookie, ["abc"]);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("La selección no es válida");
    const none = await post(teaching.cookie, []);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Marque al menos un documento para aprobar.");
    const missing = await post(teaching.cookie, [String(front), "987654321"]);
    expect(missing.status).toBe(404);
    const missingPage = await missing.text();
    expect(missingPage).toContain("No existe el documento 987654321");
    // The choice is kept on the page that says what went wrong.
    expect(missingPage).toMatch(new RegExp(`value="${front}" checked=""|checked="" value="${front}"`));
    expect(await documentStatus(front)).toBe("pendiente");
    expect(await auditRows("participant_document", front)).toEqual([]);

    const approved = await post(teaching.cookie, [String(front), String(back)]);
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toBe("/admin/revision");
    expect(await statusOf(student.enrolmentId)).toBe("confirmada");
    expect((await auditRows("participant_document", front)).map((row) => row.action)).toEqual(["documento.aprobar"]);
    expect((await auditRows("participant_document", back)).map((row) => row.action)).toEqual(["documento.aprobar"]);
    const toast = await fetch(`${baseUrl}/admin/revision`, {
      headers: { Cookie: `${teaching.cookie}; ${approved.headers.get("set-cookie")?.split(";")[0]}` },
    });
    expect(await toast.text()).toContain("Aprobamos 2 documentos de 1 participante. Se confirmó 1 inscripción");

    const twice = await post(teaching.cookie, [String(front)]);
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("ya fue revisado");
  });
});
