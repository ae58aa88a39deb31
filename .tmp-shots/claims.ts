import { db } from "../app/db.server";
import { HELD_UNTIL_BANK_ANSWERS } from "../app/enrolment/enrolment.server";
import { createCourse, createEnrolment, createParticipant, createPaymentAttempt } from "../tests/factories";
const courseId = await createCourse({ course_name: "Curso de reanimación neonatal" });
for (const [i, name] of ["Ana Torres Ruiz", "Luis Pérez Gómez"].entries()) {
  const p = await createParticipant({ name });
  const e = await createEnrolment(p.id, courseId, { status: "pendiente_de_pago", modality: "presencial", amount_centavos: 150000, seat_held_until: HELD_UNTIL_BANK_ANSWERS });
  await createPaymentAttempt(e, { status: "in_verification", provider: "banorte", mode: "PRD", claimed_referencia: "12345678901" + i, claimed_codigo_aut: "A1B2C" + i, claimed_at: new Date(Date.now() - (i + 1) * 3 * 3600_000).toISOString() });
}
process.exit(0);
