import { afterAll, beforeAll, expect, test } from "vitest";
import { setChosenCourse } from "~/accounts/session.server";
import { MODALITY } from "~/courses/modality";
import { db } from "~/db.server";
import { freeSeats } from "~/enrolment/enrolment.server";
import { createCourse, createParticipant, sessionCookieFor } from "../factories";
import { startTestServer } from "../support/test-server";
import { useSeededDatabase } from "../support/database";

// Issue 19 (decision 0031): 200 signed-in participants claim the last 3 in-person seats at the
// same moment, through the real Express app and Remix build. Every answer is one a browser can
// act on: 303 (written), 409 (refused), 429, or 503 with Retry-After (nothing written); never a
// 500, and every participant whose claim was written is told so with a 303.
let baseUrl = "";
let close: () => Promise<void>;
const CLAIMANTS = 200;
const SEATS = 3;
const ALLOWED = [303, 409, 429, 503];
/** Longer than the render deadline of app/entry.server.tsx (streamTimeout + 1 s). */
const STALL_MS = 7_000;
let participants: { id: number; session: string }[] = [];

beforeAll(async () => {
  await useSeededDatabase();
  ({ baseUrl, close } = await startTestServer());
  // All at once: each registration's scrypt hash runs in libuv's thread pool (on every core),
  // one after the other they took most of this file's set-up.
  participants = await Promise.all(
    Array.from({ length: CLAIMANTS }, async (_, n) => {
      const participant = await createParticipant({ name: `Participante ${n}` });
      return { id: participant.id, session: await sessionCookieFor(participant) };
    }),
  );
}, 180_000);

afterAll(async () => close?.());

async function threeSeatCourse(courseId: number, free: boolean) {
  await createCourse({
    course_id: courseId,
    course_name: free ? "Curso gratuito con tres lugares" : "Curso de pago con tres lugares",
    course_max_range: SEATS,
    modality_id: MODALITY.PRESENCIAL,
    ...(free ? { course_price: 0, course_student_price: 0, course_employee_price: 0 } : {}),
  });
}

type Answer = { participantId: number; cookie: string; status: number; retryAfter: string | null; location: string | null; body: string };

/**
 * Every participant posts `body` to /payment at once, as a browser without single fetch does (a
 * plain form post: the document path, the one that renders). With `stall`, the event loop is then
 * blocked longer than the render deadline as soon as the first refusal is back, the way a long
 * collection or a starved container stalls a saturated process in the middle of a burst.
 */
async function burst(courseId: number, body: string, options: { stall?: boolean } = {}): Promise<Answer[]> {
  // Let the server forget an earlier test's stall (it sheds form posts for 2 s after one).
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const cookies = await Promise.all(
    participants.map(async (p) => (await setChosenCourse(new Request(baseUrl, { headers: { Cookie: p.session } }), courseId)).split(";")[0]!),
  );
  let stalled = false;
  const stall = () => {
    if (!options.stall || stalled) return;
    stalled = true;
    const until = Date.now() + STALL_MS;
    while (Date.now() < until);
  };
  return Promise.all(
    participants.map((p, i) =>
      fetch(`${baseUrl}/payment`, {
        method: "POST",
        headers: { Cookie: cookies[i]!, Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
        body,
        redirect: "manual",
      }).then(async (r) => {
        // The first refusal is a rendered document: others are being rendered right now.
        if (r.status === 409) setTimeout(stall, 0);
        return {
          participantId: p.id,
          cookie: cookies[i]!,
          status: r.status,
          retryAfter: r.headers.get("retry-after"),
          location: r.headers.get("location"),
          body: await r.text(),
        };
      }),
    ),
  );
}

function expectOnlyActionableAnswers(answers: Answer[]) {
  const tally: Record<number, number> = {};
  for (const answer of answers) tally[answer.status] = (tally[answer.status] ?? 0) + 1;
  expect(
    Object.keys(tally)
      .map(Number)
      .filter((status) => !ALLOWED.includes(status)),
    JSON.stringify(tally),
  ).toEqual([]);
  for (const answer of answers.filter((a) => a.status === 503)) {
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(answer.body).toContain("Intente de nuevo");
  }
  return tally;
}

async function expectEveryHoldReported(courseId: number, answers: Answer[]) {
  const holds = await db
    .selectFrom("enrolments")
    .innerJoin("payment_attempts", "payment_attempts.enrolment_id", "enrolments.id")
    .select(["enrolments.participant_id", "payment_attempts.control_number"])
    .where("enrolments.course_id", "=", courseId)
    .where("payment_attempts.status", "=", "pending")
    .execute();
  expect(holds).toHaveLength(SEATS);
  expect(await freeSeats(db, courseId)).toBe(0);
  // Exactly the holders were told, and nobody else got a 303.
  const told = answers.filter((a) => a.status === 303);
  expect(told.map((a) => a.participantId).sort()).toEqual(holds.map((h) => h.participant_id).sort());
  for (const answer of told) expect(answer.location).toBe("/payment");
  for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body).toContain("Ya no hay lugares presenciales");
  return { holds, told };
}

