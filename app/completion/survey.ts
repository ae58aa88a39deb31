/**
 * The course quality survey exactly as the current site asks it (site-facts `courseQualitySurvey`,
 * src/pages/test/qualityTest.js): three sections of closed questions answered on the scale
 * (E) Excelente / (B) Bueno / (D) Deficiente, then four open questions. Client-safe.
 *
 * Answers are keyed "s<section>q<question>", both counted from 1 (survey_responses.answers).
 */
export const SURVEY_TITLE = "Evaluación de calidad";

export const SURVEY_SCALE = [
  { value: "E", label: "(E) Excelente" },
  { value: "B", label: "(B) Bueno" },
  { value: "D", label: "(D) Deficiente" },
] as const;

export type SurveyGrade = (typeof SURVEY_SCALE)[number]["value"];

export const SURVEY_SECTIONS: readonly { title: string; open: boolean; questions: readonly string[] }[] = [
  {
    title: "Estructura y contenido del curso",
    open: false,
    questions: [
      "¿Los conocimientos, habilidades o destrezas señaladas en el objetivo general, los adquirió con un nivel?",
      "¿Los temas revisados durante el curso correspondieron a los programados?",
      "¿Los contenidos abordados durante el curso son aplicables en su trabajo?",
      "¿El curso dio respuesta a sus intereses y expectativas?",
      "Para cubrir los temas y actividades, el tiempo de duración fue",
    ],
  },
  {
    title: "Instructor",
    open: false,
    questions: [
      "El dominio del tema por los profesores fue",
      "La retroalimentación y solución de las dudas por parte del instructor fue",
      "El material de apoyo utilizado por los instructores fue",
    ],
  },
  {
    title: "Organización",
    open: false,
    questions: ["Los trámites para su inscripción fueron", "Las condiciones del equipo e instalaciones, o de la plataforma digital fueron?"],
  },
  {
    title: "Organización (preguntas abiertas)",
    open: true,
    questions: [
      "De los temas revisados durante el curso, ¿cuáles son más útiles en su práctica profesional?",
      "¿Qué temas o actividades desearía incluir en este curso?",
      "¿Recomendaría este curso (Sí/No) y por qué?",
      "Sugerencias o comentarios que permitan mejorar el curso",
    ],
  },
];

export interface SurveyQuestion {
  key: string;
  section: string;
  prompt: string;
  open: boolean;
}

/** Every question in the survey's order, with its answer key. */
export const SURVEY_QUESTIONS: readonly SurveyQuestion[] = SURVEY_SECTIONS.flatMap((section, s) =>
  section.questions.map((prompt, q) => ({ key: `s${s + 1}q${q + 1}`, section: section.title, prompt, open: section.open })),
);

/** The longest open answer kept. */
export const SURVEY_OPEN_MAX = 2000;
