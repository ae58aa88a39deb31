import { gzipSync } from "node:zlib";
import type { APIRequestContext, BrowserContext, Page, Request as PlaywrightRequest } from "@playwright/test";
import { setChosenCourse, SESSION_COOKIE_NAME } from "../../app/accounts/session.server";
import { MODALITY } from "../../app/courses/modality";
import { db } from "../../app/db.server";
import { createCourse, nextCourseId } from "../factories";
import { expect, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { signInAsNewParticipant } from "./participants";

// /payment and /donacion without React (issue 22): plain server-rendered forms, and the card step
// run by the page script (app/enhance/card-checkout.ts) from what the server put in the page.
test.describe.configure({ timeout: 60_000 });

const PAGE_SCRIPT = /\/build\/page-script\/index-[A-Za-z0-9]+\.js$/;
const SIMULATOR_SCRIPT = "/simulador-banorte/checkoutV2.js";

async function paidCourse() {
  const id = await nextCourseId();
  return createCourse({
    course_id: id,
    course_name: `Curso ligero ${id}`,
    course_price: 125000,
    course_student_price: 50000,
    course_employee_price: 0,
    course_max_range: 5,
    modality_id: MODALITY.EN_LINEA,
    // April: a month no other journey pages through (the catalogue shows 12 a page, and the
    // Teaching-office journey expects its new course on March's first page).
    month_id: 3,
  });
}

/** A participant signed in in `context` with a paid course chosen (kept in the server session). */
async function buyer(context: BrowserContext, baseURL: string) {
  const courseId = await paidCourse();
  const participant = await signInAsNewParticipant(context, baseURL, { role: "EXTERNO" });
  await setChosenCourse(new Request(baseURL, { headers: { Cookie: `${SESSION_COOKIE_NAME}=${participant.cookieValue}` } }), courseId);
  return participant;
}

/** Every script the document references (script src and module preloads), as addresses. */
function referencedScripts(html: string): string[] {
  const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!);
  return [...sources, ...preloads];
}

async function gzippedBytes(request: APIRequestContext, addresses: string[]): Promise<number> {
  let total = 0;
  for (const address of addresses) total += gzipSync(await (await request.get(address)).body(), { level: 9 }).length;
  return total;
}

function attribute(html: string, name: string): string {
  const value = new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];
  if (value === undefined) throw new Error(`${name} is not in the page`);
  return value.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

/** What the server put in the page for the started payment. */
function startedFromHtml(html: string) {
  return {
    params: attribute(html, "data-params"),
    controlNumber: attribute(html, "data-control-number"),
    relayToken: attribute(html, "data-relay-token"),
    resultPath: attribute(html, "data-result-path"),
  };
}

/**
 * Stands in for the provider's script: records what the page hands the widget and keeps the
 * callbacks, so the test plays the bank's part.
 */
async function recordWidget(page: Page) {
  await page.route(`**${SIMULATOR_SCRIPT}`, (route) =>
    route.fulfill({
      contentType: "text/javascript; charset=utf-8",
      body: `window.__widget = { envs: [], starts: [] };
window.Payment = {
  setEnv: function (env) { window.__widget.envs.push(env); },
  startPayment: function (options) {
    window.__widget.starts.push({ keys: Object.keys(options).sort(), Params: options.Params, callbacks: Object.keys(options).filter(function (k) { return typeof options[k] === "function"; }).sort() });
    window.__widget.options = options;
  }
};`,
    }),
  );
}

type Widget = { envs: string[]; starts: { keys: string[]; Params: unknown; callbacks: string[] }[] };

/** Scripts the browser fetched while on the site: only the page script (and the provider's). */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request: PlaywrightRequest) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

function expectOnlyPageScript(scripts: string[]) {
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script === SIMULATOR_SCRIPT || PAGE_SCRIPT.test(script), `${script} is not the page script`).toBe(true);
}

test("/payment and /donacion reference no React: only the page script, at most 60 KB gzip", async ({ page, context, baseURL, request }) => {
  await buyer(context, baseURL!);
  const scripts = watchScripts(page);
  for (const address of ["/payment", "/donacion"]) {
    const response = await page.goto(address);
    const html = await response!.text();
    const referenced = referencedScripts(html);
    expect(referenced).toHaveLength(1);
    expect(referenced[0]).toMatch(PAGE_SCRIPT);
    expect(await gzippedBytes(request, referenced)).toBeLessThanOrEqual(60 * 1024);
  }
  expectOnlyPageScript(scripts);
});

