import fs from "node:fs";
import zlib from "node:zlib";
import { db } from "../../app/db.server";
import { deliverMail } from "../../app/mail/deliveries.server";
import { transmitMail } from "../../app/mail/mailer.server";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signInAsStaff } from "./staff-session";

// /admin/sistema (issue 24): an administrator sees a mail that failed with its error, retries it,
// takes a backup now and downloads it; axe-clean, and nothing scrolls sideways at 320 px.

/** A real failure through the real outbox: SMTP pointed at a closed port for this one message. */
async function failOneMail(subject: string) {
  const before = process.env.SMTP_URL;
  process.env.SMTP_URL = "smtp://127.0.0.1:9";
  try {
    const outcome = await deliverMail(db, { to: "familia.prueba@example.org", subject, text: "Texto del aviso." }, transmitMail);
    expect(outcome.ok).toBe(false);
  } finally {
    if (before === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = before;
  }
}

test("an administrator retries a failed mail, takes a backup and downloads it", async ({ browser, baseURL }) => {
  const subject = `Aviso de prueba ${Date.now()}`;
  await failOneMail(subject);
  const context = await browser.newContext({ acceptDownloads: true });
  await signInAsStaff(context, baseURL!, "admin");
  const page = await context.newPage();

  await page.goto("/admin/sistema");
  await expect(page.getByRole("heading", { level: 1, name: "Sistema" })).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Sistema" }).first()).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText("Fallido");
  await expect(row).toContainText("ECONNREFUSED");
  await expect(page.getByText(/correo\(s\) que no se pudieron enviar/)).toBeVisible();
  await expectNoAxeViolations(page);

  await row.getByRole("button", { name: `Reintentar «${subject}»` }).click();
  await expect(page.getByText(`Se envió el correo «${subject}».`)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: subject })).toHaveCount(0);
  const delivery = await db.selectFrom("mail_deliveries").select(["status", "attempts"]).where("subject", "=", subject).executeTakeFirstOrThrow();
  expect(delivery).toEqual({ status: "enviado", attempts: 2 });

  await page.getByRole("button", { name: "Respaldar ahora" }).click();
  await expect(page.getByText(/Respaldo guardado y revisado: himfg-.*\.db\.gz/)).toBeVisible();
  await expect(page.getByText(/revisado y correcto/)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page
      .getByRole("link", { name: /^Descargar himfg-/ })
      .first()
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^himfg-.*\.db\.gz$/);
  const bytes = zlib.gunzipSync(fs.readFileSync((await download.path())!));
  expect(bytes.subarray(0, 16).toString("latin1")).toBe("SQLite format 3\u0000");

  const audit = await db.selectFrom("audit_log").select("action").where("action", "in", ["mail.retry", "backup.create", "backup.download"]).execute();
  expect(audit.map((entry) => entry.action).sort()).toEqual(["backup.create", "backup.download", "mail.retry"]);

  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto("/admin/sistema");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await context.close();
});
