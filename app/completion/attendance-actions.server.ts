import { data } from "@remix-run/node";
import { z } from "zod";
import { staffIntent } from "~/actions/pipeline.server";
import { db } from "~/db.server";
import type { AttendanceAnswer } from "./attendance";
import { checkIn, markAttendance, withdrawAttendance, type CheckinLookup } from "./attendance.server";

// The forms of /admin/cursos/{id}/asistencia as pipeline intents (the `intent` field of each
// form): check in by control number, by the access PDF's QR code or from the name search, mark a
// day by hand or withdraw a check-in, each with a reason. Success stays on the page (200) with
// what the door shows; a refusal is the pipeline's one reply.

const DAY_MESSAGE = "Elija el día del curso.";
const PERSON_MESSAGE = "Elija a la persona de la lista.";
const day = z.string({ error: DAY_MESSAGE }).regex(/^\d{4}-\d{2}-\d{2}$/, DAY_MESSAGE);
const enrolment = z.number({ error: PERSON_MESSAGE }).int(PERSON_MESSAGE).positive(PERSON_MESSAGE);
// Empty and too-long reasons are refused by the domain step (reasonProblem), in its words.
const reason = z.string().max(2000, "El motivo es demasiado largo (máximo 500 caracteres).").default("");

const answer = (value: AttendanceAnswer) => data(value);

function checkInIntent<Schema extends z.ZodType>(
  intent: string,
  schema: Schema,
  lookup: (value: z.output<Schema>) => CheckinLookup,
  courseId: number,
) {
  return staffIntent({
    schema,
    step: (ctx, { value }) => checkIn(db, ctx, { courseId, day: (value as { dia: string }).dia, lookup: lookup(value) }),
    done: (done) => answer({ intent, done, withdrawn: null }),
  });
}

/** The intents of one course's attendance page. */
export function attendanceIntents(courseId: number) {
  return {
    numero_de_control: checkInIntent(
      "numero_de_control",
      z.object({ dia: day, numero_de_control: z.string().max(100, "El número de control es demasiado largo.").default("") }),
      (value) => ({ by: "numero_de_control", controlNumber: value.numero_de_control }),
      courseId,
    ),
    qr: checkInIntent(
      "qr",
      z.object({ dia: day, codigo: z.string().max(2000, "No pudimos leer el código QR.").default("") }),
      (value) => ({ by: "qr", token: value.codigo }),
      courseId,
    ),
    nombre: checkInIntent(
      "nombre",
      z.object({ dia: day, inscripcion: enrolment }),
      (value) => ({ by: "nombre", enrolmentId: value.inscripcion }),
      courseId,
    ),
    marcar: staffIntent({
      schema: z.object({ dia: day, inscripcion: enrolment, motivo: reason }),
      step: (ctx, { value }) => markAttendance(db, ctx, { courseId, enrolmentId: value.inscripcion, day: value.dia, reason: value.motivo }),
      done: (done) => answer({ intent: "marcar", done, withdrawn: null }),
    }),
    retirar: staffIntent({
      schema: z.object({ dia: day, inscripcion: enrolment, motivo: reason }),
      step: (ctx, { value }) => withdrawAttendance(db, ctx, { courseId, enrolmentId: value.inscripcion, day: value.dia, reason: value.motivo }),
      done: (withdrawn) => answer({ intent: "retirar", done: null, withdrawn: { name: withdrawn.name, day: withdrawn.day } }),
    }),
  };
}
