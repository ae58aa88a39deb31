import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { requestPasswordReset } from "~/accounts/password-reset.server";
import { createUserFromApi } from "~/api/create-user.server";
import { stageUpload } from "~/api/staged-uploads.server";
import { siteOrigin, siteUrl } from "~/config.server";
import { db } from "~/db.server";
import { sendDocumentsDecisionMail, sendSentToReviewMail } from "~/enrolment/enrolment-mail.server";
import { startMailCapture, stopMailCapture } from "~/mail/capture.server";
import { listCapturedMail, type CapturedMail } from "~/mail/outbox.server";
import { mailApproval, mailPaymentNotConfirmed } from "~/payments/settle.server";
import { closePdfBrowser } from "~/pdf/pdf.server";
import { inviteStaffByEmail } from "~/staff/staff-members.server";
import { reviewParticipant } from "~/staff/teaching/document-review.server";
import { originFor } from "~/staff/teaching/route-helpers.server";
import {
  createCourse,
  createDonation,
  createEnrolment,
  createParticipant,
  createParticipantWithDocuments,
  createPaymentAttempt,
  createSignedInStaff,
  createStaffContext,
} from "../factories";
import { samplePdf } from "../support/sample-files";
import { waitForMail } from "../support/mail";

// Issue 21: every e-mail carries full links built from the site's address (siteUrl: PUBLIC_URL,
// or in a demo without it http://localhost:PORT), in its text and its HTML, never a bare path
// such as "(/profile)" nor the Host a request came with. The main flows' mails are captured in
// mail_outbox, once for a demo and once configured for real use.
afterAll(async () => {
  await stopMailCapture();
  await closePdfBrowser();
});

