import { beforeAll, describe, expect, test } from "vitest";
import { registerParticipant } from "~/accounts/participants.server";
import { createUserSession } from "~/accounts/session.server";
import { db } from "~/db.server";
import { startEnrolment } from "~/enrolment/enrolment.server";
import { loader } from "~/routes/cursos2025.$courseUrl";

const context = { cspNonce: "", requestId: "test" };
const content = {
  sessions: [{ title: "Sesión 1", date: "2027-02-01", url: "https://aula.example.org/himfg/7950/sesion-1" }],
  videoUrl: "https://aula.example.org/himfg/7950/bienvenida",
  materials: [{ title: "Lecturas recomendadas", url: "https://aula.example.org/himfg/7950/lecturas" }, { title: "Malo", url: "javascript:alert(1)" }],
};

async function participant(email: string) {
  const outcome = await registerParticipant(
    db,
    { name: "Héctor Díaz", grade: "Médico", institution: "IMSS", email, password: "una-clave-larga-de-prueba", age: 45, graduated: "SÍ", nationality: "Mexicana", state: "Sonora", phone: "6621234567", role: "EXTERNO" },
    [],
  );
  if (!outcome.ok) throw new Error("could not register");
  return outcome.participant;
}

async function visit(cookie?: string) {
  const request = new Request("http://localhost/cursos2025/curso-de-prueba-7950", { headers: cookie ? { Cookie: cookie } : {} });
  return loader({ request, params: { courseUrl: "curso-de-prueba-7950" }, context });
}

let enrolledCookie = "";
let otherCookie = "";

beforeAll(async () => {
  await db
    .insertInto("courses")
    .values({
      course_id: 7950,
      course_name: "Curso de Urgencias Pediátricas en Línea",
      course_start_date: "2027-02-01",
      course_finish_date: "2027-02-03",
      course_price: 0,
      course_student_price: 0,
      course_employee_price: 0,
      course_able: 1,
      course_max_range: 0,
      modality_id: 2,
      month_id: 1,
      course_url: "curso-de-prueba-7950",
      online_access_url: "https://aula.example.org/himfg/7950",
      course_password: "URG-7950",
      course_content: JSON.stringify(content),
    })
    .execute();
  const enrolled = await participant("enrolled-7950@ejemplo.mx");
  const started = await startEnrolment(db, { participantId: enrolled.id, profile: "EXTERNO", courseId: 7950, modality: "en_linea" });
  expect(started.ok && started.status).toBe("confirmada");
  enrolledCookie = (await createUserSession(enrolled)).split(";")[0]!;
  otherCookie = (await createUserSession(await participant("other-7950@ejemplo.mx"))).split(";")[0]!;
});

describe("/cursos2025/{course_url}", () => {
  test("an enrolled participant gets the sessions, video, materials and online access", async () => {
    const page = await visit(enrolledCookie);
    expect(page.enrolled).toMatchObject({
      onlineAccessUrl: "https://aula.example.org/himfg/7950",
      coursePassword: "URG-7950",
      videoUrl: content.videoUrl,
      sessions: [{ title: "Sesión 1", date: "2027-02-01", url: content.sessions[0]!.url }],
      materials: [{ title: "Lecturas recomendadas", url: content.materials[0]!.url }],
    });
  });

  test("anyone else gets only the public page, never the access data", async () => {
    for (const cookie of [undefined, otherCookie]) {
      const page = await visit(cookie);
      expect(page.enrolled).toBeNull();
      expect(JSON.stringify(page)).not.toContain("URG-7950");
      expect(JSON.stringify(page)).not.toContain("aula.example.org");
    }
  });
});
