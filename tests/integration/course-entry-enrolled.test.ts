import { beforeAll, describe, expect, test } from "vitest";
import { MODALITY } from "~/courses/modality";
import { db } from "~/db.server";
import { startEnrolment } from "~/enrolment/enrolment.server";
import { loader } from "~/routes/cursos2025.$courseUrl";
import { createCourse, createParticipant, sessionCookieFor } from "../factories";

const context = { cspNonce: "", requestId: "test" };
const content = {
  sessions: [{ title: "Sesión 1", date: "2027-02-01", url: "https://aula.example.org/himfg/7950/sesion-1" }],
  videoUrl: "https://aula.example.org/himfg/7950/bienvenida",
  materials: [
    { title: "Lecturas recomendadas", url: "https://aula.example.org/himfg/7950/lecturas" },
    { title: "Malo", url: "javascript:alert(1)" },
  ],
};

function participant(email: string) {
  return createParticipant({ name: "Héctor Díaz", email });
}

async function visit(cookie?: string) {
  const request = new Request("http://localhost/cursos2025/curso-de-prueba-7950", { headers: cookie ? { Cookie: cookie } : {} });
  return loader({ request, params: { courseUrl: "curso-de-prueba-7950" }, context });
}

let enrolledCookie = "";
let otherCookie = "";

beforeAll(async () => {
  await createCourse({
    course_id: 7950,
    course_name: "Curso de Urgencias Pediátricas en Línea",
    course_start_date: "2027-02-01",
    course_finish_date: "2027-02-03",
    course_price: 0,
    course_student_price: 0,
    course_employee_price: 0,
    course_max_range: 0,
    modality_id: MODALITY.EN_LINEA,
    month_id: 1,
    course_url: "curso-de-prueba-7950",
    online_access_url: "https://aula.example.org/himfg/7950",
    course_password: "URG-7950",
    course_content: JSON.stringify(content),
  });
  const enrolled = await participant("enrolled-7950@ejemplo.mx");
  const started = await startEnrolment(db, { participantId: enrolled.id, profile: "EXTERNO", courseId: 7950, modality: "en_linea" });
  expect(started.ok && started.status).toBe("confirmada");
  enrolledCookie = await sessionCookieFor(enrolled);
  otherCookie = await sessionCookieFor(await participant("other-7950@ejemplo.mx"));
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
