import { beforeAll, describe, expect, test } from "vitest";
import { MODALITY } from "~/courses/modality";
import { db } from "~/db.server";
import { cancelEnrolment, expireHolds, freeSeats, seatsTaken } from "~/enrolment/enrolment.server";
import { claimOffer, joinWaitlist, leaveWaitlist, runWaitlistMaintenance, seatFreed, waitlistPlaceOf } from "~/enrolment/waitlist.server";
import { loggedPath } from "~/utils/logger.server";
import { createCourse, createEnrolment, createParticipant } from "../factories";

// The waitlist on the real domain code and a real SQLite file (decision 0053): one place per
// person, promotion that gives a freed seat to exactly one person in line order with claims,
// expiries and promotions racing, offers that expire and pass on, late claims refused.

const HOUR = 3_600_000;

async function participants(n: number, prefix: string) {
  const made = [];
  for (let i = 0; i < n; i++) made.push(await createParticipant({ name: `${prefix} ${i + 1}` }));
  return made;
}

/** A full in-person course: `capacity` confirmed in-person enrolments; returns their ids. */
async function fullCourse(capacity: number) {
  const courseId = await createCourse({ course_max_range: capacity, modality_id: MODALITY.PRESENCIAL_Y_EN_LINEA });
  const holders = await participants(capacity, `Titular ${courseId}`);
  const enrolments = [];
  for (const holder of holders) enrolments.push(await createEnrolment(holder.id, courseId, { modality: "presencial", status: "confirmada" }));
  return { courseId, enrolments };
}

async function entries(courseId: number) {
  return db.selectFrom("waitlist_entries").selectAll().where("course_id", "=", courseId).orderBy("position").orderBy("id").execute();
}

async function offerMails(courseId: number) {
  const course = await db.selectFrom("courses").select("course_name").where("course_id", "=", courseId).executeTakeFirstOrThrow();
  return db
    .selectFrom("mail_deliveries")
    .select(["recipients", "message"])
    .where("subject", "=", `Se liberó un lugar: ${course.course_name}`)
    .orderBy("id")
    .execute();
}

/** The token of the offer mailed to this address (the only place the token exists). */
async function tokenMailedTo(courseId: number, email: string): Promise<string> {
  const mails = (await offerMails(courseId)).filter((mail) => mail.recipients.includes(email));
  const text = JSON.parse(mails.at(-1)!.message!).text as string;
  return /\/lista-de-espera\/oferta\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
}

async function emailOf(participantId: number) {
  return (await db.selectFrom("participants").select("email").where("id", "=", participantId).executeTakeFirstOrThrow()).email;
}

describe("joining", () => {
  test("only when the in-person seats are full; one place per person per course, even joining at once", async () => {
    const open = await createCourse({ course_max_range: 5 });
    const [early] = await participants(1, "Temprano");
    const refused = await joinWaitlist(db, early!.id, open);
    expect(refused).toMatchObject({ ok: false, status: 409, problem: { code: "hay_lugares" } });

    const { courseId } = await fullCourse(1);
    const [person, second] = await participants(2, "En fila");
    const burst = await Promise.all(Array.from({ length: 8 }, () => joinWaitlist(db, person!.id, courseId)));
    expect(burst.filter((outcome) => outcome.ok)).toHaveLength(1);
    for (const outcome of burst.filter((outcome) => !outcome.ok)) expect(outcome).toMatchObject({ status: 409, problem: { code: "ya_en_lista" } });
    expect(await entries(courseId)).toHaveLength(1);
    expect(await joinWaitlist(db, second!.id, courseId)).toMatchObject({ ok: true, position: 2 });
    expect(await waitlistPlaceOf(db, courseId, second!.id)).toMatchObject({ position: 2, status: "en_espera" });
    // Leaving and joining again puts a person at the end of the line.
    expect((await leaveWaitlist(db, person!.id, courseId)).ok).toBe(true);
    expect(await waitlistPlaceOf(db, courseId, second!.id)).toMatchObject({ position: 1 });
    expect(await joinWaitlist(db, person!.id, courseId)).toMatchObject({ ok: true, position: 2 });
  }, 60_000);
});

