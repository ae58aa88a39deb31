import net, { type AddressInfo } from "node:net";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readConfig } from "~/config.server";
import { db } from "~/db.server";
import { runningMailCapture, startMailCapture, stopMailCapture, type MailCapture } from "~/mail/capture.server";
import { assertMailConfigured, sendMail } from "~/mail/mailer.server";
import { getCapturedAttachment, listCapturedMail } from "~/mail/outbox.server";
import { loader as attachmentLoader } from "~/routes/dev.correos.$mailId_.adjuntos.$position";
import { loader as htmlLoader } from "~/routes/dev.correos.$mailId_.html";
import { loader as mailLoader } from "~/routes/dev.correos.$mailId";
import { loader as listLoader } from "~/routes/dev.correos._index";
import { startTestServer } from "../support/test-server";
import { waitForMail } from "../support/mail";

// Real SMTP end to end: nodemailer → the in-process smtp-server → mailparser → mail_outbox.

const RECIPIENT = "Ana.Peña@Ejemplo.mx";
const SUBJECT = "Confirmación de inscripción — Curso de Pediatría ñandú";
const TEXT = "Estimada Ana Peña:\n\nSu inscripción al curso «Urgencias pediátricas» quedó confirmada.\n¿Dudas? Escríbanos.\n";
const HTML = "<h1>¡Inscripción confirmada!</h1><p>Estimada <strong>Ana Peña</strong>: adjuntamos su constancia.</p><script>alert(1)</script>";
const PDF_NAME = "Constancia de inscripción (2025).pdf";

let pdfBytes: Buffer;
let capture: MailCapture;

async function makePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText("Constancia de inscripcion - Hospital Infantil de Mexico Federico Gomez", { x: 40, y: 780, size: 12, font });
  return Buffer.from(await pdf.save());
}

