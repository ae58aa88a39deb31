import { registerParticipant } from "~/accounts/participants.server";
import type { Profile } from "~/courses/pricing";
import { db } from "~/db.server";
import type { StaffContext } from "~/staff/teaching/staff-context.server";
import { inviteStaff } from "~/staff/staff-members.server";
import type { StaffRole } from "~/staff/staff";
import { samplePng } from "./sample-files";

let counter = 0;
const next = () => (counter += 1);

/** A staff member row (as the foundation's CLI would create it) and the context its actions carry. */
export async function staffContext(role: StaffRole = "ensenanza"): Promise<StaffContext> {
  const n = next();
  const email = `personal-${role}-${n}@himfg.edu.mx`;
  const name = `Personal ${role} ${n}`;
  const invited = await inviteStaff(db, { email, name, role }, null);
  if (!invited.ok) throw new Error("could not create the staff member");
  return { actor: { id: invited.staffId, email, name, role }, requestId: `req-${n}` };
}

const GRADES: Record<Profile, string> = { ESTUDIANTE: "ESTUDIANTE", PERSONAL_HIMFG: "Médico", EXTERNO: "Médico" };
const KINDS = {
  ESTUDIANTE: ["student_id_front", "student_id_back"],
  PERSONAL_HIMFG: ["staff_id_front", "staff_id_back"],
  EXTERNO: ["professional_license"],
} as const;

/** A registered participant with the documents of their profile (pending review). */
export async function participantWithDocuments(profile: Profile = "ESTUDIANTE", name?: string) {
  const n = next();
  const email = `participante-${n}@ejemplo.mx`;
  const registered = await registerParticipant(
    db,
    {
      name: name ?? `Participante ${n}`,
      grade: GRADES[profile],
      institution: "UNAM",
      email,
      password: "una-clave-larga-de-prueba",
      age: 30,
      graduated: "NO",
      nationality: "Mexicana",
      state: "Yucatán",
      phone: "9991234567",
      role: profile,
    },
    KINDS[profile].map((kind) => ({ kind, file: { fileName: `${kind}.png`, contentType: "image/png" as const, data: samplePng() } })),
  );
  if (!registered.ok) throw new Error("could not register");
  const documents = await db
    .selectFrom("participant_documents")
    .select(["id", "kind"])
    .where("participant_id", "=", registered.participant.id)
    .orderBy("id")
    .execute();
  return { id: registered.participant.id, email, documents };
}

/** A course row straight in the table (the admin form is tested on its own). */
export async function insertCourse(
  values: Partial<{
    course_price: number;
    course_student_price: number;
    course_employee_price: number;
    course_max_range: number;
    modality_id: 1 | 2 | 3;
    course_url: string | null;
    course_able: 0 | 1;
  }> = {},
) {
  const n = next();
  const row = await db
    .insertInto("courses")
    .values({
      course_name: `Curso de prueba ${n}`,
      course_start_date: "2027-04-05",
      course_finish_date: "2027-04-09",
      course_price: 300000,
      course_student_price: 0,
      course_employee_price: 0,
      course_able: 1,
      course_max_range: 10,
      modality_id: 3,
      month_id: 3,
      venue: "Auditorio Principal",
      online_access_url: "https://aula.example.org/himfg",
      ...values,
    })
    .returning("course_id")
    .executeTakeFirstOrThrow();
  return row.course_id;
}

export async function auditRows(entity: string, entityId: string | number) {
  return db.selectFrom("audit_log").selectAll().where("entity", "=", entity).where("entity_id", "=", String(entityId)).orderBy("id").execute();
}