describe("promotion", () => {
  let courseId: number;
  let enrolments: number[];
  let line: { id: number; name: string }[];

  beforeAll(async () => {
    ({ courseId, enrolments } = await fullCourse(3));
    line = await participants(6, "Espera");
    for (const person of line) expect((await joinWaitlist(db, person.id, courseId)).ok).toBe(true);
  }, 60_000);

  test("a burst of freed seats, promotions and sweeps: each freed seat is offered once, in line order", async () => {
    const now = new Date();
    await Promise.all([
      cancelEnrolment(db, enrolments[0]!),
      cancelEnrolment(db, enrolments[1]!),
      ...Array.from({ length: 20 }, () => seatFreed(db, courseId, now)),
      ...Array.from({ length: 5 }, () => runWaitlistMaintenance(db, now)),
    ]);
    const rows = await entries(courseId);
    const offered = rows.filter((row) => row.status === "ofrecido");
    // Two seats freed: exactly the first two in line hold them, nobody is skipped.
    expect(offered.map((row) => row.participant_id)).toEqual([line[0]!.id, line[1]!.id]);
    expect(rows.filter((row) => row.status === "en_espera")).toHaveLength(4);
    expect(await seatsTaken(db, courseId)).toBe(3);
    expect(await freeSeats(db, courseId)).toBe(0);
    // One e-mail per offer, each to the person offered.
    const mails = await offerMails(courseId);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.recipients).toContain(await emailOf(line[0]!.id));
    expect(mails[1]!.recipients).toContain(await emailOf(line[1]!.id));
  });

  test("claims racing with promotions: the seat is taken once, by the person offered", async () => {
    const token = await tokenMailedTo(courseId, await emailOf(line[0]!.id));
    const now = new Date();
    const outcomes = await Promise.all([
      ...Array.from({ length: 6 }, () => claimOffer(db, { id: line[0]!.id, profile: "EXTERNO" }, token, now)),
      ...Array.from({ length: 10 }, () => seatFreed(db, courseId, now)),
      runWaitlistMaintenance(db, now),
      // Someone else holding the link gets nothing.
      claimOffer(db, { id: line[2]!.id, profile: "EXTERNO" }, token, now),
    ]);
    const claims = outcomes.filter((outcome) => typeof outcome === "object" && "ok" in outcome);
    expect(claims.filter((outcome) => outcome.ok)).toHaveLength(1);
    const enrolment = await db
      .selectFrom("enrolments")
      .selectAll()
      .where("course_id", "=", courseId)
      .where("participant_id", "=", line[0]!.id)
      .execute();
    expect(enrolment).toHaveLength(1);
    expect(enrolment[0]).toMatchObject({ status: "pendiente_de_pago", modality: "presencial" });
    expect(enrolment[0]!.seat_held_until).not.toBeNull();
    // The claim turned the offer into the usual hold: still 3 seats taken, no new offer made.
    expect(await seatsTaken(db, courseId)).toBe(3);
    expect((await entries(courseId)).filter((row) => row.status === "ofrecido").map((row) => row.participant_id)).toEqual([line[1]!.id]);
    expect(await offerMails(courseId)).toHaveLength(2);
  });

  test("an unused offer expires and passes to the next; a claim after expiry is refused and stores nothing", async () => {
    const second = line[1]!;
    const token = await tokenMailedTo(courseId, await emailOf(second.id));
    const later = new Date(Date.now() + 24 * HOUR + 60_000);
    const swept = await Promise.all([runWaitlistMaintenance(db, later), runWaitlistMaintenance(db, later), seatFreed(db, courseId, later)]);
    expect(swept[0].vencidas + swept[1].vencidas).toBe(1);
    const rows = await entries(courseId);
    expect(rows.find((row) => row.participant_id === second.id)!.status).toBe("vencido");
    // The first person's card hold has run out by then too (15 minutes): two seats go to the next two.
    expect(rows.filter((row) => row.status === "ofrecido").map((row) => row.participant_id)).toEqual([line[2]!.id, line[3]!.id]);

    const enrolmentsBefore = await db.selectFrom("enrolments").select("id").where("course_id", "=", courseId).execute();
    const late = await claimOffer(db, { id: second.id, profile: "EXTERNO" }, token, later);
    expect(late).toMatchObject({ ok: false, status: 404 });
    const enrolmentsAfter = await db.selectFrom("enrolments").select("id").where("course_id", "=", courseId).execute();
    expect(enrolmentsAfter).toEqual(enrolmentsBefore);
    expect(await entries(courseId)).toEqual(rows);
  });
});