/** Runs fn with some environment variables changed, then restores them. */
async function withEnv<T>(changes: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(changes).map((key) => [key, process.env[key]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(changes);
  try {
    return await fn();
  } finally {
    apply(saved);
  }
}

/** Calls a loader with a real Request; a thrown Response (404...) is returned like any other. */
async function callLoader(
  loader: (args: LoaderFunctionArgs) => Promise<unknown>,
  url: string,
  params: Record<string, string> = {},
): Promise<unknown> {
  try {
    const context = { cspNonce: "", requestId: "test", clientAddress: "127.0.0.1" };
    return await loader({ request: new Request(`http://localhost${url}`), params, context });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function asResponse(value: unknown): Response {
  expect(value).toBeInstanceOf(Response);
  return value as Response;
}

async function freeClosedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_CAPTURE;
  pdfBytes = await makePdf();
  capture = await startMailCapture();
});

afterAll(async () => {
  await stopMailCapture();
});

describe("sending through the capture", () => {
  test("the capture listens on loopback, and starting it again returns the same server", async () => {
    expect(capture.host).toBe("127.0.0.1");
    expect(capture.port).toBeGreaterThan(0);
    expect(await startMailCapture()).toBe(capture);
    expect(await runningMailCapture()).toBe(capture);
  });

  test("a message with Spanish text, HTML and a PDF arrives intact over real SMTP", async () => {
    const outcome = await sendMail({
      to: RECIPIENT,
      subject: SUBJECT,
      text: TEXT,
      html: HTML,
      attachments: [{ filename: PDF_NAME, content: pdfBytes, contentType: "application/pdf" }],
    });
    expect(outcome).toMatchObject({ ok: true, rejected: [] });
    if (!outcome.ok) return;

    // Looked up by the recipient in another letter case, as a test that types the address would.
    const mail = await waitForMail(db, { to: "ana.peña@ejemplo.mx", subject: "Confirmación de inscripción" }, 5_000);
    expect(mail.messageId).toBe(outcome.messageId);
    expect(mail.subject).toBe(SUBJECT);
    expect(mail.text.trim()).toBe(TEXT.trim());
    expect(mail.html).toContain("<strong>Ana Peña</strong>");
    expect(mail.from).toBe('"Hospital Infantil de México Federico Gómez" <no-responder@himfg.edu.mx>');
    expect(mail.envelopeFrom).toBe("no-responder@himfg.edu.mx");
    // nodemailer writes the domain in lower case; the local part is kept as given.
    expect(mail.to).toBe("Ana.Peña@ejemplo.mx");
    expect(mail.envelopeTo).toEqual(["ana.peña@ejemplo.mx"]);
    expect(mail.rawSize).toBeGreaterThan(pdfBytes.byteLength);
    expect(mail.attachments).toEqual([{ position: 1, filename: PDF_NAME, contentType: "application/pdf", size: pdfBytes.byteLength }]);

    const stored = await getCapturedAttachment(db, mail.id, 1);
    expect(stored?.filename).toBe(PDF_NAME);
    expect(stored?.data.equals(pdfBytes)).toBe(true);
  });

  test("a text-only message has no HTML and no attachments; several recipients are all recorded", async () => {
    const outcome = await sendMail({ to: ["uno@ejemplo.mx", "dos@ejemplo.mx"], subject: "Recibo de pago", text: "Pago recibido: $1,500.00 MXN." });
    expect(outcome.ok).toBe(true);
    const mail = await waitForMail(db, { to: "dos@ejemplo.mx", subject: /^Recibo/ });
    expect(mail.html).toBeNull();
    expect(mail.attachments).toEqual([]);
    expect(mail.envelopeTo).toEqual(["uno@ejemplo.mx", "dos@ejemplo.mx"]);
    expect((await listCapturedMail(db, { to: "uno@ejemplo.mx" })).map((m) => m.id)).toEqual([mail.id]);
  });

  test("waitForMail fails clearly when no such message arrives", async () => {
    await expect(waitForMail(db, { to: "nadie@ejemplo.mx" }, 200)).rejects.toThrow("No captured mail to nadie@ejemplo.mx");
    await expect(waitForMail(db, { to: RECIPIENT, subject: "Otro asunto" }, 200)).rejects.toThrow(/within 200 ms/);
  });
});

describe("failures are outcomes, not crashes", () => {
  test("an SMTP_URL where no server listens gives an error outcome and stores nothing", async () => {
    const before = (await listCapturedMail(db)).length;
    const port = await freeClosedPort();
    const outcome = await withEnv({ SMTP_URL: `smtp://usuario:secreto@127.0.0.1:${port}` }, () =>
      sendMail({ to: "ana@ejemplo.mx", subject: "Restablezca su contraseña", text: "Enlace" }),
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.status).toBe(503);
    expect(outcome.problem.code).toMatch(/^E[A-Z]+$/);
    expect(outcome.problem.form[0]).toContain("ECONNREFUSED");
    expect(outcome.problem.form.join(" ")).not.toContain("secreto");
    expect((await listCapturedMail(db)).length).toBe(before);
  });

  test("smtps:// against a plain SMTP server fails as an outcome", async () => {
    const outcome = await withEnv({ SMTP_URL: `smtps://127.0.0.1:${capture.port}` }, () =>
      sendMail({ to: "ana@ejemplo.mx", subject: "Prueba TLS", text: "Hola" }),
    );
    expect(outcome.ok).toBe(false);
  });

  test("with capture off and no SMTP_URL, sending and starting both refuse", async () => {
    await withEnv({ MAIL_CAPTURE: "false", SMTP_URL: undefined, NODE_ENV: "production" }, async () => {
      expect(await sendMail({ to: "ana@ejemplo.mx", subject: "Hola", text: "Hola" })).toMatchObject({
        ok: false,
        status: 503,
        problem: { code: "ECONFIG" },
      });
      expect(() => assertMailConfigured()).toThrow(/SMTP_URL/);
    });
    expect(() => assertMailConfigured(readConfig({ NODE_ENV: "production" }))).not.toThrow();
    expect(assertMailConfigured(readConfig({ NODE_ENV: "production" }))).toBe("capture");
    expect(assertMailConfigured(readConfig({ NODE_ENV: "production", SMTP_URL: "smtp://mail.himfg.edu.mx:587" }))).toBe("smtp");
  });

  test("an SMTP_URL that is not an smtp:// URL is a configuration error", () => {
    expect(() => readConfig({ NODE_ENV: "test", SMTP_URL: "https://mail.example.org" })).toThrow(/SMTP_URL/);
    expect(readConfig({ NODE_ENV: "test", SMTP_URL: "" }).SMTP_URL).toBeUndefined();
  });

  test("a message without recipient is refused before any connection", async () => {
    expect(await sendMail({ to: " ", subject: "Hola", text: "Hola" })).toMatchObject({ ok: false, status: 503, problem: { code: "EENVELOPE" } });
  });
});

describe("the developer pages", () => {
  let mailId: number;

  beforeAll(async () => {
    const outcome = await sendMail({
      to: "revision@ejemplo.mx",
      subject: "Documentos en revisión",
      text: "Sus documentos están en revisión.",
      html: HTML,
      attachments: [{ filename: PDF_NAME, content: pdfBytes }],
    });
    expect(outcome.ok).toBe(true);
    mailId = (await waitForMail(db, { to: "revision@ejemplo.mx" })).id;
  });

  test("the list shows every captured message, newest first, and filters by recipient", async () => {
    const data = (await callLoader(listLoader, "/dev/correos")) as Awaited<ReturnType<typeof listLoader>>;
    expect(data.capturing).toBe(true);
    expect(data.captureAddress).toBe(`smtp://127.0.0.1:${capture.port}`);
    expect(data.mails[0]).toMatchObject({ id: mailId, subject: "Documentos en revisión", attachmentCount: 1 });
    expect(data.mails.map((mail) => mail.subject)).toContain(SUBJECT);
    const ids = data.mails.map((mail) => mail.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const filtered = (await callLoader(listLoader, `/dev/correos?para=${encodeURIComponent("ANA.PEÑA@ejemplo.mx")}`)) as typeof data;
    expect(filtered.mails.map((mail) => mail.subject)).toEqual([SUBJECT]);
  });

  test("one message shows its headers, text and attachments", async () => {
    const data = (await callLoader(mailLoader, `/dev/correos/${mailId}`, { mailId: String(mailId) })) as Awaited<ReturnType<typeof mailLoader>>;
    expect(data.mail).toMatchObject({ id: mailId, subject: "Documentos en revisión", text: expect.stringContaining("están en revisión") });
    expect(data.mail.attachments).toEqual([{ position: 1, filename: PDF_NAME, contentType: "application/pdf", size: pdfBytes.byteLength }]);
    for (const id of ["999999", "0", "abc", "1e3"]) {
      expect(asResponse(await callLoader(mailLoader, `/dev/correos/${id}`, { mailId: id })).status).toBe(404);
    }
  });

  test("the HTML is served with a sandboxing CSP, and the attachment as a byte-exact download", async () => {
    const html = asResponse(await callLoader(htmlLoader, `/dev/correos/${mailId}/html`, { mailId: String(mailId) }));
    expect(html.status).toBe(200);
    expect(html.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(html.headers.get("Content-Security-Policy")).toBe(
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'",
    );
    expect(await html.text()).toContain("¡Inscripción confirmada!");

    const download = asResponse(await callLoader(attachmentLoader, `/dev/correos/${mailId}/adjuntos/1`, { mailId: String(mailId), position: "1" }));
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment; filename="Constancia de inscripcion \(2025\).pdf"; filename\*=UTF-8''/);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdfBytes)).toBe(true);

    const missing = await callLoader(attachmentLoader, `/dev/correos/${mailId}/adjuntos/2`, { mailId: String(mailId), position: "2" });
    expect(asResponse(missing).status).toBe(404);
    // A text-only message has no HTML to frame.
    const textOnly = (await waitForMail(db, { to: "uno@ejemplo.mx" })).id;
    expect(asResponse(await callLoader(htmlLoader, `/dev/correos/${textOnly}/html`, { mailId: String(textOnly) })).status).toBe(404);
  });

  test("in production with SMTP_URL set, every developer route is a 404", async () => {
    await withEnv({ NODE_ENV: "production", SMTP_URL: "smtp://usuario:secreto@mail.himfg.edu.mx:587" }, async () => {
      const id = String(mailId);
      expect(asResponse(await callLoader(listLoader, "/dev/correos")).status).toBe(404);
      expect(asResponse(await callLoader(mailLoader, `/dev/correos/${id}`, { mailId: id })).status).toBe(404);
      expect(asResponse(await callLoader(htmlLoader, `/dev/correos/${id}/html`, { mailId: id })).status).toBe(404);
      expect(asResponse(await callLoader(attachmentLoader, `/dev/correos/${id}/adjuntos/1`, { mailId: id, position: "1" })).status).toBe(404);
    });
    // A production demo box without SMTP_URL captures mail, so the pages are there.
    await withEnv({ NODE_ENV: "production", SMTP_URL: undefined }, async () => {
      expect(await callLoader(listLoader, "/dev/correos")).not.toBeInstanceOf(Response);
    });
    // Decision 0014: the pages exist only where mail is captured (a demo), in any NODE_ENV.
    await withEnv({ NODE_ENV: "development", SMTP_URL: "smtp://mail.himfg.edu.mx:587" }, async () => {
      expect(asResponse(await callLoader(listLoader, "/dev/correos")).status).toBe(404);
    });
  });

  describe("through the real HTTP server and Remix build", () => {
    let baseUrl = "";
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ baseUrl, close } = await startTestServer());
    });

    afterAll(async () => close?.());

    test("the pages render in Spanish, unindexed, with the HTML in a sandboxed frame", async () => {
      const list = await fetch(`${baseUrl}/dev/correos`);
      expect(list.status).toBe(200);
      const listHtml = await list.text();
      expect(listHtml).toContain("Correos capturados");
      expect(listHtml).toContain('<meta name="robots" content="noindex"/>');
      expect(listHtml).toContain(`href="/dev/correos/${mailId}"`);

      const page = await fetch(`${baseUrl}/dev/correos/${mailId}`);
      expect(page.status).toBe(200);
      const pageHtml = await page.text();
      expect(pageHtml).toMatch(new RegExp(`<iframe[^>]*src="/dev/correos/${mailId}/html"[^>]*sandbox=""`));
      expect(pageHtml).toContain(`href="/dev/correos/${mailId}/adjuntos/1"`);
      // The site's own CSP still forbids inline styles on the page around the frame.
      expect(page.headers.get("content-security-policy")).toContain("style-src 'self'");
      expect(pageHtml).not.toContain("<script>alert(1)</script>");
    });

    test("the framed HTML gets only its own sandboxing CSP (the route's header replaces the site's)", async () => {
      const response = await fetch(`${baseUrl}/dev/correos/${mailId}/html`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-security-policy")).toBe(
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'",
      );
    });

    test("an unknown message is the site's Spanish 404 page", async () => {
      const response = await fetch(`${baseUrl}/dev/correos/987654`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("No encontramos esta página");
    });
  });
});
