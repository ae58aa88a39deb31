import { StaffTable } from "~/components/staff-table";
import { formatMoney } from "~/courses/pricing";
import { CARD_STATUS_LABELS, formatInstant } from "./format";

export interface CardAttemptRow {
  id: number;
  controlNumber: string;
  courseName?: string;
  amountCentavos: number;
  status: string;
  refunded: boolean;
  authorisationCode: string | null;
  reference?: string | null;
  createdAt: string;
}

/**
 * The card payment attempts of a participant (/admin/estudiantes/:id, with the course column) or
 * of one enrolment (/admin/pagos/:id, with the bank reference column), one row an attempt.
 */
export function CardAttemptsTable({
  caption,
  attempts,
  show,
}: {
  caption: string;
  attempts: readonly CardAttemptRow[];
  /** "course": a Curso column and a short «Autorización» header; "reference": the bank's Referencia column. */
  show: "course" | "reference";
}) {
  const columns =
    show === "course"
      ? ["Número de control", "Curso", "Importe", "Estado", "Autorización", "Fecha"]
      : ["Número de control", "Importe", "Estado", "Código de autorización", "Referencia", "Fecha"];
  return (
    <StaffTable caption={caption} columns={columns}>
      {attempts.map((a) => (
        <tr key={a.id}>
          <th scope="row">{a.controlNumber}</th>
          {show === "course" ? <td>{a.courseName}</td> : null}
          <td>{formatMoney(a.amountCentavos)}</td>
          <td>
            {CARD_STATUS_LABELS[a.status] ?? a.status}
            {a.refunded ? " (reembolsado)" : ""}
          </td>
          <td>{a.authorisationCode ?? "—"}</td>
          {show === "reference" ? <td>{a.reference ?? "—"}</td> : null}
          <td>{formatInstant(a.createdAt)}</td>
        </tr>
      ))}
    </StaffTable>
  );
}
