import { describe, expect, test } from "vitest";
import { createUserSession, deleteExpiredSessions, destroyUserSession, getSessionUser } from "~/accounts/session.server";
import { db } from "~/db.server";

function requestWith(setCookie: string) {
  const cookie = setCookie.split(";")[0]!;
  return new Request("http://localhost/", { headers: { Cookie: cookie } });
}

describe("server-side sessions", () => {
  test("keep the data in SQLite; the cookie carries only a signed id", async () => {
    const setCookie = await createUserSession({ id: 450123, name: "Ana Pérez" });
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toContain("Ana");
    expect(await getSessionUser(requestWith(setCookie))).toEqual({ id: 450123, name: "Ana Pérez" });
    const rows = await db.selectFrom("sessions").select("data").execute();
    expect(rows.some((r) => r.data.includes("450123"))).toBe(true);
  });

  test("issue a new id at every sign-in", async () => {
    const a = await createUserSession({ id: 1, name: "A" });
    const b = await createUserSession({ id: 1, name: "A" });
    expect(a.split(";")[0]).not.toEqual(b.split(";")[0]);
  });

  test("end on the server at sign-out, so the old cookie no longer works", async () => {
    const setCookie = await createUserSession({ id: 7, name: "Luis" });
    const request = requestWith(setCookie);
    await destroyUserSession(request);
    expect(await getSessionUser(request)).toBeNull();
  });

  test("expire", async () => {
    const setCookie = await createUserSession({ id: 8, name: "Eva" });
    await db.updateTable("sessions").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect(await getSessionUser(requestWith(setCookie))).toBeNull();
    await createUserSession({ id: 9, name: "Old" });
    await db.updateTable("sessions").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect(await deleteExpiredSessions()).toBeGreaterThan(0);
  });

  test("reject a forged cookie", async () => {
    const forged = new Request("http://localhost/", { headers: { Cookie: "himfg_session=abc.def" } });
    expect(await getSessionUser(forged)).toBeNull();
  });
});