test("donation: the page script signals JavaScript, opens the widget with the server's Params only and relays its answer untouched", async ({
  page,
}) => {
  await recordWidget(page);
  const scripts = watchScripts(page);
  await page.goto("/donacion");
  await expect(page.getByText("El pago con tarjeta necesita JavaScript activado.")).toHaveCount(0);
  await page.getByLabel("$250.00").check();
  await page.getByLabel("Nombre del donante").fill("Fundación Ligera");
  await page.getByLabel("Correo electrónico").fill(`ligera-${Date.now()}@example.org`);
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/donacion");
  await page.getByRole("button", { name: "Continuar al pago con tarjeta" }).click();
  const server = startedFromHtml(await (await posted).text());
  expect(server.controlNumber).toMatch(/^HIMFGCURSOSDON[A-Z0-9]{10}$/);
  expect(server.resultPath).toBe(`/donacion/resultado/${server.controlNumber}`);

  await page.getByRole("button", { name: "Abrir la ventana de pago" }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __widget?: Widget }).__widget?.starts.length ?? 0)).toBe(1);
  const widget = await page.evaluate(() => (window as unknown as { __widget: Widget }).__widget);
  expect(widget.envs).toEqual(["pro"]);
  expect(widget.starts[0]).toEqual({
    keys: ["Params", "onCancel", "onClosed", "onError", "onSuccess"],
    callbacks: ["onCancel", "onClosed", "onError", "onSuccess"],
    Params: server.params,
  });

  const answer = { message: "Operación cancelada", extra: { nested: [1, "dos"] } };
  const relayed = page.waitForRequest((r) => new URL(r.url()).pathname === "/payment/relay");
  await page.evaluate(
    (value) => (window as unknown as { __widget: { options: { onCancel: (v: unknown) => void } } }).__widget.options.onCancel(value),
    answer,
  );
  expect((await relayed).postDataJSON()).toEqual({ kind: "cancel", controlNumber: server.controlNumber, token: server.relayToken, response: answer });
  await expect(page).toHaveURL(new RegExp(`${server.resultPath}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Operación cancelada" })).toBeVisible();
  const donation = await db.selectFrom("donations").select("status").where("control_number", "=", server.controlNumber).executeTakeFirstOrThrow();
  expect(donation.status).toBe("cancelada");
  expectOnlyPageScript(scripts);
});

test("course payment: «Pagar con tarjeta» comes from the page script; the simulator's lightbox opens on a page without React and its answer decides", async ({
  page,
  context,
  baseURL,
}) => {
  await buyer(context, baseURL!);
  const scripts = watchScripts(page);
  await page.goto("/payment");
  await expect(page.getByText("El pago con tarjeta necesita JavaScript activado en su navegador.")).toHaveCount(0);
  const started = page.waitForResponse(
    (r) => r.request().method() === "GET" && r.request().resourceType() === "document" && new URL(r.url()).pathname === "/payment",
  );
  await page.getByRole("button", { name: "Pagar con tarjeta" }).click();
  const server = startedFromHtml(await (await started).text());
  expect(server.resultPath).toBe(`/payment/resultado/${server.controlNumber}`);

  const relayed = page.waitForRequest((r) => new URL(r.url()).pathname === "/payment/relay");
  await page.getByRole("button", { name: "Abrir la ventana de pago" }).click();
  const dialog = page.getByRole("dialog", { name: "Simulador de pago Banorte" });
  await dialog.getByRole("button", { name: /4000 0000 0000 0002/ }).click();
  const body = (await relayed).postDataJSON() as { kind: string; controlNumber: string; token: string; response: { numeroControl?: string } };
  expect(body).toMatchObject({ kind: "success", controlNumber: server.controlNumber, token: server.relayToken });
  expect(body.response.numeroControl).toBe(server.controlNumber);
  await expect(page).toHaveURL(new RegExp(`${server.resultPath}$`), { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Pago rechazado" })).toBeVisible();
  expectOnlyPageScript(scripts);
});

test("without JavaScript both pages are plain HTML: no React referenced, the card step explains itself, nothing is created", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const participant = await buyer(context, baseURL!);

  const payment = await (await page.goto("/payment"))!.text();
  expect(referencedScripts(payment)).toEqual([expect.stringMatching(PAGE_SCRIPT)]);
  await expect(page.getByText("El pago con tarjeta necesita JavaScript activado en su navegador.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pagar con tarjeta" })).toHaveCount(0);
  await expectNoAxeViolationsWithoutJavaScript(page);

  const donation = await (await page.goto("/donacion"))!.text();
  expect(referencedScripts(donation)).toEqual([expect.stringMatching(PAGE_SCRIPT)]);
  // The invoice fields are there without JavaScript (the page script hides them until asked for).
  await expect(page.getByLabel("RFC")).toBeVisible();
  await page.getByLabel("$100.00").check();
  await page.getByLabel("Nombre del donante").fill("Sin JavaScript");
  await page.getByLabel("Correo electrónico").fill("sin-js-ligera@example.org");
  await page.getByRole("button", { name: "Continuar al pago con tarjeta" }).click();
  await expect(page.getByText("Sus datos están completos.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Abrir la ventana de pago" })).toHaveCount(0);
  expect(await db.selectFrom("donations").select("id").where("donor_email", "=", "sin-js-ligera@example.org").execute()).toEqual([]);
  expect(await db.selectFrom("enrolments").select("id").where("participant_id", "=", participant.id).execute()).toEqual([]);
  await context.close();
});

// Needs light-a's app/enhance/conditional-fields.ts (data-show-if) in the page script.
test("with JavaScript the donation's invoice fields show only while «Quiero factura» is ticked", async ({ page }) => {
  await page.goto("/donacion");
  const rfc = page.getByLabel("RFC");
  await expect(rfc).toBeHidden();
  await page.getByLabel("Quiero factura (CFDI) de mi donativo").check();
  await expect(rfc).toBeVisible();
  await page.getByLabel("Quiero factura (CFDI) de mi donativo").uncheck();
  await expect(rfc).toBeHidden();
});
