import crypto from "node:crypto";
import fs from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { registerParticipant } from "../../app/accounts/participants.server";
import { createUserSession, SESSION_COOKIE_NAME, setChosenCourse } from "../../app/accounts/session.server";
import { db } from "../../app/db.server";
import { startEnrolment } from "../../app/enrolment/enrolment.server";
import { completeStaffSetup, findValidSetupToken, inviteStaff } from "../../app/staff/staff-members.server";
import type { StaffRole } from "../../app/staff/staff";
import { samplePdf, samplePng } from "../support/sample-files";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { waitForMail } from "../support/mail";

// The Teaching office's day (issue 10): a course with its files, a document review with a
// rejection and a replacement, an off-line payment, the attendance exports and the audit log.
test.describe.configure({ timeout: 180_000 });

const PASSWORD = "Ensenanza-Segura-2026!";
const run = crypto.randomUUID().slice(0, 8);

/**
 * A staff member created through the foundation (invitation + set-up with password and TOTP, as
 * `npm run staff:create` and the set-up page do). The set-up is dated one TOTP period back so the
 * sign-in below can use the current code (each code is accepted once).
 */
let staffCount = 0;
async function staffMember(role: StaffRole) {
  staffCount += 1;
  const email = `${role}-${staffCount}-${run}@himfg.edu.mx`;
  const name = `Personal de ${role} ${run}`;
  const invited = await inviteStaff(db, { email, name, role }, null);
  if (!invited.ok) throw new Error("could not invite");
  const token = await findValidSetupToken(db, invited.token);
  if (!token) throw new Error("no set-up token");
  const earlier = new Date(Date.now() - 30_000);
  const setup = await completeStaffSetup(
    db,
    { token: invited.token, password: PASSWORD, code: totp(token.totpSecret).generate({ timestamp: earlier.getTime() }) },
    null,
    earlier,
  );
  if (!setup.ok) throw new Error(`set-up failed: ${setup.problem.code}`);
  return { id: invited.staffId, email, name, secret: token.totpSecret };
}

const totp = (secret: string) => new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });

async function signInStaff(page: Page, staff: { email: string; secret: string }) {
  await page.goto("/admin/login");
  await page.getByLabel("Correo electrónico").fill(staff.email);
  await page.getByLabel("Contraseña").fill(PASSWORD);
  await page.getByRole("button", { name: "Continuar" }).click();
  const code = totp(staff.secret).generate();
  await page.getByLabel("Código de verificación").fill(code);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}

/** A participant registered with the documents of their profile, signed in in `context`. */
async function participant(context: BrowserContext, baseURL: string, role: "ESTUDIANTE" | "EXTERNO", name: string) {
  const email = `e2e-${crypto.randomUUID()}@ejemplo.mx`;
  const documents =
    role === "ESTUDIANTE"
      ? (["student_id_front", "student_id_back"] as const).map((kind) => ({
          kind,
          file: { fileName: `${kind}.png`, contentType: "image/png" as const, data: samplePng() },
        }))
      : [{ kind: "professional_license" as const, file: { fileName: "cedula.pdf", contentType: "application/pdf" as const, data: samplePdf() } }];
  const outcome = await registerParticipant(
    db,
    {
      name,
      grade: role === "ESTUDIANTE" ? "ESTUDIANTE" : "Médico",
      institution: "Universidad Autónoma de Yucatán",
      email,
      password: "Participante-2026!",
      age: 24,
      graduated: "NO",
      nationality: "Mexicana",
      state: "Yucatán",
      phone: "9991234567",
      role,
    },
    documents,
  );
  if (!outcome.ok) throw new Error("could not register");
  const setCookie = await createUserSession({ id: outcome.participant.id, name });
  const value = setCookie.split(";")[0]!.slice(SESSION_COOKIE_NAME.length + 1);
  await context.addCookies([{ name: SESSION_COOKIE_NAME, value, url: baseURL }]);
  return { id: outcome.participant.id, email, cookie: value };
}

async function scan(page: Page) {
  await expectNoAxeViolations(page);
}

