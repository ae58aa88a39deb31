import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { FILE_MESSAGES, UPLOAD_FAILED_MESSAGE } from "../../app/accounts/documents";
import { SESSION_COOKIE_NAME } from "../../app/accounts/session.server";
import { db } from "../../app/db.server";
import { createParticipant, deleteParticipants, sessionCookieFor } from "../factories";
import { samplePdf } from "../support/sample-files";
import { expect, expectNoAxeViolations, test } from "./fixtures";

// Issue 21: a file the browser refused, then a good one in the same field. Whatever the browser
// said about the first file goes as soon as the second is chosen, and the form is sent.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-upload-recovery-e2e-"));
const files = { big: path.join(dir, "cedula-escaneada.pdf"), small: path.join(dir, "cedula.pdf") };
// A real PDF header padded past 1 MB (1.5 MB), and one of about 16 kB.
fs.writeFileSync(files.big, Buffer.concat([samplePdf(), Buffer.alloc(1_500_000, 0x20)]));
fs.writeFileSync(files.small, Buffer.concat([samplePdf(), Buffer.alloc(16_000, 0x20)]));

const created: number[] = [];
test.afterAll(async () => deleteParticipants(created));

/** Chooses a file the way a person does: a click on the field opens the picker. */
async function choose(page: Page, input: Locator, file: string) {
  const chooser = page.waitForEvent("filechooser");
  await input.click();
  await (await chooser).setFiles(file);
}

test("registration: a file over 1 MB, then a good one in the same field, and «Registrarme» registers", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const email = `recupera.${Date.now()}@example.com`;
  await page.goto("/register");
  await page.waitForFunction(() => document.querySelector("#registro")?.hasAttribute("novalidate"));
  const form = page.locator("form#registro");
  await form.getByRole("radio", { name: "Externo", exact: true }).check();
  await form.getByLabel("Nombre completo").fill("Persona Que Corrige");
  await form.getByLabel("Correo electrónico").fill(email);
  await form.getByLabel("Contraseña", { exact: true }).fill("Pediatria-2025!");
  await form.getByLabel("Edad (años cumplidos)").fill("29");
  await form.getByLabel("Teléfono").fill("5552289917");
  await form.getByRole("radio", { name: "Sí", exact: true }).check();
  await form.getByLabel("Nacionalidad").fill("Mexicana");
  await form.getByLabel("Estado de residencia").selectOption("Yucatán");
  await form.getByLabel("Grado", { exact: true }).selectOption("Enfermero(a)");
  await form.getByLabel("Institución", { exact: true }).selectOption("SSA");

  const licence = form.getByLabel("Cédula profesional");
  const field = page.locator(".field--file");
  await choose(page, licence, files.big);
  await expect(field.getByText(FILE_MESSAGES.tooLarge)).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: UPLOAD_FAILED_MESSAGE })).toBeVisible();
  // Pressed with the big file: nothing is sent, the summary names the file's problem.
  await page.getByRole("button", { name: "Registrarme" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary.getByRole("link", { name: FILE_MESSAGES.tooLarge })).toBeVisible();
  expect(posts).toEqual([]);

  // Fixing another field and leaving it does not send focus to the refused file.
  await form.getByLabel("Nombre completo").fill("Persona Que Corrige Su Archivo");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Correo electrónico")).toBeFocused();

  // The good file: the field and the summary let go of the old message at once.
  await choose(page, licence, files.small);
  await expect(field.getByText(FILE_MESSAGES.tooLarge)).toHaveCount(0);
  await expect(licence).not.toHaveAttribute("aria-invalid", "true");
  await expect(licence).not.toHaveAttribute("data-refused");
  await expect(summary).toHaveCount(0);

  await page.getByRole("button", { name: "Registrarme" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Registro completado")).toBeVisible();
  expect(posts).toHaveLength(1);
  const row = await db.selectFrom("participants").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  created.push(row.id);
  const documents = await db.selectFrom("participant_documents").select("kind").where("participant_id", "=", row.id).execute();
  expect(documents).toEqual([{ kind: "professional_license" }]);
});

test("profile: after a refused replacement, a good file clears the field's message and replaces the document", async ({ page, context, baseURL }) => {
  const participant = await createParticipant(
    { role: "EXTERNO" },
    { documents: [{ kind: "professional_license", file: { fileName: "cedula.pdf", contentType: "application/pdf", data: samplePdf() } }] },
  );
  created.push(participant.id);
  const cookie = await sessionCookieFor(participant);
  await context.addCookies([{ name: SESSION_COOKIE_NAME, value: cookie.slice(SESSION_COOKIE_NAME.length + 1), url: baseURL! }]);
  const stored = await db
    .selectFrom("participant_documents")
    .select(["id", "file_id"])
    .where("participant_id", "=", participant.id)
    .executeTakeFirstOrThrow();

  await page.goto("/profile");
  const card = page.locator(`form#documento-${stored.id}`);
  const input = card.locator('input[type="file"]');
  await expect(card).toHaveAttribute("novalidate", "");

  // A file put in the field without the browser's check (as when «Reemplazar» is pressed before
  // the check has read the file's first bytes) reaches the server, which refuses it.
  await page.evaluate((id) => {
    const field = document.querySelector<HTMLInputElement>(`form#documento-${id} input[type="file"]`)!;
    const transfer = new DataTransfer();
    transfer.items.add(new File(["solo texto"], "falso.pdf", { type: "application/pdf" }));
    field.files = transfer.files;
  }, stored.id);
  await card.getByRole("button", { name: "Reemplazar documento" }).click();
  await expect(card.getByText(FILE_MESSAGES.wrongType)).toBeVisible();
  await expect(input).toHaveAttribute("aria-invalid", "true");

  // A file over 1 MB: the browser's own message replaces the server's, and nothing is sent.
  await choose(page, input, files.big);
  await expect(card.getByText(FILE_MESSAGES.tooLarge)).toBeVisible();
  await expect(card.getByText(FILE_MESSAGES.wrongType)).toHaveCount(0);
  await card.getByRole("button", { name: "Reemplazar documento" }).click();
  await expect(input).toBeFocused();

  // The good file: nothing said about the earlier files stays.
  await choose(page, input, files.small);
  await expect(card.getByText(FILE_MESSAGES.tooLarge)).toHaveCount(0);
  await expect(card.getByText(FILE_MESSAGES.wrongType)).toHaveCount(0);
  await expect(input).not.toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await card.getByRole("button", { name: "Reemplazar documento" }).click();
  await expect(page.getByText("Recibimos su documento. Quedó pendiente de revisión.")).toBeVisible();
  const after = await db.selectFrom("participant_documents").select("file_id").where("id", "=", stored.id).executeTakeFirstOrThrow();
  expect(after.file_id).not.toBe(stored.file_id);
});
