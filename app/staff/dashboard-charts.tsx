import { BarChart } from "~/components/bar-chart";
import { StaffTable } from "~/components/staff-table";
import { ENROLMENT_MODALITY_LABELS } from "~/courses/modality";
import { PROFILE_LABELS } from "~/courses/pricing";
import { formatCalendarMonth } from "~/finance/finance-labels";
import type { ConstanciaMonth, CourseSeats, EnrolmentMonth, WaitingBand } from "./dashboard.server";

// The Teaching office's charts on /admin/dashboard: each the one staff bar chart
// (app/components/bar-chart.tsx) followed by a table with the same figures.

const count = new Intl.NumberFormat("es-MX");
const formatCount = (value: number) => count.format(value);
/** Axis ticks of counts: whole numbers only (a quarter of a top of 2 is no count). */
const formatTick = (value: number) => (Number.isInteger(value) ? count.format(value) : "");

const PROFILE_SERIES = [
  { key: "PERSONAL_HIMFG", label: PROFILE_LABELS.PERSONAL_HIMFG, className: "bar-chart__bar--a" },
  { key: "ESTUDIANTE", label: PROFILE_LABELS.ESTUDIANTE, className: "bar-chart__bar--b" },
  { key: "EXTERNO", label: PROFILE_LABELS.EXTERNO, className: "bar-chart__bar--c" },
] as const;

const MODALITY_SERIES = [
  { key: "presencial", label: ENROLMENT_MODALITY_LABELS.presencial, className: "bar-chart__bar--a" },
  { key: "en_linea", label: ENROLMENT_MODALITY_LABELS.en_linea, className: "bar-chart__bar--d" },
] as const;

function span(months: readonly { month: string }[]): string {
  const first = months[0];
  const last = months[months.length - 1];
  return first && last ? `de ${formatCalendarMonth(first.month)} a ${formatCalendarMonth(last.month)}` : "";
}

