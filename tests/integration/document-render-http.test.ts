import { beforeAll, describe, expect, test } from "vitest";
import { useSeededSite } from "../support/test-server";
import { createParticipant, sessionCookieFor } from "../factories";

// How a document is rendered (app/entry.server.tsx, decision 0062), on the real Express app and
// the real Remix build: a page without React in the browser in one renderToString, with no data
// stream for hydration; a hydrating page streamed with the data its scripts read.
const site = useSeededSite();
let sessionCookie = "";

beforeAll(async () => {
  sessionCookie = await sessionCookieFor(await createParticipant({ name: "Inés Documento Ruiz" }));
});

async function html(path: string, cookie?: string) {
  const response = await fetch(`${site.baseUrl}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return { status: response.status, type: response.headers.get("Content-Type"), text: await response.text() };
}

describe("document rendering", () => {
  test("a page that does not hydrate (signed-in /profile): a whole document, no hydration data, its own page script", async () => {
    const page = await html("/profile", sessionCookie);
    expect(page.status).toBe(200);
    expect(page.type).toBe("text/html; charset=utf-8");
    expect(page.text.startsWith("<!DOCTYPE html><html")).toBe(true);
    expect(page.text.endsWith("</body></html>")).toBe(true);
    expect(page.text).toContain("Inés Documento Ruiz");
    expect(page.text).not.toContain("__remixContext");
    expect(page.text).toMatch(/<script type="module" src="\/build\/page-script\/index-[A-Z0-9]+\.js"><\/script>/);
  });

  test("a page that hydrates (/admin/login): the data stream is read and sent, closed, inside the body", async () => {
    const page = await html("/admin/login");
    expect(page.status).toBe(200);
    expect(page.text.startsWith("<!DOCTYPE html><html")).toBe(true);
    expect(page.text).toContain("window.__remixContext.streamController.enqueue(");
    expect(page.text).toContain("window.__remixContext.streamController.close();");
    expect(page.text.endsWith("</body></html>")).toBe(true);
  });

  test("an unknown address renders the not-found page in one pass, 404", async () => {
    const page = await html("/no-existe-esta-pagina");
    expect(page.status).toBe(404);
    expect(page.text.startsWith("<!DOCTYPE html><html")).toBe(true);
    expect(page.text).not.toContain("__remixContext");
  });
});
