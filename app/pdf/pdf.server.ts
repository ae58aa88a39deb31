import type { Browser, HTTPRequest, Page, PaperFormat } from "puppeteer-core";
import { chromiumArgs, chromiumExecutablePath } from "~/utils/chromium.server";
import { onShutdown } from "~/utils/shutdown.server";
import { singleton } from "~/utils/singleton.server";

/**
 * HTML → PDF with one headless Chromium for the whole process (decision 0011).
 *
 * The browser is launched on the first render, reused by every later one, and launched again
 * when it has died. Its pages are kept in a small pool and reused (opening and closing a page
 * per render made 5 renders at once take 1.2 s; issue 11): every page has JavaScript disabled and
 * every request other than data: URLs aborted, so a template can neither run script nor reach the
 * network: everything it needs (CSS, fonts, images) must be inlined in the HTML string. Each
 * render replaces the whole document (setContent), so nothing of one render survives into the
 * next; a page whose render failed is closed, never reused.
 */

export interface PdfOptions {
  /** Paper size; A4 unless told otherwise. */
  format?: Extract<PaperFormat, "A4" | "Letter" | "a4" | "letter">;
  landscape?: boolean;
  /** CSS lengths; 15 mm on every side unless told otherwise. */
  margin?: { top?: string; right?: string; bottom?: string; left?: string };
  /** Called with the URL of every request the page tried to make and was refused. */
  onBlockedRequest?: (url: string) => void;
}

/** Renders running at once; more wait their turn (each page costs Chromium memory). */
const MAX_CONCURRENT_PAGES = 3;
/** Idle pages kept open for the next renders. */
const POOL_SIZE = MAX_CONCURRENT_PAGES;
/** A render that takes longer than this is broken (nothing is fetched), not slow. */
const RENDER_TIMEOUT_MS = 20_000;
/**
 * Second wall behind request interception: every connection goes to a proxy on the discard port
 * of the loopback (nothing listens there), loopback included. Interception aborts requests, but
 * Chromium still preconnects (TCP, no HTTP) to an iframe's host before the request is paused;
 * with this, even that reaches no real host.
 */
const NO_NETWORK_ARGS = ["--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>"];
const DEFAULT_MARGIN = { top: "15mm", right: "15mm", bottom: "15mm", left: "15mm" };

interface PdfState {
  /** The browser being launched or running; null before the first render and after it died. */
  browser: Promise<Browser> | null;
  launches: number;
  /** The running Chromium's process id (tests kill it to prove the relaunch). */
  pid: number | null;
  shutdownRegistered: boolean;
  activePages: number;
  waiting: Array<() => void>;
  /** Ready pages of the running browser, for the next renders. */
  idlePages: Page[];
  /** Pages opened in this process (the pool keeps this at most POOL_SIZE per browser). */
  pagesOpened: number;
}

const state = singleton<PdfState>("pdf-renderer", () => ({
  browser: null,
  launches: 0,
  pid: null,
  shutdownRegistered: false,
  activePages: 0,
  waiting: [],
  idlePages: [],
  pagesOpened: 0,
}));

/** The current render's callback for refused requests, per pooled page. */
const blockedRequestListeners = new WeakMap<Page, ((url: string) => void) | undefined>();

