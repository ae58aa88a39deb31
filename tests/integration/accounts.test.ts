import type { SubmissionResult } from "@conform-to/react";
import { describe, expect, test } from "vitest";
import { INVALID_CREDENTIALS_MESSAGE } from "~/accounts/auth.server";
import { FILE_MESSAGES } from "~/accounts/documents";
import { createResetToken, findValidResetToken, requestPasswordReset, resetPassword, RESET_TOKEN_TTL_MS } from "~/accounts/password-reset.server";
import type { NewParticipant } from "~/accounts/participants.server";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "~/accounts/rate-limit.server";
import { clearChosenCourse, getChosenCourseId, getSessionUser, setChosenCourse } from "~/accounts/session.server";
import { db } from "~/db.server";
import { action as logoutAction } from "~/routes/logout";
import { action as profileAction, loader as profileLoader } from "~/routes/profile";
import { loader as documentLoader } from "~/routes/profile_.documentos.$documentId";
import { action as loginAction } from "~/routes/userlogin";
import { createParticipant as createTestParticipant, sessionCookieFor, TEST_PASSWORD } from "../factories";
import { samplePdf, samplePng, textFile } from "../support/sample-files";
import { waitForMail } from "../support/mail";

const PASSWORD = TEST_PASSWORD;

/** A participant who registered with a professional licence (the document tests need one). */
function createParticipant(overrides: Partial<NewParticipant> = {}) {
  return createTestParticipant(overrides, {
    documents: [{ kind: "professional_license", file: { fileName: "cedula.pdf", contentType: "application/pdf", data: samplePdf() } }],
  });
}

function sessionCookieFrom(response: Response): string {
  const match = response.headers.get("Set-Cookie")?.match(/himfg_session=[^;]+/);
  if (!match) throw new Error("no session cookie");
  return match[0];
}

function withCookie(url: string, cookie?: string, init: RequestInit = {}) {
  return new Request(url, { ...init, headers: { ...(cookie ? { Cookie: cookie } : {}), ...(init.headers as Record<string, string> | undefined) } });
}

