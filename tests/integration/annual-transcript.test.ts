import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newFolio } from "~/completion/constancia-folio";
import { revokeConstancia } from "~/completion/constancias.server";
import { renderTranscriptHtml } from "~/completion/transcript-document.server";
import { newTranscriptFolio, normalizeTranscriptFolio } from "~/completion/transcript-folio";
import { getTranscriptForVerification, issueTranscript } from "~/completion/transcript.server";
import { siteUrl } from "~/config.server";
import { db } from "~/db.server";
import { closePdfBrowser } from "~/pdf/pdf.server";
import { loggedPath } from "~/utils/logger.server";
import type { StaffContext } from "~/staff/teaching/staff-context.server";
import { startTestServer, type TestServer } from "../support/test-server";
import { createEnrolment, createParticipantWithDocuments, createStaffContext, insertCourse, sessionCookieFor } from "../factories";

let staff: StaffContext;
let server: TestServer;

beforeAll(async () => {
  staff = await createStaffContext("ensenanza");
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await closePdfBrowser();
});

/** A standing constancia of the participant, its details frozen as issueConstancias stores them. */
async function constancia(
  participantId: number,
  facts: { course: string; start: string; finish: string; hours: number; kind?: "asistencia" | "acreditacion" },
) {
  const courseId = await insertCourse();
  const enrolmentId = await createEnrolment(participantId, courseId, { modality: "presencial", status: "confirmada" });
  const folio = newFolio();
  await db
    .insertInto("constancias")
    .values({
      folio,
      enrolment_id: enrolmentId,
      kind: facts.kind ?? "asistencia",
      participant_name: "Nombre Al Emitir",
      course_name: facts.course,
      course_start_date: facts.start,
      course_finish_date: facts.finish,
      hours: facts.hours,
      grade: facts.kind === "acreditacion" ? 95 : null,
      signatories: "[]",
      issued_at: "2027-12-20T18:00:00.000Z",
      issued_by: "Personal Que Emitió",
    })
    .execute();
  return { courseId, folio };
}

async function physician(name: string) {
  const participant = await createParticipantWithDocuments("EXTERNO", name, { documentStatus: "aprobado" });
  return { ...participant, cookie: await sessionCookieFor({ id: participant.id, name }) };
}

const download = (cookie: string, file: string) =>
  fetch(`${server.baseUrl}/profile/constancia-anual/${file}.pdf`, { headers: { Cookie: cookie }, redirect: "manual" });

/** The «Generar» form on /profile: a POST to the year's address (issues, or keeps the frozen one). */
const generate = (cookie: string, file: string) =>
  fetch(`${server.baseUrl}/profile/constancia-anual/${file}.pdf`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });

