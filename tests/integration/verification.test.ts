import { beforeAll, describe, expect, test } from "vitest";
import { MODALITY } from "~/courses/modality";
import { db } from "~/db.server";
import { startEnrolment } from "~/enrolment/enrolment.server";
import { loader } from "~/routes/verificar.$token";
import { createCourse, createParticipant } from "../factories";

const context = { cspNonce: "", requestId: "test" };
let confirmedToken = "";
let pendingToken = "";

/** The loader's answer as status + data (it answers an invalid token with its own 404 page). */
async function load(token: string) {
  const result = await loader({ request: new Request(`http://localhost/verificar/${token}`), params: { token }, context });
  return { status: result.init?.status ?? 200, enrolment: result.data.enrolment };
}

beforeAll(async () => {
  const { id: participantId } = await createParticipant({
    name: "Sofía Ramírez Ortega",
    email: "sofia.verificacion@ejemplo.mx",
    phone: "9511234567",
  });
  for (const [id, price] of [
    [7901, 0],
    [7902, 120000],
  ] as const) {
    await createCourse({
      course_id: id,
      course_name: id === 7901 ? "Taller de Lactancia Materna" : "Curso de Ventilación Mecánica Neonatal",
      course_start_date: "2027-01-01",
      course_finish_date: "2027-01-03",
      course_price: price,
      course_student_price: price,
      course_employee_price: price,
      modality_id: MODALITY.EN_LINEA,
      month_id: 0,
      online_access_url: "https://aula.example.org/secreto",
      course_password: "CLAVE-SECRETA",
    });
  }
  const free = await startEnrolment(db, { participantId, profile: "EXTERNO", courseId: 7901, modality: "en_linea" });
  const paid = await startEnrolment(db, { participantId, profile: "EXTERNO", courseId: 7902, modality: "en_linea" });
  if (!free.ok || !paid.ok) throw new Error("could not enrol");
  const tokenOf = async (id: number) =>
    (await db.selectFrom("enrolments").select("verification_token").where("id", "=", id).executeTakeFirstOrThrow()).verification_token;
  confirmedToken = await tokenOf(free.enrolmentId);
  pendingToken = await tokenOf(paid.enrolmentId);
});

describe("/verificar/:token", () => {
  test("shows a confirmed enrolment to whoever holds the link, and nothing more", async () => {
    const result = await load(confirmedToken);
    expect(result.status).toBe(200);
    const { enrolment } = result;
    expect(enrolment).toMatchObject({
      participantName: "Sofía Ramírez Ortega",
      profileLabel: "Externo",
      courseName: "Taller de Lactancia Materna",
      startDate: "1 de enero de 2027",
      finishDate: "3 de enero de 2027",
      modalityLabel: "En línea",
    });
    // A free enrolment has no card payment: its own reference, in the control-number format.
    expect(enrolment!.controlNumber).toMatch(/^HIMFGCURSOS7901\d{10}$/);
    const serialised = JSON.stringify(enrolment);
    for (const secret of ["CLAVE-SECRETA", "aula.example.org", "sofia.verificacion", "9511234567"]) {
      expect(serialised).not.toContain(secret);
    }
  });

  test("an enrolment that is not confirmed does not verify", async () => {
    expect(await load(pendingToken)).toEqual({ status: 404, enrolment: null });
  });

  test("unknown and malformed tokens answer 404", async () => {
    const unknown = confirmedToken.slice(0, -1) + (confirmedToken.endsWith("A") ? "B" : "A");
    for (const token of [unknown, "abc", "' OR 1=1 --", ""]) {
      expect(await load(token), token).toEqual({ status: 404, enrolment: null });
    }
  });
});