test("the Teaching office runs a course from creation to attendance list, audited", async ({ page, browser, baseURL }) => {
  const teacher = await staffMember("ensenanza");
  const courseUrl = `urgencias-${run}`;
  const courseName = `Urgencias pediátricas ${run}`;

  await signInStaff(page, teacher);
  await page.getByRole("link", { name: "Curso", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Cursos" })).toBeVisible();
  await scan(page);
  await page.getByRole("link", { name: "Nuevo curso" }).click();
  await scan(page);

  // Bad input: every error at once, typed values kept, nothing stored.
  await page.getByLabel("Nombre del curso").fill(courseName);
  await page.getByLabel("Fecha de inicio").fill("2027-03-10");
  await page.getByLabel("Fecha de término").fill("2027-03-01");
  await page.getByLabel("Precio para externos").fill("-100");
  await page.getByLabel("Dirección de la página del curso").fill("No Es Slug");
  await page.getByRole("button", { name: "Guardar curso" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("La fecha de término no puede ser anterior a la de inicio.");
  await expect(summary).toContainText("sin signo negativo");
  await expect(summary).toContainText("La dirección del curso solo puede llevar minúsculas");
  await expect(summary).toContainText("Elija la modalidad del curso.");
  await expect(page.getByLabel("Nombre del curso")).toHaveValue(courseName);
  await scan(page);
  expect(await db.selectFrom("courses").select("course_id").where("course_name", "=", courseName).execute()).toEqual([]);

  // The good course, with its image and programme.
  await page
    .getByLabel("Descripción (la tarjeta del catálogo y la página del curso la muestran)")
    .fill("Atención inicial del niño grave en urgencias.");
  await page.getByLabel("Fecha de término").fill("2027-03-12");
  await page.getByLabel("Mes del catálogo").selectOption({ label: "Marzo" });
  await page.getByRole("radio", { name: "Presencial y en línea" }).check();
  await page.getByLabel("Sede").fill("Auditorio Principal");
  await page.getByLabel("Cupo presencial").fill("20");
  await page.getByRole("radio", { name: "Plazas" }).check();
  await page.getByLabel("Precio para externos").fill("1500.50");
  await page.getByLabel("Precio para estudiantes").fill("0");
  await page.getByLabel("Precio para personal HIMFG").fill("0");
  await page.getByLabel("Dirección de la página del curso").fill(courseUrl);
  await page.getByLabel("Liga de acceso en línea").fill("https://aula.example.org/urgencias");
  await page.getByLabel("Imagen de la tarjeta").setInputFiles({ name: "portada.png", mimeType: "image/png", buffer: samplePng() });
  await page.getByLabel("Programa del curso (PDF)").setInputFiles({ name: "programa.pdf", mimeType: "application/pdf", buffer: samplePdf() });
  await page.getByLabel("Inscripciones abiertas (el curso acepta inscripciones en el catálogo)").check();
  await page.getByRole("button", { name: "Guardar curso" }).click();
  await expect(page.getByRole("heading", { level: 1, name: courseName })).toBeVisible();
  await scan(page);
  const course = await db.selectFrom("courses").selectAll().where("course_url", "=", courseUrl).executeTakeFirstOrThrow();
  expect(course).toMatchObject({ course_price: 150050, course_student_price: 0, course_able: 1, month_id: 2 });
  expect(course.course_image_file_id).not.toBeNull();
  expect(course.course_pdf_file_id).not.toBeNull();

  // In the catalogue at once, and at its address.
  await page.goto("/ensenanza/offer?mes=2");
  await expect(page.getByRole("heading", { name: courseName })).toBeVisible();
  await page.goto(`/cursos2025/${courseUrl}`);
  await expect(page.getByRole("heading", { level: 1, name: courseName })).toBeVisible();

  // A student sends documents to review from the payment page.
  const studentContext = await browser.newContext();
  const studentPage = await studentContext.newPage();
  const student = await participant(studentContext, baseURL!, "ESTUDIANTE", "Lucía Peñaloza Ibáñez");
  await setChosenCourse(new Request(baseURL!, { headers: { Cookie: `${SESSION_COOKIE_NAME}=${student.cookie}` } }), course.course_id);
  await studentPage.goto("/payment");
  await studentPage.getByRole("button", { name: "Mandar documentación a revisión" }).click();
  await expect(studentPage.getByText("Documentación enviada a revisión").first()).toBeVisible();

  // The review queue, oldest first; reject one document with a reason.
  await page.goto("/admin/revision");
  await scan(page);
  await page.getByRole("link", { name: new RegExp(`Lucía Peñaloza Ibáñez \\(${student.id}\\)`) }).click();
  await scan(page);
  const front = page.getByRole("group", { name: "Credencial de estudiante (frente)" });
  const back = page.getByRole("group", { name: "Credencial de estudiante (reverso)" });
  await front.getByRole("radio", { name: "Aprobar" }).check();
  await back.getByRole("radio", { name: "Rechazar" }).check();
  await page.getByRole("button", { name: "Guardar decisiones" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("Escriba el motivo del rechazo");
  await scan(page);
  await page.getByRole("group", { name: "Credencial de estudiante (reverso)" }).getByRole("radio", { name: "Rechazar" }).check();
  await page.getByRole("group", { name: "Credencial de estudiante (frente)" }).getByRole("radio", { name: "Aprobar" }).check();
  await page
    .getByRole("group", { name: "Credencial de estudiante (reverso)" })
    .getByLabel("Motivo del rechazo")
    .fill("La credencial está vencida; suba la vigente.");
  await page.getByRole("button", { name: "Guardar decisiones" }).click();
  await expect(page.getByText("1 rechazado;")).toBeVisible({ timeout: 30_000 });
  const rejection = await waitForMail(db, { to: student.email, subject: /Documentación no aprobada/ }, 15_000);
  expect(rejection.text).toContain("La credencial está vencida; suba la vigente.");

  // The document opens inline for staff, and the view is audited.
  const backDocument = await db
    .selectFrom("participant_documents")
    .select("id")
    .where("participant_id", "=", student.id)
    .where("kind", "=", "student_id_back")
    .executeTakeFirstOrThrow();
  const view = await page.request.get(`/admin/estudiantes/${student.id}/documentos/${backDocument.id}`);
  expect(view.status()).toBe(200);
  expect(view.headers()["content-disposition"]).toMatch(/^inline/);

  // The participant replaces the file from their profile: back in the queue.
  await studentPage.goto("/profile");
  await studentPage
    .getByLabel("Nuevo archivo: credencial de estudiante (reverso)")
    .setInputFiles({ name: "vigente.png", mimeType: "image/png", buffer: samplePng() });
  await studentPage.getByRole("button", { name: "Reemplazar documento" }).click();
  await expect(studentPage.getByText("Recibimos su documento.").first()).toBeVisible();
  await page.goto("/admin/revision");
  await page.getByRole("link", { name: new RegExp(`\\(${student.id}\\)`) }).click();
  await page.getByRole("group", { name: "Credencial de estudiante (reverso)" }).getByRole("radio", { name: "Aprobar" }).check();
  await page.getByRole("button", { name: "Guardar decisiones" }).click();
  // Approval renders the access PDF before answering: give it time on a busy machine.
  await expect(page.getByText("1 inscripción confirmada")).toBeVisible({ timeout: 30_000 });
  const confirmation = await waitForMail(db, { to: student.email, subject: /Inscripción confirmada/ }, 30_000);
  expect(confirmation.attachments.map((a) => a.contentType)).toContain("application/pdf");

  // Two more students wait for review: their documents are approved together from the queue
  // («Aprobar seleccionados»), each audited, and both enrolments are confirmed (issue 21).
  const reviewContext = await browser.newContext();
  const waiting = [
    await participant(reviewContext, baseURL!, "ESTUDIANTE", `Marta Quiñones ${run}`),
    await participant(reviewContext, baseURL!, "ESTUDIANTE", `Néstor Ordóñez ${run}`),
  ];
  const waitingEnrolments: number[] = [];
  for (const one of waiting) {
    const inReview = await startEnrolment(db, { participantId: one.id, profile: "ESTUDIANTE", courseId: course.course_id, modality: "en_linea" });
    if (!inReview.ok || inReview.status !== "pendiente_de_revision") throw new Error("expected an enrolment in review");
    waitingEnrolments.push(inReview.enrolmentId);
  }
  await page.goto("/admin/revision");
  await page.getByRole("button", { name: "Aprobar seleccionados" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("Marque al menos un documento para aprobar.");
  await scan(page);
  for (const name of [`Marta Quiñones ${run}`, `Néstor Ordóñez ${run}`]) {
    for (const side of ["frente", "reverso"]) {
      await page.getByRole("checkbox", { name: `Aprobar Credencial de estudiante (${side}) de ${name}` }).check();
    }
  }
  await page.getByRole("button", { name: "Aprobar seleccionados" }).click();
  await expect(page.getByText("Aprobamos 4 documentos de 2 participantes. Se confirmaron 2 inscripciones").first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("link", { name: new RegExp(`Marta Quiñones ${run}`) })).toHaveCount(0);
  await scan(page);
  for (const enrolmentId of waitingEnrolments) {
    expect((await db.selectFrom("enrolments").select("status").where("id", "=", enrolmentId).executeTakeFirstOrThrow()).status).toBe("confirmada");
  }
  const bulkDocuments = await db
    .selectFrom("participant_documents")
    .select("id")
    .where(
      "participant_id",
      "in",
      waiting.map((one) => one.id),
    )
    .execute();
  const bulkAudit = await db
    .selectFrom("audit_log")
    .select(["action", "actor_email"])
    .where("entity", "=", "participant_document")
    .where(
      "entity_id",
      "in",
      bulkDocuments.map((document) => String(document.id)),
    )
    .execute();
  expect(bulkAudit).toEqual(Array.from({ length: 4 }, () => ({ action: "documento.aprobar", actor_email: teacher.email })));
  for (const one of waiting) await waitForMail(db, { to: one.email, subject: /Inscripción confirmada/ }, 30_000);
  await reviewContext.close();

  // Another participant pays by bank transfer; staff record it and it confirms the enrolment.
  const externalContext = await browser.newContext();
  const external = await participant(externalContext, baseURL!, "EXTERNO", "Óscar Muñoz Ávila");
  const started = await startEnrolment(db, { participantId: external.id, profile: "EXTERNO", courseId: course.course_id, modality: "en_linea" });
  if (!started.ok) throw new Error("expected a pending enrolment");
  await page.goto(`/admin/cursos/${course.course_id}/inscripciones`);
  await scan(page);
  await page.getByRole("link", { name: /pagos de Óscar Muñoz Ávila/ }).click();
  await scan(page);
  await page.getByRole("radio", { name: "Transferencia bancaria" }).check();
  await page.getByLabel("Monto en pesos").fill("1500.50");
  await page.getByLabel("Fecha del pago").fill("2026-01-20");
  await page.getByLabel("Referencia o folio").fill(`SPEI-${run}`);
  await page.getByLabel("Comprobante").setInputFiles({ name: "comprobante.pdf", mimeType: "application/pdf", buffer: samplePdf() });
  await page.getByRole("button", { name: "Registrar pago" }).click();
  await expect(page.getByText("Registramos el pago y confirmamos la inscripción").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`referencia SPEI-${run}`)).toBeVisible();
  await scan(page);
  await waitForMail(db, { to: external.email, subject: /Inscripción confirmada/ }, 30_000);

  // The exports open and carry both participants.
  await page.goto(`/admin/cursos/${course.course_id}/inscripciones`);
  const csvDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "descargar CSV" }).click();
  const csv = fs.readFileSync((await (await csvDownload).path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csvText = csv.subarray(3).toString("utf8");
  expect(csvText).toContain(`Lucía Peñaloza Ibáñez,${student.id},Estudiante`);
  expect(csvText).toContain(`Óscar Muñoz Ávila,${external.id},Externo`);
  const xlsxDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "descargar Excel (XLSX)" }).click();
  const xlsx = fs.readFileSync((await (await xlsxDownload).path())!);
  expect(xlsx.subarray(0, 2).toString("latin1")).toBe("PK");
  const { unzipSync, strFromU8 } = await import("fflate");
  const sheetXml = Object.entries(unzipSync(new Uint8Array(xlsx)))
    .filter(([name]) => name.startsWith("xl/"))
    .map(([, data]) => strFromU8(data))
    .join("");
  expect(sheetXml).toContain("Lucía Peñaloza Ibáñez");
  expect(sheetXml).toContain("Óscar Muñoz Ávila");

  // Without JavaScript the pages are the same forms (axe on the no-JS DOM too).
  const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await noJs.addCookies(await page.context().cookies());
  const noJsPage = await noJs.newPage();
  await noJsPage.goto(`/admin/cursos/${course.course_id}`);
  await noJsPage.getByRole("button", { name: "Cerrar inscripciones" }).click();
  await expect(noJsPage.getByText("Inscripciones: cerradas.")).toBeVisible();
  await expectNoAxeViolationsWithoutJavaScript(noJsPage);
  // «Aprobar seleccionados» is a plain form: without JavaScript too (a registration's documents wait in the queue).
  const lateContext = await browser.newContext();
  const late = await participant(lateContext, baseURL!, "ESTUDIANTE", `Olga Sin Script ${run}`);
  await noJsPage.goto("/admin/revision");
  await noJsPage.getByRole("checkbox", { name: `Aprobar Credencial de estudiante (frente) de Olga Sin Script ${run}` }).check();
  await noJsPage.getByRole("button", { name: "Aprobar seleccionados" }).click();
  await expect(noJsPage.getByText("Aprobamos 1 documento de 1 participante.").first()).toBeVisible({ timeout: 30_000 });
  // One document of two: the other still waits in the queue, unchecked.
  await expect(noJsPage.getByRole("checkbox", { name: `Aprobar Credencial de estudiante (reverso) de Olga Sin Script ${run}` })).not.toBeChecked();
  const lateDocuments = await db
    .selectFrom("participant_documents")
    .select(["kind", "status"])
    .where("participant_id", "=", late.id)
    .orderBy("kind")
    .execute();
  expect(lateDocuments).toEqual([
    { kind: "student_id_back", status: "pendiente" },
    { kind: "student_id_front", status: "aprobado" },
  ]);
  await expectNoAxeViolationsWithoutJavaScript(noJsPage);
  await lateContext.close();
  await noJs.close();

  // The audit log: each step with its author.
  const rows = await db.selectFrom("audit_log").select(["action", "actor_email"]).where("actor_staff_id", "=", teacher.id).execute();
  const actions = rows.map((row) => row.action);
  for (const action of [
    "curso.crear",
    "documento.rechazar",
    "documento.aprobar",
    "documento.ver",
    "inscripcion.confirmar_por_revision",
    "pago.registrar_fuera_de_linea",
    "inscripcion.confirmar_por_pago",
    "asistencia.exportar",
    "curso.cerrar",
  ]) {
    expect(actions).toContain(action);
  }
  expect(new Set(rows.map((row) => row.actor_email))).toEqual(new Set([teacher.email]));
  await studentContext.close();
  await externalContext.close();
});

test("a comunicacion member is refused on every course and participant route", async ({ page }) => {
  const communications = await staffMember("comunicacion");
  await signInStaff(page, communications);
  const secret = `Curso reservado ${run}`;
  const inserted = await db
    .insertInto("courses")
    .values({
      course_name: secret,
      course_start_date: "2027-05-03",
      course_finish_date: "2027-05-07",
      course_price: 0,
      course_student_price: 0,
      course_employee_price: 0,
      modality_id: 2,
      month_id: 4,
    })
    .returning("course_id")
    .executeTakeFirstOrThrow();
  const courseId = inserted.course_id;
  for (const path of [
    "/admin/cursos",
    "/admin/cursos/nuevo",
    `/admin/cursos/${courseId}`,
    `/admin/cursos/${courseId}/inscripciones`,
    `/admin/cursos/${courseId}/exportar?formato=csv`,
    "/admin/estudiantes",
    "/admin/revision",
    "/admin/estudiantes/450001",
  ]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(403);
    expect(await response.text(), path).not.toContain(secret);
  }
  const post = await page.request.post("/admin/cursos/nuevo", { form: { course_name: "Intruso" } });
  expect(post.status()).toBe(403);
  await page.goto("/admin/cursos");
  await expect(page.getByRole("heading", { level: 1, name: "No tiene permiso para esta página" })).toBeVisible();
  await scan(page);
});

test("without JavaScript, at 320 px, a course is created and the staff pages do not scroll sideways", async ({ browser, baseURL }) => {
  const teacher = await staffMember("ensenanza");
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 320, height: 800 } });
  const page = await context.newPage();
  await signInStaff(page, teacher);
  const noSidewaysScroll = async () => {
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll, page.url()).toBeLessThanOrEqual(widths.client);
  };

  await page.goto("/admin/cursos/nuevo");
  await page.getByRole("button", { name: "Guardar curso" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("Escriba el nombre del curso.");
  await expect(page.getByTestId("error-summary")).toContainText("Elija la modalidad del curso.");
  await noSidewaysScroll();
  await expectNoAxeViolationsWithoutJavaScript(page);

  const name = `Curso sin JavaScript ${run}`;
  await page.getByLabel("Nombre del curso").fill(name);
  await page.getByLabel("Fecha de inicio").fill("2027-06-07");
  await page.getByLabel("Fecha de término").fill("2027-06-11");
  await page.getByLabel("Mes del catálogo").selectOption({ label: "Junio" });
  await page.getByRole("radio", { name: "En línea", exact: true }).check();
  await page.getByRole("radio", { name: "Personas" }).check();
  await page.getByLabel("Cupo presencial").fill("0");
  await page.getByLabel("Precio para externos").fill("800");
  await page.getByLabel("Imagen de la tarjeta").setInputFiles({ name: "portada.png", mimeType: "image/png", buffer: samplePng() });
  await page.getByRole("button", { name: "Guardar curso" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await noSidewaysScroll();
  const saved = await db
    .selectFrom("courses")
    .select(["course_price", "course_able", "course_image_file_id"])
    .where("course_name", "=", name)
    .executeTakeFirstOrThrow();
  expect(saved).toMatchObject({ course_price: 80000, course_able: 0 });
  expect(saved.course_image_file_id).not.toBeNull();

  for (const path of ["/admin/cursos", "/admin/estudiantes", "/admin/revision"]) {
    await page.goto(path);
    await noSidewaysScroll();
    await expectNoAxeViolationsWithoutJavaScript(page);
  }
  await context.close();
});
