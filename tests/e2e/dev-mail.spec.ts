import { db } from "../../app/db.server";
import { stopMailCapture } from "../../app/mail/capture.server";
import { sendMail } from "../../app/mail/mailer.server";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { waitForMail } from "../support/mail";

// The e2e server runs without SMTP_URL, so /dev/correos is on. The message is sent from this
// process over real SMTP to a capture of its own that writes to the same SQLite file the server
// reads (DATABASE_PATH is shared, see playwright.config.ts).
const RECIPIENT = `e2e-${Date.now()}@ejemplo.mx`;
const PDF = Buffer.from("%PDF-1.4\n% constancia de prueba\n%%EOF\n", "latin1");

// axe cannot run inside a frame sandboxed without scripts (it waits for a script context that
// never comes), and that frame is the e-mail's content, not our page.
const AROUND_MAIL_FRAME = { exclude: ["iframe.dev-mail__frame"] };

test.afterAll(async () => {
  await stopMailCapture();
});

test("a developer reads a captured message: list, headers, sandboxed HTML and attachment", async ({ page }) => {
  // Three axe scans at a few seconds each.
  test.setTimeout(60_000);
  const outcome = await sendMail({
    to: RECIPIENT,
    subject: "Restablezca su contraseña",
    text: "Hola Ana:\nUse este enlace para elegir una contraseña nueva.\n",
    html: '<h1 style="color:#9f2241">Hola Ana</h1><p>Use este enlace.</p><script>document.body.textContent = "EJECUTADO"</script>',
    attachments: [{ filename: "Constancia de inscripción.pdf", content: PDF, contentType: "application/pdf" }],
  });
  expect(outcome.ok).toBe(true);
  const mail = await waitForMail(db, { to: RECIPIENT, subject: "Restablezca" });

  await page.goto(`/dev/correos?para=${encodeURIComponent(RECIPIENT)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Correos capturados" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoAxeViolationsWithoutJavaScript(page);
  await page.getByRole("link", { name: "Restablezca su contraseña" }).click();

  await expect(page).toHaveURL(`/dev/correos/${mail.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Restablezca su contraseña" })).toBeVisible();
  await expect(page.locator(".dev-mail__text")).toContainText("Use este enlace para elegir una contraseña nueva.");
  const frame = page.frameLocator("iframe.dev-mail__frame");
  await expect(frame.getByRole("heading", { name: "Hola Ana" })).toBeVisible();
  // The message's script never ran.
  await expect(frame.locator("body")).not.toContainText("EJECUTADO");
  await expect(page.locator("iframe.dev-mail__frame")).toHaveAttribute("sandbox", "");
  await expectNoAxeViolations(page, AROUND_MAIL_FRAME);

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Constancia de inscripción.pdf" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe("Constancia de inscripción.pdf");
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
});

test("a developer reads every message the site sends, rendered with sample data", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto("/dev/correos");
  await page.getByRole("link", { name: "Ver cada mensaje del sitio con datos de ejemplo" }).click();
  await expect(page).toHaveURL("/dev/correos/mensajes");
  await expect(page.getByRole("heading", { level: 1, name: "Mensajes del sitio" })).toBeVisible();
  const section = page.locator("#restablecer-contrasena");
  await expect(section.getByRole("heading", { level: 2, name: "Restablecer su contraseña" })).toBeVisible();
  await expect(section.locator(".dev-mail__text")).toContainText("Para elegir una nueva contraseña, abra este enlace");
  // The HTML part, escaped, in the same sandboxed frame as a captured message's.
  const confirmed = page.frameLocator("#inscripcion-confirmada iframe.dev-mail__frame");
  await expect(confirmed.locator("body")).toContainText("Urgencias pediátricas <avanzado> & más");
  await expect(confirmed.getByRole("link", { name: "http://localhost:3000/profile" })).toBeVisible();
  await expectNoAxeViolations(page, AROUND_MAIL_FRAME);
  await expectNoAxeViolationsWithoutJavaScript(page, AROUND_MAIL_FRAME);
});
