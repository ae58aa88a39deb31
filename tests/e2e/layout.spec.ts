import type { Page } from "@playwright/test";
import { setChosenCourse, SESSION_COOKIE_NAME } from "../../app/accounts/session.server";
import { db } from "../../app/db.server";
import { expect, test } from "./fixtures";
import { signInAsNewParticipant } from "./participants";

// No page may scroll sideways on the narrowest phone we support (WCAG 1.4.10 Reflow asks for
// 320 CSS px). One address per page type, with JavaScript on, after the page has hydrated.
test.use({ viewport: { width: 320, height: 640 } });

/**
 * Fails with the elements that stick out, so a failure says what to fix. Elements inside a
 * container that scrolls on its own (a table wrapper with overflow-x: auto) are fine.
 */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const scrollsOnItsOwn = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (["auto", "scroll", "hidden", "clip"].includes(style.overflowX)) return true;
      }
      return false;
    };
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 1 && (box.right > width + 0.5 || box.left < -0.5) && !scrollsOnItsOwn(element);
      })
      .slice(0, 8)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const classes = typeof element.className === "string" && element.className ? `.${element.className.trim().split(/\s+/).join(".")}` : "";
        return `${element.tagName.toLowerCase()}${classes} [${Math.round(box.left)}…${Math.round(box.right)}]`;
      });
    return { scrollWidth: root.scrollWidth, clientWidth: width, culprits };
  });
  expect(overflow.scrollWidth, `${page.url()} is ${overflow.scrollWidth}px wide; sticking out: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(
    overflow.clientWidth,
  );
}

/** Opens a page and waits for it (and its styles, fonts and pictures) to load. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  await page.waitForLoadState("load");
}

const anonymousPages: { type: string; path: string }[] = [
  { type: "home", path: "/" },
  { type: "direction", path: "/direccion/medica" },
  { type: "department", path: "/direccion/departamento-de-cardiologia" },
  { type: "research unit", path: "/investigadores/15" },
  { type: "information page", path: "/convocatoria/registro" },
  { type: "information page served by code", path: "/mision-y-vision" },
  { type: "privacy notices", path: "/avisos-de-privacidad" },
  { type: "gallery", path: "/legado-artistico" },
  { type: "gallery picture", path: "/legado-artistico/1" },
  { type: "library", path: "/hemerobiblioteca" },
  // The contact tab holds a long e-mail address that once widened the page to 414 px.
  { type: "library contact tab", path: "/hemerobiblioteca#panel-contacto" },
  { type: "transparency groups", path: "/transparencia/informacion-financiera" },
  { type: "procurement", path: "/adquisiciones" },
  { type: "yearbooks", path: "/anuarios-estadisticos" },
  { type: "search results", path: "/buscar?q=pediatria" },
  { type: "catalogue", path: "/ensenanza/offer" },
  { type: "course page", path: "/cursos2025/reanimacion-neonatal" },
  { type: "programme page", path: "/ensenanza/offer/programa/271" },
  { type: "clinical session", path: "/sesion-clinico-patologica" },
  { type: "video", path: "/video/scp-2024" },
  { type: "register", path: "/register" },
  { type: "sign-in", path: "/userlogin" },
  { type: "password reset request", path: "/recuperar-contrasena" },
  { type: "not found", path: "/no-existe-esta-pagina" },
];

for (const { type, path } of anonymousPages) {
  test(`no sideways scroll at 320 px: ${type} (${path})`, async ({ page }) => {
    if (type === "not found") {
      await page.goto(path);
    } else {
      await open(page, path);
    }
    await expectNoSidewaysScroll(page);
  });
}

for (const width of [320, 375]) {
  test(`the programme dialog on a ${width} px phone: Cerrar fits its button, Entrar al curso is in view`, async ({ page }) => {
    await page.setViewportSize({ width, height: 640 });
    // Curso de Reanimación Cardiopulmonar Pediátrica (seed): a long name, a PDF and an entry page.
    await open(page, "/ensenanza/offer?mes=10");
    const card = page.locator(`article[data-course-id="286"]`);
    await card.getByRole("button", { name: "Programa" }).click();
    const dialog = page.getByRole("dialog", { name: "Programa: Curso de Reanimación Cardiopulmonar Pediátrica" });
    await expect(dialog).toBeVisible();
    const close = dialog.getByRole("button", { name: /Cerrar/ });
    const fits = await close.evaluate((button) => button.scrollWidth <= button.clientWidth && button.scrollHeight <= button.clientHeight);
    expect(fits, "the word Cerrar stays inside its button").toBe(true);
    const closeBox = (await close.boundingBox())!;
    const dialogBox = (await dialog.boundingBox())!;
    expect(closeBox.x + closeBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
    // Reachable without scrolling inside the dialog: fully in view as it opens.
    await expect(dialog.getByRole("link", { name: "Entrar al curso" })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole("link", { name: /Abrir el programa en PDF/ })).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page);
  });
}

test("no sideways scroll at 320 px: profile (signed in)", async ({ page, context, baseURL }) => {
  await signInAsNewParticipant(context, baseURL!);
  await open(page, "/profile");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

// The payment page and its result were ~445 px wide before issue 11.
test("no sideways scroll at 320 px: payment page and result", async ({ page, context, baseURL }) => {
  const courseId = 8700 + Math.floor(Math.random() * 90);
  await db
    .insertInto("courses")
    .values({
      course_id: courseId,
      course_name: `Curso de diseño ${courseId}`,
      course_start_date: "2027-03-01",
      course_finish_date: "2027-03-05",
      course_price: 125000,
      course_student_price: 50000,
      course_employee_price: 0,
      course_able: 1,
      course_max_range: 5,
      modality_id: 1,
      month_id: 2,
      venue: "Auditorio Dr. Federico Gómez",
    })
    .execute();
  const participant = await signInAsNewParticipant(context, baseURL!);
  await setChosenCourse(new Request(baseURL!, { headers: { Cookie: `${SESSION_COOKIE_NAME}=${participant.cookieValue}` } }), courseId);
  await open(page, "/payment");
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Pagar con tarjeta" }).click();
  await page.getByRole("button", { name: "Abrir la ventana de pago" }).click();
  await page
    .getByRole("dialog", { name: "Simulador de pago Banorte" })
    .getByRole("button", { name: /4111 1111 1111 1111/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Pago aprobado" })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
