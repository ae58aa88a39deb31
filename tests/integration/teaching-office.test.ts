import { parseWithZod } from "@conform-to/zod/v4";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { courseConflicts, listAdminCourses, removeCourse, saveCourse, setCourseEnrolmentOpen } from "~/courses/course-admin.server";
import { courseCrossFieldErrors, courseSchema, detectCourseFile, pesosToCentavos } from "~/courses/course-form";
import { getCourseByUrl, listCoursesByMonth } from "~/courses/courses.server";
import { db } from "~/db.server";
import { recordOfflinePayment } from "~/enrolment/offline-payments.server";
import { startEnrolment } from "~/enrolment/enrolment.server";
import { startMailCapture, stopMailCapture } from "~/mail/capture.server";
import { closePdfBrowser } from "~/pdf/pdf.server";
import {
  enrolmentExportRows,
  enrolmentsCsv,
  enrolmentsXlsx,
  enrolParticipantManually,
  listCourseEnrolments,
} from "~/staff/teaching/enrolments-admin.server";
import { listParticipants } from "~/staff/teaching/participants-admin.server";
import { recordRefund } from "~/staff/teaching/refunds.server";
import { samplePdf, samplePng } from "../support/sample-files";
import { waitForMail } from "../support/mail";
import { auditRows } from "../support/audit-rows";
import { createParticipantWithDocuments, createStaffContext, insertCourse } from "../factories";

const origin = "http://localhost";
const receipt = () => ({ fileName: "comprobante.pdf", contentType: "application/pdf", data: samplePdf() });

beforeAll(async () => {
  await startMailCapture();
});
afterAll(async () => {
  await stopMailCapture();
  await closePdfBrowser();
});

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

const GOOD = {
  course_name: "Urgencias pediátricas 2027",
  course_summary: "Actualización en la atención de urgencias en pediatría.",
  course_start_date: "2027-03-08",
  course_finish_date: "2027-03-12",
  course_price: "1,500.50",
  course_student_price: "750",
  course_employee_price: "0",
  course_url: "urgencias-pediatricas-2027",
  course_password: "URG-2027",
  course_able: "1",
  course_max_range: "30",
  modality_id: "3",
  month_id: "2",
  capacity_wording: "plazas",
  venue: "Auditorio Principal",
  online_access_url: "https://aula.example.org/urgencias",
};

