import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MODALITY } from "~/courses/modality";
import { db } from "~/db.server";
import { startEnrolment } from "~/enrolment/enrolment.server";
import { reviewDocuments } from "~/enrolment/review.server";
import { startMailCapture, stopMailCapture } from "~/mail/capture.server";
import { waitForMail } from "~/mail/outbox.server";
import { closePdfBrowser } from "~/pdf/pdf.server";
import { createCourse, createParticipant } from "../factories";

const origin = "http://localhost";
let count = 0;

async function studentInReview(): Promise<{ enrolmentId: number; email: string }> {
  count += 1;
  const email = `revision-${count}@ejemplo.mx`;
  const registered = await createParticipant({ name: `Estudiante ${count}`, email, role: "ESTUDIANTE", graduated: "NO", age: 23 });
  const started = await startEnrolment(db, { participantId: registered.id, profile: "ESTUDIANTE", courseId: 7970, modality: "en_linea" });
  if (!started.ok || started.status !== "pendiente_de_revision") throw new Error("expected review");
  return { enrolmentId: started.enrolmentId, email };
}

beforeAll(async () => {
  await startMailCapture();
  await createCourse({
    course_id: 7970,
    course_name: "Diplomado en Nutrición Pediátrica",
    course_start_date: "2027-04-05",
    course_finish_date: "2027-04-09",
    course_price: 300000,
    course_student_price: 0,
    course_employee_price: 0,
    course_max_range: 0,
    modality_id: MODALITY.EN_LINEA,
    month_id: 3,
    online_access_url: "https://aula.example.org/himfg/7970",
    course_password: "NUT-7970",
  });
});

afterAll(async () => {
  await stopMailCapture();
  await closePdfBrowser();
});

describe("document review by the Teaching office", () => {
  test("approval confirms the enrolment and e-mails the access data with the PDF", async () => {
    const { enrolmentId, email } = await studentInReview();
    expect(await reviewDocuments(db, enrolmentId, { approve: true }, { staff: "Enseñanza", origin })).toEqual({ ok: true });
    const row = await db.selectFrom("enrolments").select(["status", "reviewed_by"]).where("id", "=", enrolmentId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "confirmada", reviewed_by: "Enseñanza" });
    const mail = await waitForMail(db, { to: email, subject: "Inscripción confirmada" }, 30_000);
    expect(mail.attachments.map((a) => a.contentType)).toContain("application/pdf");
  });

  test("rejection needs a reason, and the participant is told it", async () => {
    const { enrolmentId, email } = await studentInReview();
    expect(await reviewDocuments(db, enrolmentId, { approve: false, reason: "  " }, { staff: "Enseñanza", origin })).toEqual({ ok: false });
    expect(await reviewDocuments(db, enrolmentId, { approve: false, reason: "La credencial de estudiante está vencida." }, { staff: "Enseñanza", origin })).toEqual({ ok: true });
    const mail = await waitForMail(db, { to: email, subject: /Documentación no aprobada/ });
    expect(mail.text).toContain("La credencial de estudiante está vencida.");
    // A decision is taken once.
    expect(await reviewDocuments(db, enrolmentId, { approve: true }, { staff: "Enseñanza", origin })).toEqual({ ok: false });
  });
});
