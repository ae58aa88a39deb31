import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { evaluationResults } from "~/completion/evaluation-results.server";
import { SurveyQuestionChart } from "~/completion/survey-chart";
import { surveySummary } from "~/completion/survey.server";
import { StaffTable } from "~/components/staff-table";
import { getAdminCourse } from "~/courses/course-admin.server";
import { db } from "~/db.server";
import { ENROLMENT_STATUS_LABELS } from "~/enrolment/enrolment-labels";
import { requireStaff } from "~/staff/guard.server";
import { staffAccessOf } from "~/staff/access-registry";
import { idParam, orNotFound } from "~/staff/teaching/route-helpers.server";
import evaluationStyles from "~/styles/evaluation.css";
import teachingStyles from "~/styles/teaching.css";

/** The Teaching office reads a course's grades and its quality survey, aggregated (issue 25). */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: teachingStyles },
  { rel: "stylesheet", href: evaluationStyles },
];

export const staffAccess = staffAccessOf("routes/admin.cursos.$courseId.evaluacion.resultados");

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Resultados de la evaluación: ${data?.course.name ?? "curso"} | Área del personal | HIMFG` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const course = orNotFound(await getAdminCourse(db, idParam(params.courseId)));
  const [rows, survey, evaluation] = await Promise.all([
    evaluationResults(db, course.course_id),
    surveySummary(db, course.course_id),
    db.selectFrom("course_evaluations").select(["passing_grade", "attempts_allowed"]).where("course_id", "=", course.course_id).executeTakeFirst(),
  ]);
  return {
    course: { id: course.course_id, name: course.course_name },
    evaluation: evaluation ? { passingGrade: evaluation.passing_grade, attemptsAllowed: evaluation.attempts_allowed } : null,
    rows,
    survey,
  };
}

export default function EvaluationResults() {
  const { course, evaluation, rows, survey } = useLoaderData<typeof loader>();
  const base = `/admin/cursos/${course.id}/evaluacion`;
  const passed = rows.filter((r) => r.passed).length;
  const attempted = rows.filter((r) => r.grades.length).length;
  return (
    <div className="container page staff-page">
      <p>
        <Link to={base}>← Evaluación: {course.name}</Link>
      </p>
      <h1>Resultados: {course.name}</h1>
      <p>
        Descargar los resultados (calificaciones y respuestas de la encuesta por participante):{" "}
        <a href={`${base}/exportar?formato=csv`} download>
          CSV
        </a>{" "}
        ·{" "}
        <a href={`${base}/exportar?formato=xlsx`} download>
          Excel (XLSX)
        </a>
      </p>

      <section aria-labelledby="grades-title">
        <h2 id="grades-title">Calificaciones</h2>
        {evaluation ? (
          <p>
            Calificación aprobatoria: {evaluation.passingGrade}. Intentos permitidos: {evaluation.attemptsAllowed}. Presentaron la evaluación{" "}
            {attempted} de {rows.length}; aprobaron {passed}.
          </p>
        ) : (
          <p>Este curso todavía no tiene evaluación.</p>
        )}
        {rows.length ? (
          <StaffTable
            caption="Calificaciones por participante"
            hideCaption
            columns={["Participante", "Inscripción", "Intentos", "Mejor calificación", "Resultado", "Encuesta"]}
          >
            {rows.map((row) => (
              <tr key={row.enrolmentId}>
                <th scope="row">
                  <Link to={`/admin/estudiantes/${row.participantId}`}>{row.name}</Link>{" "}
                  <span className="staff-table__aside">({row.participantId})</span>
                </th>
                <td>{ENROLMENT_STATUS_LABELS[row.status]}</td>
                <td>{row.grades.length ? row.grades.join(", ") : "Ninguno"}</td>
                <td>{row.bestGrade ?? "—"}</td>
                <td>{row.grades.length ? (row.passed ? "Aprobó" : "No aprobó") : "Sin presentar"}</td>
                <td>{row.surveySubmittedAt ? "Respondida" : "Sin responder"}</td>
              </tr>
            ))}
          </StaffTable>
        ) : (
          <p>No hay participantes confirmados en este curso.</p>
        )}
      </section>

      <section aria-labelledby="survey-title">
        <h2 id="survey-title">Evaluación de calidad</h2>
        <p>{survey.responses === 1 ? "1 participante respondió." : `${survey.responses} participantes respondieron.`}</p>
        {survey.closed.map((question, index) => (
          <SurveyQuestionChart key={question.key} number={index + 1} prompt={question.prompt} counts={question.counts} />
        ))}
        <h3>Preguntas abiertas</h3>
        {survey.open.map((question) => (
          <section key={question.key} aria-labelledby={`${question.key}-title`} className="survey-open">
            <h4 id={`${question.key}-title`}>{question.prompt}</h4>
            {question.answers.length ? (
              <ul>
                {question.answers.map((answer, index) => (
                  <li key={index}>{answer}</li>
                ))}
              </ul>
            ) : (
              <p>Sin respuestas.</p>
            )}
          </section>
        ))}
      </section>
    </div>
  );
}
