/**
 * Run by bench/lighthouse.ts in a process of its own (the app's database handle is bound to one
 * file per process): in the database at DATABASE_PATH, a participant signed in with a paid course
 * chosen in the catalogue, so /payment shows its card step. Prints `{ "cookie": "<name=value>" }`.
 */
import { setChosenCourse } from "../app/accounts/session.server";
import { MODALITY } from "../app/courses/modality";
import { db } from "../app/db.server";
import { createCourse, createParticipant, sessionCookieFor } from "../tests/factories";

const participant = await createParticipant({ name: "Ana Torres Ruiz", email: `bench-compra-${Date.now()}@ejemplo.mx`, role: "EXTERNO" });
const courseId = await createCourse({
  course_name: "Reanimación neonatal (banco de pruebas)",
  course_price: 125_000,
  modality_id: MODALITY.EN_LINEA,
});
const cookie = await sessionCookieFor(participant);
// The chosen course lives in the server-side session: the cookie stays the same.
await setChosenCourse(new Request("http://localhost/", { headers: { Cookie: cookie } }), courseId);
await db.destroy();
process.stdout.write(JSON.stringify({ cookie }));
