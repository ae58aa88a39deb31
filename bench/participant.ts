/**
 * Run by bench/site.ts in a process of its own (the app's database handle is bound to one file per
 * process): in the database at DATABASE_PATH, a participant signed in, enrolled (confirmed) in a
 * course of their own, so /profile shows an enrolment and its access PDF can be asked for.
 * Prints `{ "cookie": "<name=value>", "enrolmentId": <id> }`.
 */
import { db } from "../app/db.server";
import { createCourse, createEnrolment, createParticipant, sessionCookieFor } from "../tests/factories";

const participant = await createParticipant({ name: "María López Hernández", email: `bench-${Date.now()}@ejemplo.mx` });
const courseId = await createCourse({ course_name: "Urgencias pediátricas (banco de pruebas)" });
const enrolmentId = await createEnrolment(participant.id, courseId, { amount_centavos: 150_000 });
const cookie = await sessionCookieFor(participant);
await db.destroy();
process.stdout.write(JSON.stringify({ cookie, enrolmentId }));
