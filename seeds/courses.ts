import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { currentMonthInMexicoCity, formatCalendarDate } from "../app/courses/catalogue";
import { MODALITY, MODALITY_LABELS, type ModalityId } from "../app/courses/modality";
import type { CapacityWording, DB } from "../app/db.server";
import { storeFile } from "../app/files/files.server";
import { drawCourseImage, writeProgrammePdf, type CourseArt } from "./course-art";

/**
 * Demo continuing-education courses spread over the twelve months: each falls in the next
 * occurrence of its month (this year from the current month on, next year before it), so the
 * catalogue always shows a year ahead. Together they cover free and paid, open and closed,
 * modalities 1, 2 and 3, capacity 0 with modality 3, course 286 (counted in "plazas"), a paid
 * course free for students and one free for staff, courses without programme and without link.
 */
interface DemoCourse {
  id: number;
  name: string;
  summary: string;
  month: number;
  startDay: number;
  /** Days after the start day (same month or the next). */
  lengthDays: number;
  /** Pesos. */
  prices: { externo: number; estudiante: number; personal: number };
  able: boolean;
  modality: ModalityId;
  capacity: number;
  wording?: CapacityWording;
  venue?: string;
  url: string | null;
  programme: string[] | null;
  art: CourseArt;
}

const AUDITORIO = "Auditorio Dr. Federico Gómez Santos, Hospital Infantil de México Federico Gómez, Dr. Márquez 162, Doctores, Ciudad de México";
const AULA = "Aula de Enseñanza 3, edificio Arturo Mundet, Hospital Infantil de México Federico Gómez, Ciudad de México";
const SIMULACION = "Centro de Simulación Clínica, Hospital Infantil de México Federico Gómez, Ciudad de México";

