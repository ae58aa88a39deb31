import { beforeAll, describe, expect, test } from "vitest";
import { useSeededSite } from "../support/test-server";
import { createParticipant, sessionCookieFor } from "../factories";
import { db } from "~/db.server";

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

  // The header and footer of such a page are rendered once per chrome, signed-in name and current
  // link, then reused (RequestInfo.prerendered in entry.server.tsx).
  test("a reused header still shows who is signed in, marks the current page and follows a menu edit", async () => {
    const other = await sessionCookieFor(await createParticipant({ name: "Tomás Segundo Ortega" }));
    const signedInAs = (text: string) => /<p class="brand-bar__user">Sesión de ([^<]*)<\/p>/.exec(text)?.[1];
    const current = (text: string) => [...text.matchAll(/<a href="([^"]*)" aria-current="page"/g)].map((match) => match[1]);

    for (const [cookie, name] of [
      [sessionCookie, "Inés Documento Ruiz"],
      [other, "Tomás Segundo Ortega"],
      [sessionCookie, "Inés Documento Ruiz"],
    ] as const) {
      const page = await html("/profile", cookie);
      expect(signedInAs(page.text)).toBe(name);
      // Desktop and mobile menus: the profile link is the current one, in both.
      expect(current(page.text)).toEqual(["/profile", "/profile"]);
    }
    const offer = await html("/ensenanza/offer", other);
    expect(signedInAs(offer.text)).toBe("Tomás Segundo Ortega");
    expect(current(offer.text)).toEqual(["/ensenanza/offer", "/ensenanza/offer"]);
    // Anonymous: no name, the sign-in links instead, and the home link current on the home page.
    const home = await html("/");
    expect(signedInAs(home.text)).toBeUndefined();
    expect(home.text).toContain('<a href="/userlogin">Iniciar sesión</a>');
    expect(current(home.text)).toEqual(["/", "/"]);

    // A menu edit bumps the content version: the next page shows the new label, header and footer.
    const label = `Perfil ${Date.now()}`;
    await db.updateTable("menu_links").set({ label }).where("menu", "=", "sesion").where("href", "=", "/profile").execute();
    const footerLabel = `Misión ${Date.now()}`;
    await db.updateTable("menu_links").set({ label: footerLabel }).where("menu", "=", "pie").where("href", "=", "/mision-y-vision").execute();
    const edited = await html("/profile", sessionCookie);
    expect(edited.text).toContain(`<a href="/profile" aria-current="page" class="main-nav__link">${label}</a>`);
    expect(edited.text).toContain(`<a href="/mision-y-vision">${footerLabel}</a>`);
  });
});