export function EnrolmentCharts({ months }: { months: readonly EnrolmentMonth[] }) {
  const rows = (pick: (month: EnrolmentMonth) => Record<string, number>) =>
    months.map((month) => ({
      key: month.month,
      label: formatCalendarMonth(month.month),
      shortLabel: formatCalendarMonth(month.month, "short"),
      values: pick(month),
    }));
  return (
    <>
      <BarChart
        testId="enrolments-by-profile-chart"
        title="Inscripciones confirmadas por mes y perfil"
        description={`Barras horizontales ${span(months)}: personal HIMFG, estudiantes y externos de cada mes. Las cifras exactas están en la tabla siguiente.`}
        series={PROFILE_SERIES}
        rows={rows((month) => ({
          PERSONAL_HIMFG: month.counts.PERSONAL_HIMFG.presencial + month.counts.PERSONAL_HIMFG.en_linea,
          ESTUDIANTE: month.counts.ESTUDIANTE.presencial + month.counts.ESTUDIANTE.en_linea,
          EXTERNO: month.counts.EXTERNO.presencial + month.counts.EXTERNO.en_linea,
        }))}
        format={formatCount}
        tickFormat={formatTick}
      />
      <BarChart
        testId="enrolments-by-modality-chart"
        title="Inscripciones confirmadas por mes y modalidad"
        description={`Barras horizontales ${span(months)}: presenciales y en línea de cada mes. Las cifras exactas están en la tabla siguiente.`}
        series={MODALITY_SERIES}
        rows={rows((month) => ({
          presencial: month.counts.PERSONAL_HIMFG.presencial + month.counts.ESTUDIANTE.presencial + month.counts.EXTERNO.presencial,
          en_linea: month.counts.PERSONAL_HIMFG.en_linea + month.counts.ESTUDIANTE.en_linea + month.counts.EXTERNO.en_linea,
        }))}
        format={formatCount}
        tickFormat={formatTick}
      />
      <StaffTable
        caption="Inscripciones confirmadas por mes, perfil y modalidad"
        hideCaption
        testId="enrolments-table"
        columns={[
          "Mes",
          ...PROFILE_SERIES.flatMap((profile) => MODALITY_SERIES.map((modality) => `${profile.label}, ${modality.label.toLowerCase()}`)),
          "Total",
        ]}
      >
        {months.map((month) => (
          <tr key={month.month}>
            <th scope="row">{formatCalendarMonth(month.month)}</th>
            {PROFILE_SERIES.flatMap((profile) =>
              MODALITY_SERIES.map((modality) => (
                <td key={`${profile.key}-${modality.key}`}>{count.format(month.counts[profile.key][modality.key])}</td>
              )),
            )}
            <td>{count.format(month.total)}</td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}

const dayFormat = new Intl.DateTimeFormat("es-MX", { day: "numeric", month: "short", timeZone: "UTC" });

export function SeatsChart({ monthLabel, courses }: { monthLabel: string; courses: readonly CourseSeats[] }) {
  if (courses.length === 0) return <p>Ningún curso con lugares presenciales empieza en {monthLabel}.</p>;
  return (
    <>
      <BarChart
        testId="seats-chart"
        title={`Lugares presenciales de los cursos que empiezan en ${monthLabel}`}
        description="Por curso, los lugares ocupados (inscripciones confirmadas y lugares apartados para un pago en curso) junto al cupo. Las cifras exactas están en la tabla siguiente."
        series={[
          { key: "taken", label: "Ocupados", className: "bar-chart__bar--a" },
          { key: "capacity", label: "Cupo", className: "bar-chart__bar--d" },
        ]}
        rows={courses.map((course) => ({
          key: String(course.courseId),
          label: course.courseName,
          shortLabel: course.courseName.length > 18 ? `${course.courseName.slice(0, 17).trimEnd()}…` : course.courseName,
          values: { taken: course.taken, capacity: course.capacity },
        }))}
        labelWidth={116}
        format={formatCount}
        tickFormat={formatTick}
      />
      <StaffTable
        caption={`Lugares de los cursos que empiezan en ${monthLabel}`}
        hideCaption
        testId="seats-table"
        columns={["Curso", "Inicio", "Ocupados", "Cupo", "En línea"]}
      >
        {courses.map((course) => (
          <tr key={course.courseId}>
            <th scope="row">{course.courseName}</th>
            <td>{dayFormat.format(new Date(`${course.startDate}T12:00:00Z`))}</td>
            <td>{count.format(course.taken)}</td>
            <td>{count.format(course.capacity)}</td>
            <td>{count.format(course.online)}</td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}

export function WaitingDocumentsChart({ bands }: { bands: readonly WaitingBand[] }) {
  return (
    <>
      <BarChart
        testId="documents-chart"
        title="Documentos por revisar según su espera"
        description="Cuántos documentos esperan revisión, según los días que llevan esperando. Las cifras exactas están en la tabla siguiente."
        series={[{ key: "count", label: "Documentos", className: "bar-chart__bar--b" }]}
        rows={bands.map((band) => ({
          key: band.key,
          label: band.label,
          shortLabel: band.key === "15+" ? "15+ días" : `${band.key} días`,
          values: { count: band.count },
        }))}
        format={formatCount}
        tickFormat={formatTick}
      />
      <StaffTable caption="Documentos por revisar según su espera" hideCaption testId="documents-table" columns={["Espera", "Documentos"]}>
        {bands.map((band) => (
          <tr key={band.key}>
            <th scope="row">{band.label}</th>
            <td>{count.format(band.count)}</td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}

export function ConstanciasChart({ months }: { months: readonly ConstanciaMonth[] }) {
  return (
    <>
      <BarChart
        testId="constancias-chart"
        title="Constancias emitidas por mes"
        description={`Barras horizontales ${span(months)}: constancias de asistencia y de acreditación de cada mes. Las cifras exactas están en la tabla siguiente.`}
        series={[
          { key: "asistencia", label: "Asistencia", className: "bar-chart__bar--a" },
          { key: "acreditacion", label: "Acreditación", className: "bar-chart__bar--c" },
        ]}
        rows={months.map((month) => ({
          key: month.month,
          label: formatCalendarMonth(month.month),
          shortLabel: formatCalendarMonth(month.month, "short"),
          values: month.counts,
        }))}
        format={formatCount}
        tickFormat={formatTick}
      />
      <StaffTable
        caption="Constancias emitidas por mes"
        hideCaption
        testId="constancias-table"
        columns={["Mes", "Asistencia", "Acreditación", "Total"]}
      >
        {months.map((month) => (
          <tr key={month.month}>
            <th scope="row">{formatCalendarMonth(month.month)}</th>
            <td>{count.format(month.counts.asistencia)}</td>
            <td>{count.format(month.counts.acreditacion)}</td>
            <td>{count.format(month.total)}</td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}