export const demoCourses: DemoCourse[] = [
  {
    id: 271,
    name: "Curso de Reanimación Neonatal",
    summary: "Pasos iniciales, ventilación con presión positiva y compresiones torácicas en el recién nacido, con práctica en simuladores.",
    month: 0,
    startDay: 19,
    lengthDays: 2,
    prices: { externo: 2500, estudiante: 1200, personal: 0 },
    able: true,
    modality: MODALITY.PRESENCIAL,
    capacity: 30,
    venue: SIMULACION,
    url: "reanimacion-neonatal",
    programme: [
      "Módulo 1. Preparación y evaluación inicial del recién nacido",
      "Módulo 2. Ventilación con presión positiva",
      "Módulo 3. Compresiones torácicas y medicamentos",
      "Módulo 4. Casos simulados y evaluación práctica",
    ],
    art: { eyebrow: "Neonatología", headline: "Reanimación Neonatal", palette: "guinda", motif: "heart" },
  },
  {
    id: 285,
    name: "Curso de Endocrinología Pediátrica",
    summary: "Crecimiento, pubertad, diabetes tipo 1 y enfermedades de tiroides en la consulta pediátrica.",
    month: 0,
    startDay: 26,
    lengthDays: 4,
    prices: { externo: 0, estudiante: 0, personal: 0 },
    able: true,
    modality: MODALITY.EN_LINEA,
    capacity: 0,
    url: "endocrinologia-pediatrica",
    programme: [
      "Sesión 1. Talla baja y evaluación del crecimiento",
      "Sesión 2. Pubertad precoz y retrasada",
      "Sesión 3. Diabetes tipo 1 en la infancia",
      "Sesión 4. Hipotiroidismo congénito y adquirido",
    ],
    art: { eyebrow: "Endocrinología", headline: "Endocrinología Pediátrica", palette: "verde", motif: "book" },
  },
  {
    id: 272,
    name: "Diplomado en Nutrición Pediátrica",
    summary: "Evaluación del estado nutricio, alimentación en el primer año, desnutrición, obesidad y apoyo nutricio hospitalario.",
    month: 1,
    startDay: 9,
    lengthDays: 18,
    prices: { externo: 18000, estudiante: 9000, personal: 6000 },
    able: true,
    modality: MODALITY.PRESENCIAL_Y_EN_LINEA,
    capacity: 40,
    venue: AUDITORIO,
    url: "diplomado-nutricion-pediatrica",
    programme: [
      "Unidad 1. Evaluación antropométrica y bioquímica",
      "Unidad 2. Lactancia y alimentación complementaria",
      "Unidad 3. Desnutrición y obesidad infantil",
      "Unidad 4. Nutrición enteral y parenteral en el paciente hospitalizado",
    ],
    art: { eyebrow: "Nutrición", headline: "Nutrición Pediátrica", palette: "dorado", motif: "leaf" },
  },
  {
    id: 273,
    name: "Actualidades en Infectología Pediátrica",
    summary: "Resistencia antimicrobiana, vacunación, infecciones asociadas a la atención de la salud y uso racional de antibióticos.",
    month: 2,
    startDay: 10,
    lengthDays: 3,
    prices: { externo: 1500, estudiante: 0, personal: 0 },
    able: true,
    modality: MODALITY.EN_LINEA,
    capacity: 0,
    url: "actualidades-infectologia-pediatrica",
    programme: [
      "Conferencia 1. Resistencia antimicrobiana en México",
      "Conferencia 2. Esquema nacional de vacunación: novedades",
      "Conferencia 3. Infecciones asociadas a la atención de la salud",
      "Conferencia 4. Programas de optimización de antimicrobianos",
    ],
    art: { eyebrow: "Infectología", headline: "Infectología Pediátrica", palette: "azul", motif: "cross" },
  },
  {
    id: 274,
    name: "Curso de Urgencias Pediátricas",
    summary: "Triage, choque, insuficiencia respiratoria, crisis convulsivas e intoxicaciones en el servicio de urgencias.",
    month: 3,
    startDay: 13,
    lengthDays: 4,
    prices: { externo: 3500, estudiante: 2000, personal: 1000 },
    able: false,
    modality: MODALITY.PRESENCIAL,
    capacity: 25,
    venue: AULA,
    url: "urgencias-pediatricas",
    programme: [
      "Tema 1. Triage pediátrico",
      "Tema 2. Reconocimiento y manejo del choque",
      "Tema 3. Insuficiencia respiratoria aguda",
      "Tema 4. Estado epiléptico e intoxicaciones",
    ],
    art: { eyebrow: "Urgencias", headline: "Urgencias Pediátricas", palette: "guinda", motif: "cross" },
  },
  {
    id: 275,
    name: "Jornada de Enfermería Pediátrica",
    summary: "Cuidado centrado en la familia, seguridad del paciente y prevención de infecciones en la atención de enfermería.",
    month: 4,
    startDay: 12,
    lengthDays: 1,
    prices: { externo: 0, estudiante: 0, personal: 0 },
    able: true,
    modality: MODALITY.PRESENCIAL_Y_EN_LINEA,
    capacity: 0,
    venue: AUDITORIO,
    url: "jornada-enfermeria-pediatrica",
    programme: [
      "Mesa 1. Cuidado centrado en el paciente y la familia",
      "Mesa 2. Metas internacionales de seguridad del paciente",
      "Mesa 3. Higiene de manos y prevención de infecciones",
      "Mesa 4. Manejo del dolor en pediatría",
    ],
    art: { eyebrow: "Enfermería", headline: "Enfermería Pediátrica", palette: "verde", motif: "heart" },
  },
  {
    id: 276,
    name: "Curso de Cuidados Paliativos Pediátricos",
    summary: "Control de síntomas, comunicación de malas noticias y acompañamiento a la familia al final de la vida.",
    month: 5,
    startDay: 8,
    lengthDays: 4,
    prices: { externo: 0, estudiante: 0, personal: 0 },
    able: true,
    modality: MODALITY.EN_LINEA,
    capacity: 0,
    url: "cuidados-paliativos-pediatricos",
    programme: null,
    art: { eyebrow: "Cuidados paliativos", headline: "Cuidados Paliativos", palette: "dorado", motif: "leaf" },
  },
  {
    id: 277,
    name: "Taller de Lactancia Materna",
    summary: "Técnica de amamantamiento, extracción y conservación de leche, y manejo de las dificultades más frecuentes.",
    month: 6,
    startDay: 14,
    lengthDays: 1,
    prices: { externo: 800, estudiante: 400, personal: 0 },
    able: true,
    modality: MODALITY.PRESENCIAL,
    capacity: 20,
    venue: AULA,
    url: null,
    programme: [
      "Práctica 1. Anatomía y fisiología de la lactancia",
      "Práctica 2. Posiciones y agarre",
      "Práctica 3. Extracción, conservación y banco de leche",
      "Práctica 4. Dificultades frecuentes y su manejo",
    ],
    art: { eyebrow: "Lactancia", headline: "Lactancia Materna", palette: "azul", motif: "heart" },
  },
  {
    id: 278,
    name: "Curso de Oncología Pediátrica",
    summary: "Diagnóstico oportuno de leucemias y tumores sólidos, urgencias oncológicas y soporte al paciente en tratamiento.",
    month: 7,
    startDay: 17,
    lengthDays: 4,
    prices: { externo: 4500, estudiante: 2500, personal: 1500 },
    able: true,
    modality: MODALITY.PRESENCIAL_Y_EN_LINEA,
    capacity: 35,
    venue: AUDITORIO,
    url: "oncologia-pediatrica",
    programme: [
      "Tema 1. Signos de alarma del cáncer infantil",
      "Tema 2. Leucemia linfoblástica aguda",
      "Tema 3. Tumores sólidos más frecuentes",
      "Tema 4. Urgencias oncológicas y cuidados de soporte",
    ],
    art: { eyebrow: "Oncología", headline: "Oncología Pediátrica", palette: "guinda", motif: "book" },
  },
  {
    id: 279,
    name: "Simposio de Cardiología Pediátrica",
    summary: "Cardiopatías congénitas, arritmias y seguimiento del paciente operado, con casos clínicos del hospital.",
    month: 8,
    startDay: 24,
    lengthDays: 1,
    prices: { externo: 1200, estudiante: 600, personal: 0 },
    able: true,
    modality: MODALITY.PRESENCIAL_Y_EN_LINEA,
    capacity: 0,
    venue: AUDITORIO,
    url: "simposio-cardiologia-pediatrica",
    programme: [
      "Ponencia 1. Tamiz cardiaco neonatal",
      "Ponencia 2. Cardiopatías congénitas acianógenas y cianógenas",
      "Ponencia 3. Arritmias en la infancia",
      "Ponencia 4. Seguimiento del paciente posoperado",
    ],
    art: { eyebrow: "Cardiología", headline: "Cardiología Pediátrica", palette: "verde", motif: "heart" },
  },
  {
    id: 280,
    name: "Curso de Terapia Intensiva Pediátrica",
    summary: "Ventilación mecánica, sepsis, manejo hemodinámico y sedoanalgesia en la unidad de cuidados intensivos.",
    month: 9,
    startDay: 5,
    lengthDays: 4,
    prices: { externo: 6000, estudiante: 3000, personal: 2000 },
    able: false,
    modality: MODALITY.PRESENCIAL,
    capacity: 30,
    venue: AUDITORIO,
    url: "terapia-intensiva-pediatrica",
    programme: [
      "Módulo 1. Ventilación mecánica convencional",
      "Módulo 2. Sepsis y choque séptico",
      "Módulo 3. Monitoreo hemodinámico",
      "Módulo 4. Sedoanalgesia y delirium",
    ],
    art: { eyebrow: "Terapia intensiva", headline: "Terapia Intensiva", palette: "dorado", motif: "cross" },
  },
  {
    id: 286,
    name: "Curso de Reanimación Cardiopulmonar Pediátrica",
    summary: "Soporte vital básico y avanzado pediátrico con práctica en equipo sobre maniquíes de alta fidelidad.",
    month: 10,
    startDay: 24,
    lengthDays: 2,
    prices: { externo: 5200, estudiante: 2600, personal: 1300 },
    able: true,
    modality: MODALITY.PRESENCIAL,
    capacity: 24,
    wording: "plazas",
    venue: SIMULACION,
    url: "reanimacion-cardiopulmonar-pediatrica",
    programme: [
      "Estación 1. Soporte vital básico y desfibrilación",
      "Estación 2. Manejo avanzado de la vía aérea",
      "Estación 3. Ritmos de paro y algoritmos",
      "Estación 4. Megacódigo y trabajo en equipo",
    ],
    art: { eyebrow: "Reanimación", headline: "RCP Pediátrica", palette: "guinda", motif: "heart" },
  },
  {
    id: 281,
    name: "Actualización en Neumología Pediátrica",
    summary: "Asma, fibrosis quística, neumonía adquirida en la comunidad y uso de inhaladores en niñas y niños.",
    month: 10,
    startDay: 28,
    lengthDays: 2,
    prices: { externo: 0, estudiante: 0, personal: 0 },
    able: true,
    modality: MODALITY.EN_LINEA,
    capacity: 0,
    url: "neumologia-pediatrica",
    programme: null,
    art: { eyebrow: "Neumología", headline: "Neumología Pediátrica", palette: "azul", motif: "leaf" },
  },
  {
    id: 282,
    name: "Seminario de Bioética en Pediatría",
    summary: "Consentimiento y asentimiento informado, confidencialidad y toma de decisiones difíciles en pediatría.",
    month: 10,
    startDay: 6,
    lengthDays: 0,
    prices: { externo: 0, estudiante: 0, personal: 0 },
    able: false,
    modality: MODALITY.PRESENCIAL,
    capacity: 60,
    venue: AULA,
    url: null,
    programme: null,
    art: { eyebrow: "Bioética", headline: "Bioética en Pediatría", palette: "verde", motif: "book" },
  },
  {
    id: 283,
    name: "Curso de Farmacología Pediátrica",
    summary: "Dosificación por peso, interacciones, farmacovigilancia y prescripción segura en niñas, niños y adolescentes.",
    month: 11,
    startDay: 1,
    lengthDays: 3,
    prices: { externo: 900, estudiante: 450, personal: 0 },
    able: true,
    modality: MODALITY.EN_LINEA,
    capacity: 0,
    url: "farmacologia-pediatrica",
    programme: [
      "Sesión 1. Farmacocinética en las distintas edades",
      "Sesión 2. Cálculo de dosis y errores de medicación",
      "Sesión 3. Interacciones y reacciones adversas",
      "Sesión 4. Farmacovigilancia",
    ],
    art: { eyebrow: "Farmacología", headline: "Farmacología Pediátrica", palette: "dorado", motif: "book" },
  },
  {
    id: 284,
    name: "Taller de Electrocardiografía Pediátrica",
    summary: "Lectura sistemática del electrocardiograma en la infancia y reconocimiento de las alteraciones que exigen atención urgente.",
    month: 11,
    startDay: 8,
    lengthDays: 1,
    prices: { externo: 1800, estudiante: 900, personal: 500 },
    able: false,
    modality: MODALITY.PRESENCIAL,
    capacity: 15,
    venue: AULA,
    url: "electrocardiografia-pediatrica",
    programme: [
      "Práctica 1. El electrocardiograma normal según la edad",
      "Práctica 2. Crecimientos de cavidades",
      "Práctica 3. Bloqueos y arritmias",
      "Práctica 4. Casos de interpretación",
    ],
    art: { eyebrow: "Cardiología", headline: "Electrocardiografía", palette: "azul", motif: "heart" },
  },
];