function loginRequest(email: string, password: string, extra: Record<string, string> = {}, cookie?: string) {
  return withCookie("http://localhost/userlogin", cookie, {
    method: "POST",
    body: new URLSearchParams({ student_email: email, student_password: password, ...extra }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

function refusal(value: unknown) {
  // The action pipeline's reply: { intent, result } (app/actions/reply.server.ts).
  const result = value as { type: string; data: { result: SubmissionResult<string[]> }; init: { status: number } };
  expect(result.type).toBe("DataWithResponseInit");
  return { status: result.init.status, result: result.data.result };
}

describe("sign-in", () => {
  test("signs in with the e-mail in any letter case, rotates the session and keeps the chosen course", async () => {
    const participant = await createParticipant();
    const anonymous = (await setChosenCourse(new Request("http://localhost/"), 286)).split(";")[0]!;
    const response = (await loginAction({
      request: loginRequest(participant.email.toUpperCase(), PASSWORD, {}, anonymous),
      params: {},
      context: { cspNonce: "", requestId: "t", clientAddress: "10.0.0.1" },
    })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/payment");
    const cookie = sessionCookieFrom(response);
    expect(cookie).not.toEqual(anonymous);
    const request = withCookie("http://localhost/", cookie);
    expect((await getSessionUser(request))?.id).toBe(participant.id);
    expect(await getChosenCourseId(request)).toBe(286);
    // The old (anonymous) session id no longer exists.
    expect(await getChosenCourseId(withCookie("http://localhost/", anonymous))).toBeNull();
  });

  test("only follows same-site redirectTo paths", async () => {
    const participant = await createParticipant();
    const ok = (await loginAction({
      request: loginRequest(participant.email, PASSWORD, { redirectTo: "/profile?x=1" }),
      params: {},
      context: { cspNonce: "", requestId: "t", clientAddress: "10.0.0.2" },
    })) as Response;
    expect(ok.headers.get("Location")).toBe("/profile?x=1");
    const evil = (await loginAction({
      request: loginRequest(participant.email, PASSWORD, { redirectTo: "//evil.example/" }),
      params: {},
      context: { cspNonce: "", requestId: "t", clientAddress: "10.0.0.2" },
    })) as Response;
    expect(evil.headers.get("Location")).toBe("/profile");
  });

  test("one generic message for a wrong password and for an unknown e-mail", async () => {
    const participant = await createParticipant();
    const context = { cspNonce: "", requestId: "t", clientAddress: "10.0.0.3" };
    const wrongPassword = refusal(await loginAction({ request: loginRequest(participant.email, "otra-clave-123"), params: {}, context }));
    const unknown = refusal(await loginAction({ request: loginRequest("nadie@example.com", PASSWORD), params: {}, context }));
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.result.error?.[""]).toEqual([INVALID_CREDENTIALS_MESSAGE]);
    expect(unknown.result.error?.[""]).toEqual([INVALID_CREDENTIALS_MESSAGE]);
    expect(JSON.stringify(wrongPassword.result)).not.toContain("otra-clave-123");
  });

  test("5 failures for one account block it for 15 minutes, even with the right password", async () => {
    const participant = await createParticipant();
    for (let attempt = 0; attempt < 5; attempt++) {
      const context = { cspNonce: "", requestId: "t", clientAddress: `10.1.0.${attempt}` };
      refusal(await loginAction({ request: loginRequest(participant.email, `mal-${attempt}-clave`), params: {}, context }));
    }
    const blocked = refusal(
      await loginAction({
        request: loginRequest(participant.email, PASSWORD),
        params: {},
        context: { cspNonce: "", requestId: "t", clientAddress: "10.1.0.99" },
      }),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.result.error?.[""]).toEqual([TOO_MANY_ATTEMPTS_MESSAGE]);
    // Once the window has passed, the right password works again.
    await db
      .updateTable("throttle_attempts")
      .set({ attempted_at: new Date(Date.now() - 16 * 60_000).toISOString() })
      .execute();
    const response = (await loginAction({
      request: loginRequest(participant.email, PASSWORD),
      params: {},
      context: { cspNonce: "", requestId: "t", clientAddress: "10.1.0.99" },
    })) as Response;
    expect(response.status).toBe(303);
  });

  test("20 failures from one address block that address for every account", async () => {
    const participant = await createParticipant();
    const context = { cspNonce: "", requestId: "t", clientAddress: "10.2.0.1" };
    for (let attempt = 0; attempt < 20; attempt++) {
      refusal(await loginAction({ request: loginRequest(`desconocido${attempt}@example.com`, "una-clave-mala"), params: {}, context }));
    }
    const blocked = refusal(await loginAction({ request: loginRequest(participant.email, PASSWORD), params: {}, context }));
    expect(blocked.result.error?.[""]).toEqual([TOO_MANY_ATTEMPTS_MESSAGE]);
    const elsewhere = (await loginAction({
      request: loginRequest(participant.email, PASSWORD),
      params: {},
      context: { ...context, clientAddress: "10.2.0.2" },
    })) as Response;
    expect(elsewhere.status).toBe(303);
  });
});

describe("sessions", () => {
  test("the session user is read from the database: current name and profile; a deleted account is signed out", async () => {
    const participant = await createParticipant({ role: "PERSONAL_HIMFG" });
    const cookie = await sessionCookieFor(participant);
    await db.updateTable("participants").set({ name: "Nombre Nuevo" }).where("id", "=", participant.id).execute();
    expect(await getSessionUser(withCookie("http://localhost/", cookie))).toMatchObject({ name: "Nombre Nuevo", profile: "PERSONAL_HIMFG" });
    await db.deleteFrom("participants").where("id", "=", participant.id).execute();
    expect(await getSessionUser(withCookie("http://localhost/", cookie))).toBeNull();
  });

  test("clearChosenCourse forgets the course; sign-out ends the session and the chosen course with it", async () => {
    const participant = await createParticipant();
    const withCourse = (await setChosenCourse(withCookie("http://localhost/", await sessionCookieFor(participant)), 286)).split(";")[0]!;
    expect(await getChosenCourseId(withCookie("http://localhost/", withCourse))).toBe(286);
    await clearChosenCourse(withCookie("http://localhost/", withCourse));
    expect(await getChosenCourseId(withCookie("http://localhost/", withCourse))).toBeNull();
    expect((await getSessionUser(withCookie("http://localhost/", withCourse)))?.id).toBe(participant.id);

    const again = (await setChosenCourse(withCookie("http://localhost/", withCourse), 286)).split(";")[0]!;
    await logoutAction({
      request: withCookie("http://localhost/logout", again, { method: "POST" }),
      params: {},
      context: { cspNonce: "", requestId: "t" },
    });
    expect(await getSessionUser(withCookie("http://localhost/", again))).toBeNull();
    expect(await getChosenCourseId(withCookie("http://localhost/", again))).toBeNull();
  });
});

describe("password reset", () => {
  test("a token works once, sets the new password and ends every session of the participant", async () => {
    const participant = await createParticipant();
    const sessionA = await sessionCookieFor(participant);
    const sessionB = await sessionCookieFor(participant);
    const token = await createResetToken(db, participant.id);
    const stored = await db.selectFrom("password_reset_tokens").select("token_hash").where("participant_id", "=", participant.id).execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    expect(await resetPassword(db, token, "Nueva-Clave-2026")).toEqual({ ok: true, participantId: participant.id });
    expect(await resetPassword(db, token, "Otra-Clave-2027")).toMatchObject({
      ok: false,
      problem: expect.objectContaining({ code: "invalid-token" }),
    });
    expect(await getSessionUser(withCookie("http://localhost/", sessionA))).toBeNull();
    expect(await getSessionUser(withCookie("http://localhost/", sessionB))).toBeNull();
    const response = (await loginAction({
      request: loginRequest(participant.email, "Nueva-Clave-2026"),
      params: {},
      context: { cspNonce: "", requestId: "t", clientAddress: "10.3.0.1" },
    })) as Response;
    expect(response.status).toBe(303);
  });

  test("a token expires after one hour, and a newer token replaces an older one", async () => {
    const participant = await createParticipant();
    const old = await createResetToken(db, participant.id, new Date(Date.now() - RESET_TOKEN_TTL_MS - 1000));
    expect(await findValidResetToken(db, old)).toBeNull();
    const first = await createResetToken(db, participant.id);
    const second = await createResetToken(db, participant.id);
    expect(await findValidResetToken(db, first)).toBeNull();
    expect(await findValidResetToken(db, second)).toBe(participant.id);
    expect(await findValidResetToken(db, "inventado")).toBeNull();
  });

  test("the e-mail carries a working link; unknown addresses get no e-mail", async () => {
    const participant = await createParticipant();
    await requestPasswordReset(db, participant.email, "https://himfg.example");
    const mail = await waitForMail(db, { to: participant.email, subject: "Restablecer" });
    const link = mail.text.match(/https:\/\/himfg\.example\/restablecer-contrasena\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get("token")!;
    expect(await findValidResetToken(db, token)).toBe(participant.id);

    await requestPasswordReset(db, "sin-cuenta@example.com", "https://himfg.example");
    await expect(waitForMail(db, { to: "sin-cuenta@example.com" }, 500)).rejects.toThrow();
  });
});

describe("private documents", () => {
  async function documentOf(participantId: number) {
    return db.selectFrom("participant_documents").select(["id", "file_id"]).where("participant_id", "=", participantId).executeTakeFirstOrThrow();
  }

  async function fetchDocument(documentId: number | string, cookie?: string) {
    try {
      return (await documentLoader({
        request: withCookie(`http://localhost/profile/documentos/${documentId}`, cookie),
        params: { documentId: String(documentId) },
        context: { cspNonce: "", requestId: "t" },
      })) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  test("the owner downloads it, private and never cached", async () => {
    const owner = await createParticipant();
    const document = await documentOf(owner.id);
    const response = await fetchDocument(document.id, await sessionCookieFor(owner));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(Buffer.from(await response.arrayBuffer()).equals(samplePdf())).toBe(true);
  });

  test("another participant gets 404, an anonymous visitor is sent to sign in", async () => {
    const owner = await createParticipant();
    const other = await createParticipant();
    const document = await documentOf(owner.id);
    const foreign = await fetchDocument(document.id, await sessionCookieFor(other));
    expect(foreign.status).toBe(404);
    const anonymous = await fetchDocument(document.id);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("Location")).toBe(`/userlogin?redirectTo=${encodeURIComponent(`/profile/documentos/${document.id}`)}`);
    expect((await fetchDocument("abc", await sessionCookieFor(owner))).status).toBe(404);
    expect((await fetchDocument(999999, await sessionCookieFor(owner))).status).toBe(404);
  });
});

/** /profile answers { intent, documentId, result } so the page knows which form the errors belong to. */
function profileRefusal(value: unknown) {
  const outcome = value as { type: string; data: { result: SubmissionResult<string[]> }; init: { status: number } };
  expect(outcome.type).toBe("DataWithResponseInit");
  return { status: outcome.init.status, result: outcome.data.result };
}

describe("the profile page", () => {
  function profilePost(cookie: string, body: FormData | URLSearchParams) {
    return withCookie("http://localhost/profile", cookie, { method: "POST", body });
  }

  test("requires a signed-in participant", async () => {
    await expect(
      profileLoader({ request: new Request("http://localhost/profile"), params: {}, context: { cspNonce: "", requestId: "t" } }),
    ).rejects.toMatchObject({
      status: 303,
    });
  });

  test("updates the editable data and validates it", async () => {
    const participant = await createParticipant();
    const cookie = await sessionCookieFor(participant);
    const fields = {
      intent: "update-profile",
      student_name: "Ana Actualizada",
      student_age: "41",
      student_phone: "5512345678",
      student_graduated: "NO",
      student_nationality: "Mexicana",
      student_state: "Oaxaca",
      student_grade: "Otro",
      student_grade_other: "Pediatra",
      student_institution: "HIMFG",
    };
    const response = (await profileAction({
      request: profilePost(cookie, new URLSearchParams(fields)),
      params: {},
      context: { cspNonce: "", requestId: "t" },
    })) as Response;
    expect(response.status).toBe(303);
    const row = await db.selectFrom("participants").selectAll().where("id", "=", participant.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "Ana Actualizada",
      age: 41,
      grade: "Pediatra",
      institution: "HIMFG",
      state: "Oaxaca",
      email: participant.email,
      role: "EXTERNO",
    });

    const bad = profileRefusal(
      await profileAction({
        request: profilePost(cookie, new URLSearchParams({ ...fields, student_age: "abc", student_role: "PERSONAL_HIMFG", student_email: "x@y.z" })),
        params: {},
        context: { cspNonce: "", requestId: "t" },
      }),
    );
    expect(bad.result.error?.student_age).toEqual(["Escriba su edad en números, por ejemplo 34."]);
    const unchanged = await db.selectFrom("participants").select(["role", "email", "age"]).where("id", "=", participant.id).executeTakeFirstOrThrow();
    expect(unchanged).toEqual({ role: "EXTERNO", email: participant.email, age: 41 });
  });

  test("replaces a document while not approved (back to pendiente), checks it by content, never once approved", async () => {
    const participant = await createParticipant();
    const cookie = await sessionCookieFor(participant);
    const document = await db.selectFrom("participant_documents").selectAll().where("participant_id", "=", participant.id).executeTakeFirstOrThrow();
    await db
      .updateTable("participant_documents")
      .set({ status: "rechazado", rejection_reason: "Ilegible", reviewed_at: new Date().toISOString() })
      .where("id", "=", document.id)
      .execute();

    const replace = (file: File, id = document.id) => {
      const form = new FormData();
      form.append("intent", "replace-document");
      form.append("documentId", String(id));
      form.append("document", file);
      return profileAction({ request: profilePost(cookie, form), params: {}, context: { cspNonce: "", requestId: "t" } });
    };

    const wrong = profileRefusal(await replace(new File([textFile()], "cedula.pdf")));
    expect(wrong.result.error?.document).toEqual([FILE_MESSAGES.wrongType]);

    const ok = (await replace(new File([samplePng()], "nueva.png"))) as Response;
    expect(ok.status).toBe(303);
    const updated = await db.selectFrom("participant_documents").selectAll().where("id", "=", document.id).executeTakeFirstOrThrow();
    expect(updated).toMatchObject({ status: "pendiente", rejection_reason: null, reviewed_at: null });
    expect(updated.file_id).not.toBe(document.file_id);
    expect(await db.selectFrom("stored_files").select("id").where("id", "=", document.file_id).executeTakeFirst()).toBeUndefined();

    const other = await createParticipant();
    const foreignDocument = await db
      .selectFrom("participant_documents")
      .select("id")
      .where("participant_id", "=", other.id)
      .executeTakeFirstOrThrow();
    expect(profileRefusal(await replace(new File([samplePng()], "x.png"), foreignDocument.id)).status).toBe(404);

    await db
      .updateTable("participant_documents")
      .set({ status: "aprobado", reviewed_at: new Date().toISOString() })
      .where("id", "=", document.id)
      .execute();
    const approved = profileRefusal(await replace(new File([samplePng()], "otra.png")));
    expect(approved.result.error?.[""]?.[0]).toMatch(/ya fue aprobado/);
  });
});