test("someone who enrolled another way since joining leaves the line when their turn comes; the seat goes to the next", async () => {
  const { courseId, enrolments } = await fullCourse(1);
  const [first, second] = await participants(2, `Espera ${courseId}`);
  expect((await joinWaitlist(db, first!.id, courseId)).ok).toBe(true);
  expect((await joinWaitlist(db, second!.id, courseId)).ok).toBe(true);
  // The first took the online modality meanwhile (staff enrolled them): no seat needed.
  await createEnrolment(first!.id, courseId, { modality: "en_linea", status: "confirmada" });
  await cancelEnrolment(db, enrolments[0]!);
  const rows = await entries(courseId);
  expect(rows.map((row) => [row.participant_id, row.status])).toEqual([
    [first!.id, "retirado"],
    [second!.id, "ofrecido"],
  ]);
  expect((await offerMails(courseId)).map((mail) => mail.recipients)).toEqual([expect.stringContaining(await emailOf(second!.id))]);
});

test("an offer whose time ran out but was not swept yet is refused with 410 and stores nothing", async () => {
  const { courseId, enrolments } = await fullCourse(1);
  const [person] = await participants(1, "Tarde");
  await joinWaitlist(db, person!.id, courseId);
  await cancelEnrolment(db, enrolments[0]!);
  const token = await tokenMailedTo(courseId, await emailOf(person!.id));
  const before = await entries(courseId);
  const outcome = await claimOffer(db, { id: person!.id, profile: "EXTERNO" }, token, new Date(Date.now() + 25 * HOUR));
  expect(outcome).toMatchObject({ ok: false, status: 410, problem: { code: "oferta_vencida" } });
  expect(await entries(courseId)).toEqual(before);
  expect(await db.selectFrom("enrolments").select("id").where("participant_id", "=", person!.id).execute()).toHaveLength(0);
}, 30_000);

test("a card hold that runs out offers its seat to the first in line (expireHolds calls the hook)", async () => {
  const courseId = await createCourse({ course_max_range: 1 });
  const [payer, waiting] = await participants(2, "Retención");
  const held = new Date(Date.now() + 15 * 60_000).toISOString();
  await createEnrolment(payer!.id, courseId, { modality: "presencial", status: "pendiente_de_pago", seat_held_until: held, amount_centavos: 150000 });
  expect((await joinWaitlist(db, waiting!.id, courseId)).ok).toBe(true);
  expect(await expireHolds(db, new Date(Date.now() + 16 * 60_000))).toBeGreaterThanOrEqual(1);
  expect(await waitlistPlaceOf(db, courseId, waiting!.id)).toMatchObject({ status: "ofrecido" });
  expect(await offerMails(courseId)).toHaveLength(1);
}, 30_000);

test("an offer link's token never reaches the request log", () => {
  expect(loggedPath("/lista-de-espera/oferta/abcdefghijklmnopqrstuvwxyz012345")).toBe("/lista-de-espera/oferta/:token");
});