function isoDate(year: number, monthIndex: number, day: number): string {
  const date = new Date(Date.UTC(year, monthIndex, day));
  return date.toISOString().slice(0, 10);
}

/** The year of a month's next occurrence: this year from the current month on, next year before it. */
function yearFor(month: number, now: Date): number {
  const year = Number(new Intl.DateTimeFormat("en-US", { timeZone: "America/Mexico_City", year: "numeric" }).format(now));
  return month >= currentMonthInMexicoCity(now) ? year : year + 1;
}

function courseContent(course: DemoCourse, start: string) {
  const sessionCount = Math.min(3, course.lengthDays + 1);
  return {
    sessions: Array.from({ length: sessionCount }, (_, index) => ({
      title: `Sesión ${index + 1}`,
      date: isoDate(Number(start.slice(0, 4)), Number(start.slice(5, 7)) - 1, Number(start.slice(8, 10)) + index),
      url: course.modality === MODALITY.PRESENCIAL ? null : `https://aula-virtual.example.org/himfg/${course.id}/sesion-${index + 1}`,
    })),
    videoUrl: course.modality === MODALITY.PRESENCIAL ? null : `https://aula-virtual.example.org/himfg/${course.id}/bienvenida`,
    materials: [
      { title: "Lecturas recomendadas", url: `https://aula-virtual.example.org/himfg/${course.id}/lecturas` },
      { title: "Formato de evaluación final", url: `https://aula-virtual.example.org/himfg/${course.id}/evaluacion` },
    ],
  };
}