describe("the course form", () => {
  test("prices in pesos become centavos without floats; anything else is refused", () => {
    expect(pesosToCentavos("1,500.50")).toBe(150050);
    expect(pesosToCentavos("0.1")).toBe(10);
    expect(pesosToCentavos("1500")).toBe(150000);
    for (const bad of ["-1", "1.234", "1e3", "abc", "", "1,50"]) expect(pesosToCentavos(bad)).toBeNull();
  });

  test("every error at once, in Spanish", () => {
    const raw = {
      ...GOOD,
      course_name: "",
      course_price: "-100",
      course_url: "Curso Nuevo!",
      course_finish_date: "2027-03-01",
      modality_id: "1",
      venue: "",
    };
    const submission = parseWithZod(form(raw), { schema: courseSchema });
    expect(submission.status).toBe("error");
    const errors = {
      ...(submission.status === "error" ? submission.error : {}),
      ...courseCrossFieldErrors({ start: raw.course_start_date, finish: raw.course_finish_date, modality: raw.modality_id, venue: raw.venue }),
    };
    expect(Object.keys(errors).sort()).toEqual(["course_finish_date", "course_name", "course_price", "course_url", "venue"]);
    expect(errors.course_price?.[0]).toMatch(/sin signo negativo/);
  });

  test("images are JPEG, PNG or WebP and programmes PDF, by content", () => {
    expect(detectCourseFile(samplePng(), "image")?.contentType).toBe("image/png");
    expect(detectCourseFile(Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 ", "latin1"), "image")?.contentType).toBe("image/webp");
    expect(detectCourseFile(samplePdf(), "image")).toBeNull();
    expect(detectCourseFile(samplePng(), "pdf")).toBeNull();
    expect(detectCourseFile(samplePdf(), "pdf")?.contentType).toBe("application/pdf");
  });
});

describe("courses from the admin area", () => {
  test("a course saved open is in the catalogue month and at its address at once; the change is audited", async () => {
    const ctx = await createStaffContext();
    const submission = parseWithZod(form(GOOD), { schema: courseSchema });
    if (submission.status !== "success") throw new Error("expected a valid form");
    const image = { fileName: "portada.png", contentType: "image/png", data: samplePng() };
    const pdf = { fileName: "programa.pdf", contentType: "application/pdf", data: samplePdf() };
    const saved = await saveCourse(db, ctx, { courseId: null, value: submission.value, image, pdf });
    if (!saved.ok) throw new Error("expected the course to be saved");
    const month = await listCoursesByMonth(db, 2);
    const listed = month.find((course) => course.course_id === saved.courseId)!;
    expect(listed).toMatchObject({ course_price: 150050, course_student_price: 75000, course_employee_price: 0, course_able: 1, modality_id: 3 });
    expect(listed.course_image_file_id).not.toBeNull();
    expect(listed.course_pdf_file_id).not.toBeNull();
    expect(await getCourseByUrl(db, "urgencias-pediatricas-2027")).toBeDefined();
    const rows = await auditRows("course", saved.courseId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "curso.crear", actor_email: ctx.actor.email, actor_role: "ensenanza", request_id: ctx.requestId });
    // The course password is never copied into the log.
    expect(rows[0]!.after_json).not.toContain("URG-2027");

    // Taken address, capacity below the seats taken: refused, nothing stored.
    const other = await insertCourse({ course_url: "otro-curso", modality_id: 1, course_max_range: 2 });
    const participant = await createParticipantWithDocuments("EXTERNO");
    await db
      .updateTable("courses")
      .set({ course_price: 0, course_student_price: 0, course_employee_price: 0 })
      .where("course_id", "=", other)
      .execute();
    const started = await startEnrolment(db, { participantId: participant.id, profile: "EXTERNO", courseId: other, modality: "presencial" });
    expect(started).toMatchObject({ ok: true, status: "confirmada" });
    expect(await courseConflicts(db, other, { courseUrl: "urgencias-pediatricas-2027", capacity: 0 })).toEqual({
      course_url: [expect.stringContaining("ya la usa otro curso")],
      course_max_range: [expect.stringContaining("1 lugares presenciales ya ocupados")],
    });
    const before = await db.selectFrom("courses").selectAll().where("course_id", "=", other).executeTakeFirstOrThrow();
    const refused = await saveCourse(db, ctx, { courseId: other, value: { ...submission.value, course_max_range: 0 }, image });
    expect(refused).toMatchObject({ ok: false, problem: expect.objectContaining({ code: "invalid" }) });
    expect(await db.selectFrom("courses").selectAll().where("course_id", "=", other).executeTakeFirstOrThrow()).toEqual(before);
    expect(await auditRows("course", other)).toHaveLength(0);

    // Close in one click: still listed, closed; a course with enrolments is archived, never deleted.
    expect(await setCourseEnrolmentOpen(db, ctx, other, false)).toMatchObject({ ok: true });
    expect(await removeCourse(db, ctx, other)).toMatchObject({ ok: true, archived: true });
    expect(await db.selectFrom("courses").select("archived_at").where("course_id", "=", other).executeTakeFirst()).toMatchObject({
      archived_at: expect.any(String),
    });
    expect(await getCourseByUrl(db, "otro-curso")).toBeUndefined();
    expect((await listAdminCourses(db, { archived: true })).rows.map((c) => c.id)).toContain(other);
    expect(await setCourseEnrolmentOpen(db, ctx, other, true)).toMatchObject({ ok: false, status: 400 });
    // Without enrolments, a course is deleted with its files.
    const lonely = await insertCourse();
    expect(await removeCourse(db, ctx, lonely)).toMatchObject({ ok: true, archived: false });
    expect(await db.selectFrom("courses").select("course_id").where("course_id", "=", lonely).executeTakeFirst()).toBeUndefined();
    expect((await auditRows("course", lonely)).map((row) => row.action)).toEqual(["curso.eliminar"]);
  });

  test("the list filters by search, month, open/closed and modality", async () => {
    const open = await insertCourse({ modality_id: 2, course_max_range: 0 });
    const closed = await insertCourse({ modality_id: 1, course_able: 0 });
    const name = (await db.selectFrom("courses").select("course_name").where("course_id", "=", open).executeTakeFirstOrThrow()).course_name;
    expect((await listAdminCourses(db, { q: name })).rows.map((c) => c.id)).toEqual([open]);
    const closedIds = (await listAdminCourses(db, { open: "cerrados", modality: 1 })).rows.map((c) => c.id);
    expect(closedIds).toContain(closed);
    expect(closedIds).not.toContain(open);
    expect((await listAdminCourses(db, { month: 11 })).rows.map((c) => c.id)).not.toContain(open);
  });
});

describe("payments recorded by staff", () => {
  test("an off-line payment confirms the enrolment through the transitions, once; a refund cancels it", async () => {
    const ctx = await createStaffContext("finanzas");
    const courseId = await insertCourse({ course_price: 200000, modality_id: 2, course_max_range: 0 });
    const participant = await createParticipantWithDocuments("EXTERNO");
    const started = await startEnrolment(db, { participantId: participant.id, profile: "EXTERNO", courseId, modality: "en_linea" });
    if (!started.ok) throw new Error("expected an enrolment");
    const input = {
      enrolmentId: started.enrolmentId,
      method: "transferencia" as const,
      amountCentavos: 200000,
      paidOn: "2026-01-15",
      reference: "SPEI-0001",
      receipt: receipt(),
      origin,
    };

    const low = await recordOfflinePayment(db, ctx, { ...input, amountCentavos: 1000, paidOn: "2999-01-01" });
    expect(low).toMatchObject({
      ok: false,
      status: 400,
      problem: { fields: { amount: [expect.stringContaining("menor")], paid_on: [expect.any(String)] } },
    });
    expect(await db.selectFrom("offline_payments").selectAll().where("enrolment_id", "=", started.enrolmentId).execute()).toEqual([]);

    const paid = await recordOfflinePayment(db, ctx, input);
    expect(paid).toMatchObject({ ok: true, confirmed: true });
    expect((await db.selectFrom("enrolments").select("status").where("id", "=", started.enrolmentId).executeTakeFirstOrThrow()).status).toBe(
      "confirmada",
    );
    const mail = await waitForMail(db, { to: participant.email, subject: /Inscripción confirmada/ }, 30_000);
    expect(mail.attachments.map((a) => a.contentType)).toContain("application/pdf");
    // A replay is refused: the enrolment no longer waits for payment.
    expect(await recordOfflinePayment(db, ctx, { ...input, reference: "SPEI-0002" })).toMatchObject({ ok: false, status: 409 });
    if (!paid.ok) return;
    expect((await auditRows("offline_payment", paid.offlinePaymentId))[0]).toMatchObject({
      action: "pago.registrar_fuera_de_linea",
      actor_role: "finanzas",
    });

    // The same bank reference for another enrolment is the same money.
    const second = await createParticipantWithDocuments("EXTERNO");
    const secondStart = await startEnrolment(db, { participantId: second.id, profile: "EXTERNO", courseId, modality: "en_linea" });
    if (!secondStart.ok) throw new Error("expected an enrolment");
    expect(await recordOfflinePayment(db, ctx, { ...input, enrolmentId: secondStart.enrolmentId })).toMatchObject({
      ok: false,
      problem: { fields: { reference: [expect.any(String)] } },
    });

    const source = { kind: "fuera_de_linea" as const, offlinePaymentId: paid.offlinePaymentId };
    expect(await recordRefund(db, ctx, { enrolmentId: started.enrolmentId, source, amountCentavos: 300000, reason: "" })).toMatchObject({
      ok: false,
      problem: { fields: { reason: [expect.any(String)], amount: [expect.stringContaining("mayor que lo pagado")] } },
    });
    expect(
      await recordRefund(db, ctx, { enrolmentId: started.enrolmentId, source, amountCentavos: 200000, reason: "El curso se canceló." }),
    ).toMatchObject({ ok: true, cancelled: true });
    expect(await recordRefund(db, ctx, { enrolmentId: started.enrolmentId, source, amountCentavos: 1, reason: "Otra vez" })).toMatchObject({
      ok: false,
      status: 409,
    });
    await expect(db.deleteFrom("refunds").execute()).rejects.toThrow(/append-only/);
  });
});

describe("manual enrolment, the enrolment list and its exports", () => {
  test("staff enrol a speaker with a reason; the list and the CSV/XLSX exports carry everyone", async () => {
    const ctx = await createStaffContext();
    const courseId = await insertCourse({ modality_id: 1, course_max_range: 1 });
    const speaker = await createParticipantWithDocuments("PERSONAL_HIMFG", "José Íñiguez Peña");
    const guest = await createParticipantWithDocuments("EXTERNO", '=HYPERLINK("x")');
    expect(
      await enrolParticipantManually(db, ctx, { participantId: speaker.id, courseId, modality: "presencial", reason: "", origin }),
    ).toMatchObject({ ok: false, problem: { fields: { reason: [expect.any(String)] } } });
    const enrolled = await enrolParticipantManually(db, ctx, {
      participantId: speaker.id,
      courseId,
      modality: "presencial",
      reason: "Ponente invitado",
      origin,
    });
    expect(enrolled).toMatchObject({ ok: true });
    // The only seat is taken now, and en línea is not offered: every reason at once.
    expect(
      await enrolParticipantManually(db, ctx, { participantId: guest.id, courseId, modality: "presencial", reason: "Invitado", origin }),
    ).toMatchObject({
      ok: false,
      problem: { fields: { modality: [expect.stringContaining("No quedan lugares")] } },
    });
    expect(
      await enrolParticipantManually(db, ctx, { participantId: speaker.id, courseId, modality: "presencial", reason: "Otra", origin }),
    ).toMatchObject({
      ok: false,
      problem: { fields: { participant_id: [expect.stringContaining("ya tiene")] } },
    });
    await db.updateTable("courses").set({ course_max_range: 2 }).where("course_id", "=", courseId).execute();
    expect(
      await enrolParticipantManually(db, ctx, { participantId: guest.id, courseId, modality: "presencial", reason: "Invitado", origin }),
    ).toMatchObject({ ok: true });

    const list = await listCourseEnrolments(db, courseId);
    expect(list.map((row) => [row.name, row.status, row.seat, row.payment])).toEqual([
      ['=HYPERLINK("x")', "confirmada", "Lugar presencial", "Inscripción manual"],
      ["José Íñiguez Peña", "confirmada", "Lugar presencial", "Inscripción manual"],
    ]);
    const rows = await enrolmentExportRows(db, courseId);
    const csv = enrolmentsCsv(rows);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.subarray(3).toString("utf8");
    expect(text.split("\r\n")[0]).toMatch(/^Nombre,Número de participante,Perfil,Institución,Correo electrónico,Teléfono,Modalidad,Estado,/);
    expect(text).toContain(`José Íñiguez Peña,${speaker.id},Personal HIMFG,UNAM,${speaker.email},9991234567,Presencial,Confirmada,`);
    expect(text).toMatch(/,0\.00,0\.00,Gratuito \(inscripción manual\),,,\r\n/);
    // A name that looks like a formula is defused for spreadsheets.
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    const xlsx = await enrolmentsXlsx(rows);
    expect(xlsx.subarray(0, 2).toString("latin1")).toBe("PK");
    expect((await auditRows("enrolment", enrolled.ok ? enrolled.enrolmentId : 0))[0]).toMatchObject({ action: "inscripcion.manual" });
  });
});

describe("the participant list", () => {
  test("search by name, e-mail or id; filter by profile, document status and course", async () => {
    const student = await createParticipantWithDocuments("ESTUDIANTE", "Mariana Zúñiga");
    const external = await createParticipantWithDocuments("EXTERNO");
    expect((await listParticipants(db, { q: "Zúñiga" })).rows.map((p) => p.id)).toEqual([student.id]);
    expect((await listParticipants(db, { q: String(external.id) })).rows.map((p) => p.id)).toEqual([external.id]);
    expect((await listParticipants(db, { q: external.email })).rows.map((p) => p.id)).toEqual([external.id]);
    const students = await listParticipants(db, { profile: "ESTUDIANTE", documents: "pendiente" });
    expect(students.rows.map((p) => p.id)).toContain(student.id);
    expect(students.rows.map((p) => p.id)).not.toContain(external.id);
    expect((await listParticipants(db, { q: "100%_" })).rows).toEqual([]);
  });
});
