import crypto from "node:crypto";
import { registerParticipant } from "../../app/accounts/participants.server";
import { db } from "../../app/db.server";
import { samplePdf } from "../support/sample-files";
import { expect, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";

// Issue 20: a participant the old client registered without the graduated answer is asked it at
// their first sign-in, before anything else — a plain form that works without JavaScript.
const PASSWORD = "Pediatria-2025!";

test.use({ javaScriptEnabled: false });

test("the first sign-in asks «¿Ya se graduó?», answered with the keyboard, then the profile", async ({ page }) => {
  const email = `sin-respuesta-${crypto.randomUUID()}@example.com`;
  const outcome = await registerParticipant(
    db,
    {
      name: "Raúl Sin Respuesta",
      grade: "Médico",
      institution: "IMSS",
      email,
      password: PASSWORD,
      age: 40,
      graduated: null,
      nationality: "Mexicana",
      state: "Ciudad de México",
      phone: "5512345678",
      role: "EXTERNO",
    },
    [{ kind: "professional_license", file: { fileName: "cedula.pdf", contentType: "application/pdf", data: samplePdf() } }],
  );
  if (!outcome.ok) throw new Error("no participant");

  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto("/userlogin");
  const signIn = page.locator("form#inicio-sesion");
  await signIn.getByLabel("Correo electrónico").fill(email);
  await signIn.getByLabel("Contraseña").fill(PASSWORD);
  await signIn.getByRole("button", { name: "Iniciar sesión" }).click();

  await expect(page).toHaveURL(/\/profile\/egresado\?redirectTo=%2Fprofile$/);
  const question = page.getByRole("group", { name: "¿Ya se graduó?" });
  await expect(question).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoAxeViolationsWithoutJavaScript(page);

  // The profile waits for the answer.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/profile\/egresado\?redirectTo=%2Fprofile$/);

  await question.getByLabel("No").focus();
  await page.keyboard.press("Space");
  await expect(question.getByLabel("No")).toBeChecked();
  await page.getByRole("button", { name: "Guardar y continuar" }).focus();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Gracias. Guardamos su respuesta.")).toBeVisible();
  await expect(page.locator("dt", { hasText: "Egresado(a)" }).locator("+ dd")).toHaveText("No");
});