export async function seedCourses(trx: Kysely<DB>, now: Date = new Date()): Promise<void> {
  for (const course of demoCourses) {
    const exists = await trx.selectFrom("courses").select("course_id").where("course_id", "=", course.id).executeTakeFirst();
    if (exists) continue;
    const year = yearFor(course.month, now);
    const start = isoDate(year, course.month, course.startDay);
    const finish = isoDate(year, course.month, course.startDay + course.lengthDays);
    const imageId = await storeFile(
      trx,
      {
        fileName: `curso-${course.id}.svg`,
        contentType: "image/svg+xml",
        data: Buffer.from(drawCourseImage(course.art), "utf8"),
      },
      "public",
    );
    const pdfId = course.programme
      ? await storeFile(
          trx,
          {
            fileName: `programa-curso-${course.id}.pdf`,
            contentType: "application/pdf",
            data: writeProgrammePdf({
              title: course.name,
              lines: [
                `Del ${formatCalendarDate(start)} al ${formatCalendarDate(finish)}`,
                `Modalidad: ${MODALITY_LABELS[course.modality]}`,
                ...(course.venue && course.modality !== MODALITY.EN_LINEA ? [`Sede: ${course.venue.split(",")[0]}`] : []),
                "",
                "Programa",
                ...course.programme,
                "",
                "Dirigido a: médicos, personal de enfermería, estudiantes y profesionales de la salud.",
                "Constancia con valor curricular para quienes cubran el 80 % de asistencia.",
              ],
            }),
          },
          "public",
        )
      : null;
    await trx
      .insertInto("courses")
      .values({
        course_id: course.id,
        course_name: course.name,
        course_summary: course.summary,
        course_start_date: start,
        course_finish_date: finish,
        course_price: course.prices.externo * 100,
        course_student_price: course.prices.estudiante * 100,
        course_employee_price: course.prices.personal * 100,
        course_image_file_id: imageId,
        course_pdf_file_id: pdfId,
        course_url: course.url,
        course_password: crypto.randomBytes(6).toString("base64url"),
        course_able: course.able ? 1 : 0,
        course_max_range: course.capacity,
        modality_id: course.modality,
        month_id: course.month,
        capacity_wording: course.wording ?? "personas",
        venue: course.modality === MODALITY.EN_LINEA ? null : (course.venue ?? null),
        online_access_url: course.modality === MODALITY.PRESENCIAL ? null : `https://aula-virtual.example.org/himfg/${course.id}`,
        course_content: JSON.stringify(courseContent(course, start)),
      })
      .execute();
  }
}