const certificateDir = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-mail-links-"));
const certificatePath = path.join(certificateDir, "banorte.pem");
fs.writeFileSync(certificatePath, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
afterAll(() => fs.rmSync(certificateDir, { recursive: true, force: true }));

/** A site path not preceded by an address: "(/profile)", " /profile", «/profile»… */
const BARE_PATH = /(^|[\s(«"'<>=])\/(?!\/)[\w-]/m;
const LINK = /https?:\/\/[^\s<>"')»]+/g;
/** Every href= and src= of an HTML part, quoted or not. */
const ATTRIBUTE = /\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

const decode = (value: string) => value.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_entity, name: string) => ENTITIES[name]!);

/** The addresses an HTML part links to or loads (href, src), entities decoded. */
function htmlAddresses(html: string): string[] {
  return [...html.matchAll(ATTRIBUTE)].map((match) => decode(match[1] ?? match[2] ?? match[3] ?? ""));
}

/** What a reader sees of an HTML part: its text, tags dropped (an end tag "</p>" is no path) and entities decoded. */
const htmlText = (html: string) => decode(html.replace(/<[^>]*>/g, " "));

/**
 * Every link of the text part and every href/src of the HTML part starts with the site's address
 * (`origin`, or one of them for the whole run's check), and neither the text nor what the HTML
 * shows keeps a bare path.
 */
function expectFullLinks(mail: CapturedMail, origin: string | readonly string[]) {
  const origins = typeof origin === "string" ? [origin] : origin;
  const ours = (link: string) => origins.some((start) => link.startsWith(`${start}/`));
  const html = mail.html ?? "";
  for (const part of [mail.text, htmlText(html)]) {
    expect(part, mail.subject).not.toMatch(BARE_PATH);
    for (const link of part.match(LINK) ?? []) expect(ours(link), `${mail.subject}: ${link}`).toBe(true);
  }
  for (const address of htmlAddresses(html)) expect(ours(address), `${mail.subject} (HTML): ${address}`).toBe(true);
  return [mail.text, html].join("\n");
}

const runs = [
  {
    name: "a demo without PUBLIC_URL: the address the server listens at",
    origin: "http://localhost:4555",
    env: (): Record<string, string | undefined> => ({ DEMO_MODE: "true", PUBLIC_URL: undefined, PORT: "4555", SMTP_URL: undefined }),
  },
  {
    name: "real use (DEMO_MODE=false, PUBLIC_URL=https://example.org, mail over SMTP_URL)",
    origin: "https://example.org",
    env: async (): Promise<Record<string, string | undefined>> => {
      // The "real" SMTP server is the capture's listener: mail goes out over SMTP_URL and lands in mail_outbox.
      const smtp = await startMailCapture({ port: 0 });
      return {
        NODE_ENV: "production",
        DEMO_MODE: "false",
        PUBLIC_URL: "https://example.org/",
        PORT: "4556",
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        PAYMENT_PROVIDER: "banorte",
        BANORTE_MERCHANT_ID: "1234567",
        BANORTE_USER: "usuario",
        BANORTE_PASSWORD: "secreto",
        BANORTE_TERMINAL_ID: "12345678",
        BANORTE_CERTIFICATE_PATH: certificatePath,
      };
    },
  },
];

describe.each(runs)("$name", ({ origin, env }) => {
  const saved = { ...process.env };
  beforeAll(async () => {
    for (const [key, value] of Object.entries(await env())) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    expect(siteOrigin()).toBe(origin);
  });
  afterAll(async () => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  });

  test("siteUrl makes one address from a site path and refuses anything else", () => {
    expect(siteUrl("/profile")).toBe(`${origin}/profile`);
    expect(siteUrl("/restablecer-contrasena?token=a%2Fb")).toBe(`${origin}/restablecer-contrasena?token=a%2Fb`);
    expect(() => siteUrl("profile")).toThrow();
    expect(() => siteUrl("//evil.example/x")).toThrow();
    // A staff route's origin is the configured one, whatever Host the request came with.
    expect(originFor(new Request("http://evil.example/admin/estudiantes/1", { method: "POST" }))).toBe(origin);
  });

  test("registration through the API, password reset, staff invitation, and a document review that rejects a document", async () => {
    const email = `registro.${Date.now()}.${origin.length}@example.com`;
    const staged = await stageUpload(db, { fileName: "cedula.pdf", contentType: "application/pdf", data: samplePdf() }, "192.0.2.7", siteOrigin());
    const created = await createUserFromApi(
      db,
      {
        student_name: "Ana Martínez López",
        student_grade: "Médico",
        student_institution: "IMSS",
        student_email: email,
        student_age: 34,
        student_graduated: "SÍ",
        student_nationality: "Mexicana",
        student_state: "Jalisco",
        student_phone: 3312345678,
        student_role: "EXTERNO",
        student_license: staged.fileUrl,
      },
      { clientAddress: "192.0.2.7", origin: siteOrigin() },
    );
    expect(created).toMatchObject({ ok: true, passwordMailed: true });
    const welcome = expectFullLinks(await waitForMail(db, { to: email, subject: "Elija la contraseña" }), origin);
    expect(welcome).toContain(`${origin}/restablecer-contrasena?token=`);
    expect(welcome).toContain(`${origin}/recuperar-contrasena`);

    await requestPasswordReset(db, email, siteOrigin());
    const reset = expectFullLinks(await waitForMail(db, { to: email, subject: "Restablecer su contraseña" }), origin);
    expect(reset).toContain(`${origin}/restablecer-contrasena?token=`);

    const admin = await createSignedInStaff(db, "admin");
    const invitee = `invitada.${Date.now()}.${origin.length}@himfg.test`;
    expect(
      await inviteStaffByEmail(
        db,
        { actor: admin.user, requestId: null },
        { email: invitee, name: "Persona Invitada", role: "comunicacion" },
        siteOrigin(),
      ),
    ).toMatchObject({
      ok: true,
      mailSent: true,
    });
    const invitation = expectFullLinks(await waitForMail(db, { to: invitee, subject: "Su acceso al área del personal" }), origin);
    expect(invitation).toContain(`${origin}/admin/configurar?token=`);

    // The document review that rejects a document named «Mi perfil» as a bare "(/profile)".
    const ctx = await createStaffContext();
    const student = await createParticipantWithDocuments("ESTUDIANTE");
    const outcome = await reviewParticipant(db, ctx, {
      participantId: student.id,
      decisions: student.documents.map((document) => ({ documentId: document.id, approve: false, reason: "La credencial está vencida." })),
      // What the staff route passes: originFor(request), here with a Host the sender chose.
      origin: originFor(new Request("http://evil.example/admin/estudiantes", { method: "POST" })),
    });
    expect(outcome).toMatchObject({ ok: true, rejected: 2 });
    const mail = expectFullLinks(await waitForMail(db, { to: student.email, subject: "reemplace sus documentos" }), origin);
    expect(mail).toContain(`${origin}/profile`);
    expect(mail).not.toContain("evil.example");
  });

  test("a course payment approved, the enrolment confirmed, sent to review, refused, and a payment the bank did not confirm", async () => {
    const participant = await createParticipant();
    const courseId = await createCourse();
    const enrolmentId = await createEnrolment(participant.id, courseId, { amount_centavos: 150000 });
    const attempt = await createPaymentAttempt(enrolmentId, { status: "approved", referencia: "123456789012" });
    await mailApproval(db, attempt.id, siteOrigin());
    const receipt = expectFullLinks(await waitForMail(db, { to: participant.email, subject: "Recibo de pago" }), origin);
    expect(receipt).toContain(`${origin}/profile`);
    const confirmed = expectFullLinks(await waitForMail(db, { to: participant.email, subject: "Inscripción confirmada" }, 30_000), origin);
    expect(confirmed).toContain(`${origin}/profile`);

    const inReview = await createEnrolment(participant.id, await createCourse(), { status: "pendiente_de_revision" });
    await sendSentToReviewMail(db, inReview);
    expect(expectFullLinks(await waitForMail(db, { to: participant.email, subject: "Documentación en revisión" }), origin)).toContain(
      `${origin}/profile`,
    );

    const refused = await createEnrolment(participant.id, await createCourse(), { status: "rechazada" });
    await sendDocumentsDecisionMail(db, refused, siteOrigin());
    expect(expectFullLinks(await waitForMail(db, { to: participant.email, subject: "Documentación no aprobada" }), origin)).toContain(
      `${origin}/profile`,
    );

    const unconfirmed = await createPaymentAttempt(await createEnrolment(participant.id, await createCourse(), { status: "pendiente_de_pago" }), {
      status: "declined",
    });
    await mailPaymentNotConfirmed(db, unconfirmed.id);
    expect(expectFullLinks(await waitForMail(db, { to: participant.email, subject: "Pago no confirmado" }), origin)).toContain(
      `${origin}/ensenanza/offer`,
    );
  }, 60_000);

  test("a donation receipt, and a donation the bank did not confirm", async () => {
    const donation = await createDonation();
    await mailApproval(db, donation.attemptId, siteOrigin());
    const donor = (await db.selectFrom("donations").select("donor_email").where("id", "=", donation.id).executeTakeFirstOrThrow()).donor_email;
    expectFullLinks(await waitForMail(db, { to: donor, subject: "Recibo de su donativo" }, 30_000), origin);

    const declined = await createDonation({ status: "rechazada" });
    await mailPaymentNotConfirmed(db, declined.attemptId);
    const declinedDonor = (await db.selectFrom("donations").select("donor_email").where("id", "=", declined.id).executeTakeFirstOrThrow())
      .donor_email;
    expect(expectFullLinks(await waitForMail(db, { to: declinedDonor, subject: "No pudimos confirmar su donativo" }), origin)).toContain(
      `${origin}/donacion`,
    );
  }, 60_000);

  test("every message this run captured passes the same check", async () => {
    const captured = await listCapturedMail(db, { limit: 500 });
    expect(captured.length).toBeGreaterThan(0);
    // Each run's messages are told apart by the address their links start with; none has another's.
    for (const mail of captured) expectFullLinks(mail, ["http://localhost:4555", "https://example.org"]);
  });
});
