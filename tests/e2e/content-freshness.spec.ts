import { setSessionVideo } from "../support/session-video";
import { expect, test } from "./fixtures";

const MONTHS = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];

test("/favicon.ico is a real icon", async ({ request }) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const bytes = await response.body();
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
});

test("the 2024 session video page promises the recording only when there is one", async ({ page }) => {
  await setSessionVideo("");
  await page.goto("/video/scp-2024");
  await expect(page.getByText("Todavía no hay un video publicado de esta sesión.")).toBeVisible();
  await expect(page.locator("main")).not.toContainText(/grabación completa/i);

  await setSessionVideo("https://www.youtube-nocookie.com/embed/abcDEF12345");
  try {
    await page.goto("/video/scp-2024");
    await expect(page.getByText("Vea la grabación completa de la sesión.")).toBeVisible();
    await expect(page.getByRole("button", { name: /Reproducir el video/ })).toBeVisible();
  } finally {
    await setSessionVideo("");
  }
});

test("the clinical session page asks for nothing before a date that has passed", async ({ page }) => {
  // The page speaks in Mexico City days: after 18:00 there, UTC is already tomorrow. Read before
  // the page is rendered, so a midnight in between cannot make the server's today our yesterday.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(new Date());
  await page.goto("/sesion-clinico-patologica");
  await expect(page.getByRole("link", { name: /Formulario de registro/ })).toBeVisible();
  const text = (await page.locator("main").textContent()) ?? "";
  const dates = [...text.matchAll(new RegExp(`(\\d{1,2}) de (${MONTHS.join("|")}) de (\\d{4})`, "gi"))].map(
    ([, day, month, year]) => `${year}-${String(MONTHS.indexOf(month!.toLowerCase()) + 1).padStart(2, "0")}-${day!.padStart(2, "0")}`,
  );
  expect(dates.filter((date) => date < today)).toEqual([]);
  await expect(page.locator("main")).not.toContainText(/antes del \d/);
});
