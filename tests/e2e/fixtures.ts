import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";
import type { ParticipantRole } from "../../app/db.server";
import { deleteParticipants } from "../factories";
import { signInAsNewParticipant } from "./participants";

/** WCAG 2.2 AA, the level every page must pass. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

export interface AxeScanOptions {
  /**
   * Selectors axe skips. Only for content that is not our page: e.g. a captured e-mail shown in
   * a frame sandboxed without scripts, where axe waits forever for a script context.
   */
  exclude?: string[];
}

export async function expectNoAxeViolations(page: Page, options: AxeScanOptions = {}) {
  // Only violations are read, so only they carry node details. (options() replaces what
  // withTags() set, so it comes first.)
  let builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).withTags(WCAG_TAGS);
  // A page without frames is scanned in place ("legacy mode"): the same rules and results in half
  // the time (~0.9 s against ~1.8 s on the CI machine), because the default mode injects axe a
  // second time into a blank page to merge the frames' results. A page with frames (a PDF, a
  // captured e-mail) keeps the default mode, the one that reaches cross-origin frames.
  if (page.frames().length === 1) builder = builder.setLegacyMode(true);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join("\n    ")}`,
  );
  expect(summary, `axe found WCAG 2.2 AA violations on ${page.url()}`).toEqual([]);
}

/**
 * axe cannot run in a page whose JavaScript is disabled, so this scans a twin: a fresh page that
 * receives exactly the same DOM (as the no-JS page shows it now) with every script blocked.
 */
export async function expectNoAxeViolationsWithoutJavaScript(page: Page, options: AxeScanOptions = {}) {
  const html = await page.content();
  const url = page.url();
  const context = await page
    .context()
    .browser()!
    .newContext({ viewport: page.viewportSize() ?? undefined, javaScriptEnabled: true });
  try {
    const twin = await context.newPage();
    await twin.route("**/*", async (route) => {
      const request = route.request();
      if (request.resourceType() === "script") return route.abort();
      // Only the top document is replaced; frames (a PDF, a map) load as they normally would.
      if (request.isNavigationRequest() && request.frame() === twin.mainFrame()) {
        return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
      }
      return route.continue();
    });
    await twin.goto(url);
    await expectNoAxeViolations(twin, options);
  } finally {
    await context.close();
  }
}

type SignInAsParticipant = (options?: { name?: string; role?: ParticipantRole }) => ReturnType<typeof signInAsNewParticipant>;

/**
 * The shape of the Epic Stack's playwright-utils: a fixture that makes the data a test needs and
 * removes it when the test ends, pass or fail. `signInAsParticipant()` registers a new participant,
 * signs this test's browser context in, and deletes the account afterwards (deleteParticipants
 * keeps one with card payments: the payment log is append-only).
 */
export const test = base.extend<{ signInAsParticipant: SignInAsParticipant }>({
  signInAsParticipant: async ({ context, baseURL }, use) => {
    const created: number[] = [];
    await use(async (options) => {
      const participant = await signInAsNewParticipant(context, baseURL!, options);
      created.push(participant.id);
      return participant;
    });
    await deleteParticipants(created);
  },
});
export { expect };
