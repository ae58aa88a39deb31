import { describe, expect, test } from "vitest";
import { createUserSession, deleteExpiredSessions, destroyUserSession, getSessionUser } from "~/accounts/session.server";
import { db } from "~/db.server";
import { createParticipant } from "../factories";

function newParticipant(name: string) {
  return createParticipant({ name, role: "PERSONAL_HIMFG" });
}

function requestWith(setCookie: string) {
  const cookie = setCookie.split(";")[0]!;
  return new Request("http://localhost/", { headers: { Cookie: cookie } });
}

describe("server-side sessions", () => {
  test("keep the data in SQLite; the cookie carries only a signed id", async () => {
    const ana = await newParticipant("Ana Pérez");
    const setCookie = await createUserSession({ id: ana.id, name: "Ana Pérez" });
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toContain("Ana");
    expect(await getSessionUser(requestWith(setCookie))).toEqual({ id: ana.id, name: "Ana Pérez", email: ana.email, profile: "PERSONAL_HIMFG" });
    const rows = await db.selectFrom("sessions").select("data").execute();
    expect(rows.some((r) => r.data.includes(String(ana.id)))).toBe(true);
  });

  test("read the participant from the database, so a deleted account is signed out", async () => {
    const luisa = await newParticipant("Luisa Gómez");
    const request = requestWith(await createUserSession({ id: luisa.id, name: luisa.name }));
    expect((await getSessionUser(request))?.name).toBe("Luisa Gómez");
    await db.updateTable("participants").set({ name: "Luisa Gómez Ruiz" }).where("id", "=", luisa.id).execute();
    expect((await getSessionUser(request))?.name).toBe("Luisa Gómez Ruiz");
    await db.deleteFrom("participants").where("id", "=", luisa.id).execute();
    expect(await getSessionUser(request)).toBeNull();
  });

  test("issue a new id at every sign-in", async () => {
    const a = await createUserSession({ id: 1, name: "A" });
    const b = await createUserSession({ id: 1, name: "A" });
    expect(a.split(";")[0]).not.toEqual(b.split(";")[0]);
  });

  test("end on the server at sign-out, so the old cookie no longer works", async () => {
    const luis = await newParticipant("Luis");
    const setCookie = await createUserSession({ id: luis.id, name: "Luis" });
    const request = requestWith(setCookie);
    expect(await getSessionUser(request)).not.toBeNull();
    await destroyUserSession(request);
    expect(await getSessionUser(request)).toBeNull();
  });

  test("expire", async () => {
    const eva = await newParticipant("Eva");
    const setCookie = await createUserSession({ id: eva.id, name: "Eva" });
    expect(await getSessionUser(requestWith(setCookie))).not.toBeNull();
    await db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(await getSessionUser(requestWith(setCookie))).toBeNull();
    await createUserSession({ id: 9, name: "Old" });
    await db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(await deleteExpiredSessions()).toBeGreaterThan(0);
  });

  test("reject a forged cookie", async () => {
    const forged = new Request("http://localhost/", { headers: { Cookie: "himfg_session=abc.def" } });
    expect(await getSessionUser(forged)).toBeNull();
  });
});
