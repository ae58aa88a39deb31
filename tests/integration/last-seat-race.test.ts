import { afterAll, beforeAll, expect, test } from "vitest";
import { setChosenCourse } from "~/accounts/session.server";
import { MODALITY } from "~/courses/modality";
import { db } from "~/db.server";
import { freeSeats } from "~/enrolment/enrolment.server";
import { createCourse, createParticipant, sessionCookieFor } from "../factories";
import { startTestServer } from "../support/test-server";
import { useSeededDatabase } from "../support/database";

// The real Express app with the real Remix build, on a fresh database: 50 participants press
// "Pagar con tarjeta" at the same moment for a course with one in-person seat left.
let baseUrl = "";
let close: () => Promise<void>;
const COURSE_ID = 7900;
const RACERS = 50;

beforeAll(async () => {
  await useSeededDatabase();
  ({ baseUrl, close } = await startTestServer());
});

afterAll(async () => close?.());

async function racer(n: number): Promise<string> {
  const signedIn = await sessionCookieFor(await createParticipant({ name: `Corredor ${n}` }));
  return (await setChosenCourse(new Request(baseUrl, { headers: { Cookie: signedIn } }), COURSE_ID)).split(";")[0]!;
}

test(`${RACERS} simultaneous card payments on the last in-person seat: exactly one holds it`, async () => {
  await createCourse({ course_id: COURSE_ID, course_name: "Curso con un lugar", course_max_range: 1, modality_id: MODALITY.PRESENCIAL });
  const cookies = await Promise.all(Array.from({ length: RACERS }, (_, i) => racer(i)));
  const responses = await Promise.all(
    cookies.map((cookie) =>
      fetch(`${baseUrl}/payment`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
        // What the hydrated page sends (js=1: see the no-JS refusal in payment-routes.test.ts).
        body: "intent=card&js=1",
        redirect: "manual",
      }).then(async (r) => ({ cookie, status: r.status, location: r.headers.get("location"), html: await r.text() })),
    ),
  );
  // The hold is written, so the answer is a 303 before any render (decision 0031); the page it
  // leads to opens the payment, once.
  const winners = responses.filter((r) => r.status === 303);
  const losers = responses.filter((r) => r.status === 409);
  expect(winners).toHaveLength(1);
  expect(losers).toHaveLength(RACERS - 1);
  expect(winners[0]!.location).toBe("/payment");
  const page = await (await fetch(`${baseUrl}/payment`, { headers: { Cookie: winners[0]!.cookie } })).text();
  expect(page).toContain("Abrir la ventana de pago");
  for (const loser of losers) expect(loser.html).toContain("Ya no hay lugares presenciales");
  const attempts = await db
    .selectFrom("payment_attempts")
    .innerJoin("enrolments", "enrolments.id", "payment_attempts.enrolment_id")
    .select("payment_attempts.control_number")
    .where("enrolments.course_id", "=", COURSE_ID)
    .execute();
  expect(attempts).toHaveLength(1);
  expect(page).toContain(attempts[0]!.control_number);
  // No secret of the attempt reaches the page.
  const secrets = await db.selectFrom("payment_attempts").select(["vi_hex", "passphrase"]).executeTakeFirstOrThrow();
  expect(page).not.toContain(secrets.vi_hex!);
  expect(await freeSeats(db, COURSE_ID)).toBe(0);
}, 90_000);

test("/payment without a chosen course goes to the catalogue; a stranger cannot see someone's result", async () => {
  const cookie = await sessionCookieFor(await createParticipant({ name: "Sin curso" }));
  const response = await fetch(`${baseUrl}/payment`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe("/ensenanza/offer");
  const attempt = await db.selectFrom("payment_attempts").select("control_number").executeTakeFirstOrThrow();
  const result = await fetch(`${baseUrl}/payment/resultado/${attempt.control_number}`, { headers: { Cookie: cookie } });
  expect(result.status).toBe(404);
  const anonymous = await fetch(`${baseUrl}/payment/resultado/${attempt.control_number}`, { redirect: "manual" });
  expect(anonymous.status).toBe(303);
});