const transcriptRows = async () => (await db.selectFrom("annual_transcripts").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;

describe("the yearly transcript", () => {
  test("lists the year's standing constancias (by the year the course ended) with the total hours, frozen when first issued", async () => {
    const who = await physician("Dra. Elena Transcripción");
    const a = await constancia(who.id, { course: "Urgencias pediátricas", start: "2027-03-01", finish: "2027-03-05", hours: 20 });
    const b = await constancia(who.id, { course: "Neonatología <avanzada>", start: "2027-12-28", finish: "2028-01-02", hours: 12 });
    const c = await constancia(who.id, { course: "Infectología", start: "2026-12-27", finish: "2027-01-03", hours: 8, kind: "acreditacion" });
    const other = await constancia(who.id, { course: "Otro año", start: "2026-05-01", finish: "2026-05-02", hours: 5 });

    const first = await issueTranscript(db, who.id, 2027, new Date("2028-01-10T05:30:00.000Z"));
    if (!first.ok) throw new Error("not issued");
    expect(first.created).toBe(true);
    expect(first.transcript.entries.map((entry) => entry.folio)).toEqual([c.folio, a.folio]);
    expect(first.transcript.totalHours).toBe(28);
    expect(normalizeTranscriptFolio(first.transcript.folio)).toBe(first.transcript.folio);
    expect(first.transcript.participantName).toBe("Dra. Elena Transcripción");
    // A second download is the same transcript, even after the participant's name changes.
    await db.updateTable("participants").set({ name: "Otro Nombre" }).where("id", "=", who.id).execute();
    const again = await issueTranscript(db, who.id, 2027);
    expect(again.ok && again.transcript).toEqual(first.transcript);
    expect(again.ok && again.created).toBe(false);

    const html = await renderTranscriptHtml(first.transcript);
    for (const shown of [
      "Constancia anual de educación continua",
      "Año 2027",
      "Dra. Elena Transcripción",
      "Urgencias pediátricas",
      "Infectología",
      a.folio,
      c.folio,
      first.transcript.folio,
      "28 horas",
      "Constancia de acreditación",
      "Del 1 de marzo de 2027 al 5 de marzo de 2027",
      siteUrl(`/verificar/constancia/${first.transcript.folio}`),
    ])
      expect(html).toContain(shown);
    for (const absent of [b.folio, other.folio, "Neonatología"]) expect(html).not.toContain(absent);

    // 2028 has the course that ended on 2 January 2028.
    const next = await issueTranscript(db, who.id, 2028);
    expect(next.ok && next.transcript.entries.map((entry) => entry.folio)).toEqual([b.folio]);
  });

  test("a constancia revoked or issued later replaces the transcript; the old folio says so", async () => {
    const who = await physician("Dr. Mario Reemplazo");
    const a = await constancia(who.id, { course: "Curso A", start: "2027-02-01", finish: "2027-02-02", hours: 10 });
    const b = await constancia(who.id, { course: "Curso B", start: "2027-06-01", finish: "2027-06-03", hours: 15 });
    const first = await issueTranscript(db, who.id, 2027);
    if (!first.ok) throw new Error("not issued");
    expect((await getTranscriptForVerification(db, first.transcript.folio))?.state).toBe("valida");

    await revokeConstancia(db, staff, b.courseId, b.folio, "Motivo privado");
    // Until the owner downloads again, the old folio says it is out of date.
    expect((await getTranscriptForVerification(db, first.transcript.folio))?.state).toBe("desactualizada");
    const second = await issueTranscript(db, who.id, 2027);
    if (!second.ok) throw new Error("not reissued");
    expect(second.created).toBe(true);
    expect(second.transcript.folio).not.toBe(first.transcript.folio);
    expect(second.transcript.entries.map((entry) => entry.folio)).toEqual([a.folio]);
    expect(second.transcript.totalHours).toBe(10);
    expect(await getTranscriptForVerification(db, first.transcript.folio)).toMatchObject({
      state: "reemplazada",
      replacedBy: second.transcript.folio,
    });

    const c = await constancia(who.id, { course: "Curso C", start: "2027-09-01", finish: "2027-09-01", hours: 4 });
    const third = await issueTranscript(db, who.id, 2027);
    expect(third.ok && third.transcript.entries.map((entry) => entry.folio)).toEqual([a.folio, c.folio]);
    expect(third.ok && third.transcript.totalHours).toBe(14);
    const standing = await db
      .selectFrom("annual_transcripts")
      .select("folio")
      .where("participant_id", "=", who.id)
      .where("replaced_by_folio", "is", null)
      .execute();
    expect(standing).toHaveLength(1);
  });
});

describe("over HTTP", () => {
  test("the owner downloads the PDF from /profile; another participant gets 404; a year without constancias says so", async () => {
    const owner = await physician("Dra. Paula Dueña");
    const stranger = await physician("Dr. Ajeno Curioso");
    const a = await constancia(owner.id, { course: "Pediatría general", start: "2027-04-05", finish: "2027-04-09", hours: 20 });
    await constancia(owner.id, { course: "Cirugía", start: "2027-05-05", finish: "2027-05-06", hours: 6 });

    const profile = await (await fetch(`${server.baseUrl}/profile`, { headers: { Cookie: owner.cookie } })).text();
    expect(profile).toContain("/profile/constancia-anual/2027.pdf");

    // Set-up (issue 23): the «Generar» POST issues it; the download below only reads.
    const generated = await generate(owner.cookie, "2027");
    expect(generated.status).toBe(303);
    const own = await download(owner.cookie, "2027");
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    const pdf = Buffer.from(await own.arrayBuffer());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const stored = await db.selectFrom("annual_transcripts").selectAll().where("participant_id", "=", owner.id).executeTakeFirstOrThrow();
    expect(pdf.toString("latin1")).toContain(siteUrl(`/verificar/constancia/${stored.folio}`));
    expect(own.headers.get("content-disposition")).toContain(stored.folio);
    expect(stored.total_hours).toBe(26);
    expect(JSON.parse(stored.entries)).toHaveLength(2);

    // By folio: the owner again; anyone else 404, and a stranger's year is their own (none: 404 in Spanish).
    expect((await download(owner.cookie, stored.folio)).status).toBe(200);
    expect((await download(stranger.cookie, stored.folio)).status).toBe(404);
    const none = await download(stranger.cookie, "2027");
    expect(none.status).toBe(404);
    expect(await none.text()).toContain("No tiene constancias de educación continua vigentes en 2027.");
    for (const bad of ["1999", "20x7", a.folio, newTranscriptFolio()]) expect((await download(owner.cookie, bad)).status).toBe(404);
    expect((await download("", "2027")).status).not.toBe(200);
    expect(await db.selectFrom("annual_transcripts").select("id").where("participant_id", "=", stranger.id).execute()).toEqual([]);
  });

  test("a GET never writes: without a generated transcript it sends the participant to «Generar»", async () => {
    const owner = await physician("Dra. Lectura Sola");
    await constancia(owner.id, { course: "Neonatología", start: "2027-03-01", finish: "2027-03-03", hours: 10 });
    const profile = await (await fetch(`${server.baseUrl}/profile`, { headers: { Cookie: owner.cookie } })).text();
    expect(profile).toContain("Generar la constancia anual 2027 (PDF)");
    expect(profile).toContain('method="post" action="/profile/constancia-anual/2027.pdf"');

    const before = await transcriptRows();
    const first = await download(owner.cookie, "2027");
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/profile#constancia-anual");
    expect(await transcriptRows()).toBe(before);

    // Generated: the POST writes one row and downloads it by its folio; the GET then reads it.
    const post = await generate(owner.cookie, "2027");
    expect(post.status).toBe(303);
    const stored = await db.selectFrom("annual_transcripts").selectAll().where("participant_id", "=", owner.id).executeTakeFirstOrThrow();
    expect(post.headers.get("location")).toBe(`/profile/constancia-anual/${stored.folio}.pdf`);
    expect(await transcriptRows()).toBe(before + 1);
    expect((await generate(owner.cookie, "2027")).status).toBe(303);
    expect(await transcriptRows()).toBe(before + 1);
    expect((await download(owner.cookie, "2027")).status).toBe(200);

    // A constancia issued later: the GET does not replace the transcript, it sends to «Generar» again.
    await constancia(owner.id, { course: "Infectología", start: "2027-06-01", finish: "2027-06-02", hours: 8 });
    const stale = await download(owner.cookie, "2027");
    expect(stale.status).toBe(303);
    expect(stale.headers.get("location")).toBe("/profile#constancia-anual");
    expect(await transcriptRows()).toBe(before + 1);
    expect(
      (await db.selectFrom("annual_transcripts").select("replaced_by_folio").where("id", "=", stored.id).executeTakeFirstOrThrow()).replaced_by_folio,
    ).toBeNull();
  });

  test("the POST issues only the signed-in participant's own years", async () => {
    const owner = await physician("Dra. Dueña Propia");
    const stranger = await physician("Dr. Otro Intento");
    await constancia(owner.id, { course: "Cardiología", start: "2027-09-01", finish: "2027-09-02", hours: 9 });
    const issued = await issueTranscript(db, owner.id, 2027);
    if (!issued.ok) throw new Error("not issued");
    const before = await transcriptRows();

    // A year with nothing to list (the stranger has no constancias): refused in Spanish, nothing written.
    const none = await generate(stranger.cookie, "2027");
    expect(none.status).toBe(404);
    expect(await none.text()).toContain("No tiene constancias de educación continua vigentes en 2027.");
    // Another participant's transcript by its folio, a malformed name, signed out: refused.
    expect((await generate(stranger.cookie, issued.transcript.folio)).status).toBe(404);
    expect((await generate(owner.cookie, "20x7")).status).toBe(404);
    expect((await generate("", "2027")).headers.get("location")).toMatch(/^\/userlogin\?/);
    expect(await transcriptRows()).toBe(before);
    expect(await db.selectFrom("annual_transcripts").select("id").where("participant_id", "=", stranger.id).execute()).toEqual([]);
  });

  test("the verification page shows the transcript's list and nothing more", async () => {
    const who = await physician("Dra. Sofía Verificada");
    const a = await constancia(who.id, {
      course: "Reanimación neonatal",
      start: "2027-08-02",
      finish: "2027-08-04",
      hours: 16,
      kind: "acreditacion",
    });
    const issued = await issueTranscript(db, who.id, 2027);
    if (!issued.ok) throw new Error("not issued");
    const folio = issued.transcript.folio;
    const page = await fetch(`${server.baseUrl}/verificar/constancia/${folio.toLowerCase()}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    for (const shown of [
      "Constancia anual válida",
      "Constancia anual de educación continua 2027",
      "Dra. Sofía Verificada",
      "Reanimación neonatal",
      "16 horas",
      a.folio,
      folio,
      "Constancia de acreditación",
      "noindex",
    ])
      expect(html).toContain(shown);
    for (const hidden of [who.email, "Personal Que Emitió", "Nombre Al Emitir", "calificación", "95 de 100"]) expect(html).not.toContain(hidden);
    const missing = await fetch(`${server.baseUrl}/verificar/constancia/${newTranscriptFolio()}`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("No existe una constancia con este folio");
    expect(loggedPath(`/verificar/constancia/${folio}`)).not.toContain(folio);
  });
});