async function expectEveryEnrolmentReported(courseId: number, answers: Answer[]) {
  const enrolments = await db.selectFrom("enrolments").select("participant_id").where("course_id", "=", courseId).execute();
  expect(enrolments).toHaveLength(SEATS);
  const told = answers.filter((a) => a.status === 303);
  expect(told.map((a) => a.participantId).sort()).toEqual(enrolments.map((e) => e.participant_id).sort());
  for (const answer of told) expect(answer.location).toBe("/profile#mis-inscripciones");
}

test(`${CLAIMANTS} card payments at once for the last ${SEATS} seats: 303 for each hold, and the page it leads to opens that payment`, async () => {
  await threeSeatCourse(7950, false);
  const answers = await burst(7950, "intent=card&js=1");
  const tally = expectOnlyActionableAnswers(answers);
  expect(tally[303]! + (tally[409] ?? 0) + (tally[503] ?? 0)).toBe(CLAIMANTS);
  const { holds, told } = await expectEveryHoldReported(7950, answers);
  // The 303 leads to the page that opens this participant's own payment, once.
  for (const winner of told) {
    const page = await fetch(`${baseUrl}/payment`, { headers: { Cookie: winner.cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain("Abrir la ventana de pago");
    expect(html).toContain(holds.find((h) => h.participant_id === winner.participantId)!.control_number);
    const again = await (await fetch(`${baseUrl}/payment`, { headers: { Cookie: winner.cookie } })).text();
    expect(again).not.toContain("Abrir la ventana de pago");
  }
  // A retry finds the same hold (never a longer one) and is told again.
  const retry = await fetch(`${baseUrl}/payment`, {
    method: "POST",
    headers: { Cookie: told[0]!.cookie, Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=card&js=1",
    redirect: "manual",
  });
  expect(retry.status).toBe(303);
  expect(await freeSeats(db, 7950)).toBe(0);
}, 120_000);

test(`${CLAIMANTS} free enrolments at once for the last ${SEATS} seats: 303 for each enrolment, 409 for the others`, async () => {
  await threeSeatCourse(7951, true);
  const answers = await burst(7951, "intent=free");
  expectOnlyActionableAnswers(answers);
  await expectEveryEnrolmentReported(7951, answers);
}, 120_000);

test("a stall longer than the render deadline in the middle of a card burst: 503 + Retry-After, never 500, holds still reported", async () => {
  await threeSeatCourse(7952, false);
  const answers = await burst(7952, "intent=card&js=1", { stall: true });
  expectOnlyActionableAnswers(answers);
  await expectEveryHoldReported(7952, answers);
}, 120_000);

test("a stall longer than the render deadline in the middle of a free burst: 503 + Retry-After, never 500, enrolments still reported", async () => {
  await threeSeatCourse(7953, true);
  const answers = await burst(7953, "intent=free", { stall: true });
  expectOnlyActionableAnswers(answers);
  await expectEveryEnrolmentReported(7953, answers);
}, 120_000);
