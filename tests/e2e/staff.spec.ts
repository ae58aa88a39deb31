import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { db } from "../../app/db.server";
import { inviteStaff, setupLink } from "../../app/staff/staff-members.server";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { waitForMail } from "../support/mail";

// The staff foundation in a real browser: the first admin (made by the same code the
// `npm run staff:create` CLI runs) sets a password and TOTP, signs in with a code computed here,
// invites a Teaching-office member through the UI; the member sets up from the e-mailed link with
// JavaScript off and signs in; the Bitácora shows both steps with their author.

/**
 * The code an authenticator app would show for the next 30-second step. Set-up (or the last
 * sign-in) may have used the current step's code, which is accepted only once; the server accepts
 * one step of clock drift, so the next step's code is valid now and has not been used.
 */
function nextCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: Date.now() + 30_000 });
}
function currentCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate();
}

async function setUp(page: Page, password: string, options: { javaScript: boolean }) {
  await expect(page.getByRole("heading", { level: 1, name: "Configurar su acceso" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Código QR/ })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (options.javaScript) await expectNoAxeViolations(page);
  else await expectNoAxeViolationsWithoutJavaScript(page);

  // Every error at once: a common password, a mismatch, no code.
  await page.getByLabel("Contraseña nueva").fill("password");
  await page.getByLabel("Repita la contraseña").fill("otra");
  await page.getByRole("button", { name: "Guardar y entrar" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("muy común");
  await expect(summary).toContainText("no coinciden");
  await expect(summary).toContainText("código de 6 dígitos");

  const code = page.getByLabel("Código que muestra la aplicación");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await page.getByLabel("Contraseña nueva").fill(password);
  await page.getByLabel("Repita la contraseña").fill(password);
  await code.fill(currentCode(secret));
  await page.getByRole("button", { name: "Guardar y entrar" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return secret;
}

async function signIn(page: Page, email: string, password: string, secret: string, options: { javaScript: boolean }) {
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
  if (options.javaScript) await expectNoAxeViolations(page);
  else await expectNoAxeViolationsWithoutJavaScript(page);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Continuar" }).click();
  const code = page.getByLabel("Código de verificación");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  if (options.javaScript) await expectNoAxeViolations(page);
  else await expectNoAxeViolationsWithoutJavaScript(page);
  // A wrong code first: refused, in Spanish, nothing opens.
  await code.fill("000000");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("El código no es correcto");
  await page.getByLabel("Código de verificación").fill(nextCode(secret));
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test("the first admin sets up, signs in with TOTP, invites a Teaching member, who sets up without JavaScript; the Bitácora shows both", async ({
  page,
  browser,
  baseURL,
}) => {
  // A long journey (two set-ups, two sign-ins, a dozen axe scans) on a shared machine.
  test.setTimeout(240_000);
  const suffix = crypto.randomUUID().slice(0, 8);
  const adminEmail = `directora-${suffix}@himfg.test`;
  const memberEmail = `ensenanza-${suffix}@himfg.test`;
  const adminPassword = "Administra-2026!";
  const memberPassword = "Ensenanza-2026!";

  // What `npm run staff:create -- --email … --name … --role admin` does.
  const invited = await inviteStaff(db, { email: adminEmail, name: "Dra. Directora", role: "admin" }, null);
  if (!invited.ok) throw new Error("admin not created");
  // The server's own address (http://localhost:PORT in this demo, which has no PUBLIC_URL).
  const link = setupLink(invited.token, baseURL!);
  expect(link.startsWith(`${baseURL}/admin/configurar?token=`)).toBe(true);

  // Anonymous: /admin sends to the sign-in page with a return path.
  await page.goto("/admin/personal");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fpersonal$/);

  await page.goto(link);
  const adminSecret = await setUp(page, adminPassword, { javaScript: true });

  // The dashboard: the seed's links, and the admin's Personal and Bitácora.
  await expect(page.getByRole("heading", { level: 1, name: "Inicio del personal" })).toBeVisible();
  const sections = page.getByTestId("dashboard-links");
  await expect(sections.getByRole("link", { name: "Curso", exact: true })).toHaveAttribute("href", "/admin/cursos");
  await expect(sections.getByRole("link", { name: "Estudiantes", exact: true })).toHaveAttribute("href", "/admin/estudiantes");
  await expect(sections.getByRole("link", { name: "Bitácora", exact: true })).toHaveAttribute("href", "/admin/bitacora");
  await expect(sections.getByRole("link", { name: "Personal", exact: true })).toHaveAttribute("href", "/admin/personal");
  await expect(page.getByTestId("dashboard-figures")).toContainText("Ingresos con tarjeta este mes");
  await expectNoAxeViolations(page);

  // Sign out, then sign in with password and a TOTP code.
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signIn(page, adminEmail, adminPassword, adminSecret, { javaScript: true });

  // Invite a Teaching-office member through the staff screen.
  await page.getByRole("navigation", { name: "Área del personal" }).getByRole("link", { name: "Personal" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Personal" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("Escriba el nombre");
  await page.getByLabel("Nombre completo").fill("Lic. Enseñanza Pérez");
  await page.getByLabel("Correo electrónico").fill(memberEmail);
  await page.getByLabel("Función", { exact: true }).selectOption("ensenanza");
  await page.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(page.getByText(`Se envió la invitación a ${memberEmail}.`)).toBeVisible();
  await expect(page.getByRole("row", { name: /Lic\. Enseñanza Pérez/ })).toContainText("Invitación pendiente");

  const mail = await waitForMail(db, { to: memberEmail, subject: "área del personal" }, 10_000);
  const memberLink = new URL(mail.text.match(/https?:\/\/\S+\/admin\/configurar\?token=[A-Za-z0-9_-]+/)![0]);
  expect(memberLink.origin).toBe(new URL(baseURL!).origin);

  // The member, in their own browser, with JavaScript off.
  const memberContext = await browser.newContext({ javaScriptEnabled: false });
  try {
    const memberPage = await memberContext.newPage();
    await memberPage.goto(memberLink.pathname + memberLink.search);
    const memberSecret = await setUp(memberPage, memberPassword, { javaScript: false });
    const memberSections = memberPage.getByTestId("dashboard-links");
    await expect(memberSections.getByRole("link", { name: "Curso", exact: true })).toBeVisible();
    await expect(memberSections.getByRole("link", { name: "Estudiantes", exact: true })).toBeVisible();
    await expect(memberPage.getByRole("link", { name: "Bitácora", exact: true })).toHaveCount(0);
    await expect(memberPage.getByRole("link", { name: "Personal", exact: true })).toHaveCount(0);
    await expect(memberPage.getByTestId("documents-waiting").or(memberPage.getByText("No hay documentos esperando revisión."))).toBeVisible();
    await expectNoAxeViolationsWithoutJavaScript(memberPage);

    // Not an admin: the staff screen is refused in Spanish, with no data.
    const refused = await memberPage.goto("/admin/personal");
    expect(refused?.status()).toBe(403);
    expect(refused?.headers()["cache-control"]).toBe("no-store");
    await expect(memberPage.getByRole("heading", { level: 1 })).toHaveText("No tiene permiso para esta página");
    await expect(memberPage.locator("main")).not.toContainText(adminEmail);

    await memberPage.getByRole("button", { name: "Cerrar sesión" }).click();
    await signIn(memberPage, memberEmail, memberPassword, memberSecret, { javaScript: false });

    // No sideways scroll at 320 px.
    await memberPage.setViewportSize({ width: 320, height: 800 });
    await memberPage.reload();
    expect(await memberPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  } finally {
    await memberContext.close();
  }

  // The Bitácora: the invitation by the admin and the set-up by the member.
  await page.getByRole("navigation", { name: "Área del personal" }).getByRole("link", { name: "Bitácora" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bitácora" })).toBeVisible();
  const entries = page.getByTestId("audit-entries").locator(":scope > li");
  const invite = entries.filter({ hasText: "invitó a Lic. Enseñanza Pérez al área del personal" });
  await expect(invite.locator(".audit-entry__sentence")).toHaveText(/^.+ \(Administración\) invitó a Lic\. Enseñanza Pérez al área del personal\.$/);
  await expect(invite).toContainText(`Correo electrónico: ${memberEmail}`);
  await expect(invite).toContainText("Función: Dirección de Enseñanza");
  const setup = entries.filter({ hasText: "Lic. Enseñanza Pérez (Dirección de Enseñanza) configuró su acceso al área del personal" });
  await expect(setup).toHaveCount(1);
  await expectNoAxeViolations(page);

  // Filtered by the member as author: only their own step.
  await page.getByLabel("Persona", { exact: true }).selectOption({ label: "Lic. Enseñanza Pérez (Dirección de Enseñanza)" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/actor=\d+/);
  await expect(entries.filter({ hasText: "invitó a" })).toHaveCount(0);
  await expect(entries.filter({ hasText: "configuró su acceso" })).toHaveCount(1);
});
