import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, expect, test } from "vitest";
import { registerParticipant } from "~/accounts/participants.server";
import { createUserSession, setChosenCourse } from "~/accounts/session.server";
import { readConfig } from "~/config.server";
import { db } from "~/db.server";
import { freeSeats } from "~/enrolment/enrolment.server";
import { seedDatabase } from "../../seeds/index";
import { createApp } from "../../server/app";

// The real Express app with the real Remix build, on a fresh database: 50 participants press
// "Pagar con tarjeta" at the same moment for a course with one in-person seat left.
let baseUrl = "";
let close: () => Promise<void>;
const COURSE_ID = 7900;
const RACERS = 50;

beforeAll(async () => {
  await seedDatabase(db);
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const app = createApp(build, readConfig({ ...process.env, NODE_ENV: "production" }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(async () => close?.());

async function racer(n: number): Promise<string> {
  const outcome = await registerParticipant(
    db,
    {
      name: `Corredor ${n}`,
      grade: "Médico",
      institution: "HIMFG",
      email: `corredor${n}@example.org`,
      password: "una-clave-larga-de-prueba",
      age: 30,
      graduated: "SÍ",
      nationality: "Mexicana",
      state: "Ciudad de México",
      phone: "5512345678",
      role: "EXTERNO",
    },
    [],
  );
  if (!outcome.ok) throw new Error("could not register");
  const signedIn = (await createUserSession({ id: outcome.participant.id, name: outcome.participant.name })).split(";")[0]!;
  return (await setChosenCourse(new Request(baseUrl, { headers: { Cookie: signedIn } }), COURSE_ID)).split(";")[0]!;
}

test(`${RACERS} simultaneous card payments on the last in-person seat: exactly one holds it`, async () => {
  await db
    .insertInto("courses")
    .values({
      course_id: COURSE_ID,
      course_name: "Curso con un lugar",
      course_start_date: "2027-03-01",
      course_finish_date: "2027-03-05",
      course_price: 150000,
      course_student_price: 50000,
      course_employee_price: 0,
      course_able: 1,
      course_max_range: 1,
      modality_id: 1,
      month_id: 2,
      venue: "Auditorio",
    })
    .execute();
  const cookies = await Promise.all(Array.from({ length: RACERS }, (_, i) => racer(i)));
  const responses = await Promise.all(
    cookies.map((cookie) =>
      fetch(`${baseUrl}/payment`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
        // What the hydrated page sends (js=1: see the no-JS refusal in payment-routes.test.ts).
        body: "intent=card&js=1",
        redirect: "manual",
      }).then(async (r) => ({ status: r.status, html: await r.text() })),
    ),
  );
  const winners = responses.filter((r) => r.status === 200);
  const losers = responses.filter((r) => r.status === 409);
  expect(winners).toHaveLength(1);
  expect(losers).toHaveLength(RACERS - 1);
  expect(winners[0]!.html).toContain("Abrir la ventana de pago");
  for (const loser of losers) expect(loser.html).toContain("Ya no hay lugares presenciales");
  const attempts = await db
    .selectFrom("payment_attempts")
    .innerJoin("enrolments", "enrolments.id", "payment_attempts.enrolment_id")
    .select("payment_attempts.control_number")
    .where("enrolments.course_id", "=", COURSE_ID)
    .execute();
  expect(attempts).toHaveLength(1);
  expect(winners[0]!.html).toContain(attempts[0]!.control_number);
  // No secret of the attempt reaches the page.
  const secrets = await db.selectFrom("payment_attempts").select(["vi_hex", "passphrase"]).executeTakeFirstOrThrow();
  expect(winners[0]!.html).not.toContain(secrets.vi_hex!);
  expect(await freeSeats(db, COURSE_ID)).toBe(0);
}, 90_000);

test("/payment without a chosen course goes to the catalogue; a stranger cannot see someone's result", async () => {
  const outcome = await registerParticipant(
    db,
    { name: "Sin curso", grade: "Médico", institution: "HIMFG", email: "sincurso@example.org", password: "una-clave-larga-de-prueba", age: 30, graduated: "SÍ", nationality: "Mexicana", state: "Ciudad de México", phone: "5512345678", role: "EXTERNO" },
    [],
  );
  if (!outcome.ok) throw new Error("no");
  const cookie = (await createUserSession({ id: outcome.participant.id, name: "Sin curso" })).split(";")[0]!;
  const response = await fetch(`${baseUrl}/payment`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe("/ensenanza/offer");
  const attempt = await db.selectFrom("payment_attempts").select("control_number").executeTakeFirstOrThrow();
  const result = await fetch(`${baseUrl}/payment/resultado/${attempt.control_number}`, { headers: { Cookie: cookie } });
  expect(result.status).toBe(404);
  const anonymous = await fetch(`${baseUrl}/payment/resultado/${attempt.control_number}`, { redirect: "manual" });
  expect(anonymous.status).toBe(303);
});
