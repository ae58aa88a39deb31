import crypto from "node:crypto";
import fs from "node:fs";
import { db } from "../../app/db.server";
import { STAFF_COOKIE_NAME } from "../../app/staff/session.server";
import { generateTotp } from "../../app/staff/totp.server";
import { mexicoCityStamp } from "../../app/utils/mexico-city";
import { createDonation, createInvoiceRequest, createSignedInStaff } from "../factories";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { signInAsStaff } from "./staff-session";

// Finance's day (issue 13, "Staff"): a donation made by card (put in the database directly: the
// public form is its own journey), found with the filters, opened, exported and invoiced.
test.describe.configure({ timeout: 120_000 });

const run = crypto.randomUUID().slice(0, 8).toUpperCase();

test("a finance member finds a donation, opens it, exports the list and marks its invoice request facturada", async ({ page, browser, baseURL }) => {
  const donorName = `Fundación Esperanza ${run}`;
  const createdAt = new Date().toISOString();
  const donation = await createDonation({ donorName, amountCentavos: 250_000, letter: true, taxCertificate: true, createdAt });
  const requestId = await createInvoiceRequest({ donationId: donation.id }, { legal_name: `Fundación Esperanza ${run} A.C.` });
  await createDonation({ donorName: `Tarjeta Declinada ${run}`, status: "rechazada" });
  // The donation's day in Mexico City (today, unless a midnight passes during the journey).
  const dayOf = (iso: string) => mexicoCityStamp(iso).slice(0, 10);
  const today = dayOf(createdAt);

  // The real two-step sign-in: password, then the current TOTP code.
  const finance = await createSignedInStaff(db, "finanzas");
  await page.goto("/admin/login");
  await page.getByLabel("Correo electrónico").fill(finance.user.email);
  await page.getByLabel("Contraseña").fill("clave-de-personal-larga");
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel("Código de verificación").fill(generateTotp(finance.secret));
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  await page.getByRole("navigation", { name: "Área del personal" }).getByRole("link", { name: "Donativos" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Donativos" })).toBeVisible();
  await expect(page.getByRole("link", { name: donorName })).toBeVisible();
  await expectNoAxeViolations(page);

  // Filters: approved, with an invoice request, today in Mexico City.
  await page.getByLabel("Estado").selectOption("aprobada");
  await page.getByLabel("Desde").fill(today);
  await page.getByLabel("Hasta").fill(today);
  await page.getByLabel("Factura").selectOption("con");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/estado=aprobada/);
  await expect(page).toHaveURL(/factura=con/);
  const table = page.getByTestId("donations-table");
  await expect(table.getByRole("link", { name: donorName })).toBeVisible();
  await expect(table).not.toContainText(`Tarjeta Declinada ${run}`);
  await expect(table.getByRole("row", { name: new RegExp(donorName) })).toContainText("$2,500.00");

  // The export carries the same filters.
  const csvDownload = page.waitForEvent("download");
  const exportStarted = dayOf(new Date().toISOString());
  await page.getByRole("link", { name: "Exportar CSV" }).click();
  const download = await csvDownload;
  // Named after the day of the export, by the server's clock (read between these two moments).
  expect([`donativos-${exportStarted}.csv`, `donativos-${dayOf(new Date().toISOString())}.csv`]).toContain(download.suggestedFilename());
  const csv = fs.readFileSync((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.subarray(3).toString("utf8").trim().split("\r\n");
  expect(lines[0]).toContain("Número de control,Donante,Correo electrónico,Importe (MXN),Estado");
  const ours = lines.find((line) => line.includes(donation.controlNumber));
  expect(ours).toContain(`,${donorName},`);
  expect(ours).toContain(",2500.00,Aprobada,");
  expect(ours).toContain(",Pendiente,");
  expect(lines.some((line) => line.includes(`Tarjeta Declinada ${run}`))).toBe(false);

  // The detail: donor, amount, control number, the attempt and the files (served to staff only).
  await table.getByRole("link", { name: donorName }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Donativo de ${donorName}` })).toBeVisible();
  await expect(page.getByText(donation.controlNumber).first()).toBeVisible();
  await expect(page.getByText("$2,500.00 MXN")).toBeVisible();
  await expect(page.getByRole("heading", { name: new RegExp(`Intento ${donation.controlNumber}: Aprobado`) })).toBeVisible();
  const letterHref = await page.getByRole("link", { name: "Carta de intención" }).getAttribute("href");
  const letter = await page.request.get(letterHref!);
  expect(letter.status()).toBe(200);
  expect(letter.headers()["content-type"]).toBe("application/pdf");
  expect((await letter.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const anonymous = await browser.newContext({ baseURL });
  expect((await anonymous.request.get(letterHref!, { maxRedirects: 0 })).status()).toBe(303);
  await anonymous.close();
  await expectNoAxeViolations(page);

  // The invoice queue: a hostile folio is refused with the reason, then the real one is recorded.
  await page.getByRole("link", { name: "Ir a la cola de facturas" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Solicitudes de factura" })).toBeVisible();
  const row = page.getByTestId(`solicitud-${requestId}`);
  await row.getByLabel(`Folio del CFDI de la solicitud ${requestId}`).fill("=HYPERLINK(1)");
  await row.getByRole("button", { name: `Marcar como facturada la solicitud ${requestId}` }).click();
  await expect(row.getByTestId("error-summary")).toContainText("solo con letras sin acentos, números y guiones");
  await expect(row.getByLabel(`Folio del CFDI de la solicitud ${requestId}`)).toHaveValue("=HYPERLINK(1)");
  await expectNoAxeViolations(page);
  await row.getByLabel(`Folio del CFDI de la solicitud ${requestId}`).fill(`CFDI-${run}`);
  await row.getByRole("button", { name: `Marcar como facturada la solicitud ${requestId}` }).click();
  await expect(page.getByText(`La solicitud ${requestId} quedó marcada como facturada con el folio CFDI-${run}.`).first()).toBeVisible();
  // The queue came filtered to pending requests: this one has left it, and shows under «Facturadas».
  await expect(page).toHaveURL(/estado=pendiente/);
  await expect(row).toHaveCount(0);
  await page.getByLabel("Mostrar").selectOption("facturada");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(row).toContainText(`Facturada: folio CFDI-${run}`);
  await expect(row.getByRole("button")).toHaveCount(0);
  const audit = await db
    .selectFrom("audit_log")
    .selectAll()
    .where("entity", "=", "invoice_request")
    .where("entity_id", "=", String(requestId))
    .execute();
  expect(audit.map((a) => [a.action, a.actor_email])).toEqual([["factura.marcar", finance.user.email]]);
  await expectNoAxeViolations(page);

  // Without JavaScript the list's filters are a plain GET form.
  const noJs = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const cookie = (await page.context().cookies()).find((c) => c.name === STAFF_COOKIE_NAME)!;
  await noJs.addCookies([cookie]);
  const plain = await noJs.newPage();
  await plain.goto("/admin/donativos");
  await plain.getByLabel("Factura").selectOption("sin");
  await plain.getByRole("button", { name: "Filtrar" }).click();
  await expect(plain).toHaveURL(/factura=sin/);
  await expect(plain.getByTestId("donations-table")).toContainText(`Tarjeta Declinada ${run}`);
  await expect(plain.getByTestId("donations-table")).not.toContainText(donorName);
  await expectNoAxeViolationsWithoutJavaScript(plain);
  await noJs.close();

  // No sideways scroll at 320 px: the wide tables scroll inside their own focusable region.
  await page.setViewportSize({ width: 320, height: 800 });
  for (const path of ["/admin/donativos", `/admin/donativos/${donation.id}`, "/admin/facturas"]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
  }
});

test("a Teaching-office member is refused the finance screens", async ({ page, context, baseURL }) => {
  await signInAsStaff(context, baseURL!, "ensenanza");
  await page.goto("/admin/dashboard");
  const nav = page.getByRole("navigation", { name: "Área del personal" });
  await expect(nav.getByRole("link", { name: "Cursos", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Donativos" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Facturas" })).toHaveCount(0);
  for (const path of ["/admin/donativos", "/admin/facturas"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.getByText("no tiene permiso para usar esta página")).toBeVisible();
    await expectNoAxeViolations(page);
  }
  const exported = await page.request.get("/admin/donativos/exportar?formato=csv");
  expect(exported.status()).toBe(403);
});
