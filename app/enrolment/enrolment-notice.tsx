import { Link } from "@remix-run/react";
import type { EnrolmentStatus } from "~/db.server";

/** What the participant already has in a course, shown instead of "Comprar" (catalogue, course page, /payment). */
export interface EnrolmentSummary {
  id: number;
  status: EnrolmentStatus;
}

/** Statuses that replace the buying controls: nothing is left to buy. */
export function replacesPurchase(status: EnrolmentStatus | undefined): boolean {
  return status === "confirmada" || status === "pendiente_de_revision" || status === "suspendida";
}

export function EnrolmentNotice({ enrolment, contact }: { enrolment: EnrolmentSummary; contact?: { phone: string; email: string } }) {
  if (enrolment.status === "confirmada") {
    return (
      <div className="enrolment-notice enrolment-notice--confirmed">
        <p>
          <strong>Ya está inscrito en este curso.</strong>
        </p>
        <p className="enrolment-notice__links">
          <a className="button" href={`/payment/acceso/${enrolment.id}.pdf`} download>
            Descargar acceso (PDF)
          </a>
          <Link to="/profile#mis-inscripciones">Ver mis inscripciones</Link>
        </p>
      </div>
    );
  }
  if (enrolment.status === "pendiente_de_revision") {
    return (
      <div className="enrolment-notice">
        <p>
          <strong>Su documentación está en revisión.</strong> Cuando la Dirección de Enseñanza la revise le escribiremos por correo electrónico; no
          tiene nada que pagar mientras tanto.
        </p>
        <p>
          <Link to="/profile#mis-inscripciones">Ver mis inscripciones</Link>
        </p>
      </div>
    );
  }
  if (enrolment.status === "suspendida") {
    return (
      <div className="enrolment-notice enrolment-notice--suspended">
        <p>
          <strong>Su inscripción está suspendida:</strong> el pago registrado no coincide con el reporte del banco. Mientras lo revisamos, el acceso
          al curso no está disponible.
        </p>
        {contact ? (
          <p>
            Comuníquese al <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>{contact.phone}</a> o a{" "}
            <a href={`mailto:${contact.email}`}>{contact.email}</a>.
          </p>
        ) : null}
      </div>
    );
  }
  return null;
}