async function launchBrowser(): Promise<Browser> {
  // Loaded when Chromium is first launched, not at start (decision 0063).
  const { default: puppeteer } = await import("puppeteer-core");
  const browser = await puppeteer.launch({
    executablePath: chromiumExecutablePath(),
    args: [...chromiumArgs, ...NO_NETWORK_ARGS],
    headless: true,
    // DevTools over a pipe, not a port: no debugging port open on the box, and Chromium exits when
    // its pipe closes, i.e. when this process ends however it ends. Over a WebSocket, a server
    // killed outright (SIGKILL, the OOM killer) left Chromium running, one more at each restart.
    pipe: true,
    // The server's own shutdown closes the browser (onShutdown below), not Puppeteer's handlers.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  state.launches += 1;
  state.pid = browser.process()?.pid ?? null;
  return browser;
}

function getBrowser(): Promise<Browser> {
  if (!state.shutdownRegistered) {
    state.shutdownRegistered = true;
    onShutdown(closePdfBrowser);
  }
  if (state.browser) return state.browser;
  const launching = launchBrowser().then(
    (browser) => {
      // A crashed or killed Chromium: forget it so that the next render launches a new one.
      browser.once("disconnected", () => {
        if (state.browser === launching) {
          state.browser = null;
          state.pid = null;
        }
      });
      return browser;
    },
    (error: unknown) => {
      if (state.browser === launching) state.browser = null;
      throw error;
    },
  );
  state.browser = launching;
  return launching;
}

async function acquirePageSlot(): Promise<void> {
  if (state.activePages < MAX_CONCURRENT_PAGES) {
    state.activePages += 1;
    return;
  }
  // The releasing render hands its slot over directly, so activePages stays the same.
  await new Promise<void>((resolve) => state.waiting.push(resolve));
}

function releasePageSlot() {
  const next = state.waiting.shift();
  if (next) next();
  else state.activePages -= 1;
}

/** The running browser, launching one when there is none or the last one is gone. */
async function connectedBrowser(): Promise<Browser> {
  const launching = getBrowser();
  const browser = await launching;
  if (browser.connected) return browser;
  // It died and 'disconnected' has not been delivered yet: launch a new one now.
  if (state.browser === launching) state.browser = null;
  return getBrowser();
}

async function newPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  state.pagesOpened += 1;
  page.setDefaultTimeout(RENDER_TIMEOUT_MS);
  await page.setJavaScriptEnabled(false);
  await page.setRequestInterception(true);
  page.on("request", (request: HTTPRequest) => {
    const url = request.url();
    if (url.startsWith("data:")) {
      void request.continue();
    } else {
      blockedRequestListeners.get(page)?.(url);
      void request.abort("blockedbyclient");
    }
  });
  return page;
}

function takeIdlePage(browser: Browser): Page | undefined {
  // Pages of a browser that has since died or been replaced are of no use.
  state.idlePages = state.idlePages.filter((page) => page.browser() === browser && !page.isClosed());
  return state.idlePages.pop();
}

async function renderInBrowser(browser: Browser, html: string, options: PdfOptions): Promise<Buffer> {
  const page = takeIdlePage(browser) ?? (await newPage(browser));
  let reusable = false;
  try {
    blockedRequestListeners.set(page, options.onBlockedRequest);
    await page.setContent(html, { waitUntil: "load", timeout: RENDER_TIMEOUT_MS });
    const pdf = await page.pdf({
      format: options.format ?? "A4",
      landscape: options.landscape ?? false,
      margin: { ...DEFAULT_MARGIN, ...options.margin },
      printBackground: true,
      timeout: RENDER_TIMEOUT_MS,
    });
    reusable = true;
    return Buffer.from(pdf);
  } finally {
    blockedRequestListeners.set(page, undefined);
    if (reusable && browser.connected && state.idlePages.length < POOL_SIZE) {
      state.idlePages.push(page);
    } else {
      await page.close().catch(() => {
        // The browser may have died with the page; nothing left to close.
      });
    }
  }
}

/** Renders a self-contained HTML document (inline CSS, data: URL images and fonts) to a PDF. */
export async function renderPdf(html: string, options: PdfOptions = {}): Promise<Buffer> {
  await acquirePageSlot();
  try {
    const browser = await connectedBrowser();
    try {
      return await renderInBrowser(browser, html, options);
    } catch (error) {
      // The browser died under this render (crash, OOM kill): try once more in a new one.
      if (browser.connected) throw error;
      return await renderInBrowser(await connectedBrowser(), html, options);
    }
  } finally {
    releasePageSlot();
  }
}

/**
 * Launches the browser and renders one tiny PDF, so the first real render (a participant's access
 * PDF) does not pay for a cold Chromium (4–10 s in a fresh container; issue 24). The server calls
 * it right after it starts listening, without waiting: /healthz is ready meanwhile, and a render
 * asked for during the warm-up shares the launch under way. Resolves with the milliseconds it took.
 */
export async function warmPdfBrowser(): Promise<number> {
  const started = performance.now();
  await renderPdf('<!doctype html><html lang="es-MX"><title>.</title><p>.</p></html>');
  return Math.round(performance.now() - started);
}

/** Closes the shared browser (server shutdown, end of a test file). The next render relaunches it. */
export async function closePdfBrowser(): Promise<void> {
  const launching = state.browser;
  state.browser = null;
  state.pid = null;
  state.idlePages = [];
  if (!launching) return;
  const browser = await launching.catch(() => null);
  if (browser?.connected) await browser.close();
}

/** How many times this process has launched Chromium for PDFs, and the running one's pid. */
export function pdfBrowserStatus(): { launches: number; pid: number | null; pagesOpened: number } {
  return { launches: state.launches, pid: state.pid, pagesOpened: state.pagesOpened };
}
