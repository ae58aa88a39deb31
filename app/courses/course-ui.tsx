import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import type { CardAction } from "./catalogue";

/** The facts every course shows (dates, modality, capacity, venue); `children` adds more rows. */
export function CourseFacts({
  card,
  className,
  children,
}: {
  card: { startIso: string; finishIso: string; startDate: string; finishDate: string; modality: string; capacity: string; venue: string | null };
  className: string;
  children?: ReactNode;
}) {
  return (
    <dl className={className}>
      <div>
        <dt>Fechas</dt>
        <dd>
          <CourseDates card={card} />
        </dd>
      </div>
      <div>
        <dt>Modalidad</dt>
        <dd>{card.modality}</dd>
      </div>
      <div>
        <dt>Cupo</dt>
        <dd>{card.capacity}</dd>
      </div>
      {card.venue ? (
        <div>
          <dt>Sede</dt>
          <dd>{card.venue}</dd>
        </div>
      ) : null}
      {children}
    </dl>
  );
}

/** "Del 15 de marzo de 2027 al 17 de marzo de 2027", or "El 6 de noviembre de 2026" for one day. */
export function CourseDates({ card }: { card: { startIso: string; finishIso: string; startDate: string; finishDate: string } }) {
  if (card.startIso === card.finishIso) {
    return (
      <>
        El <time dateTime={card.startIso}>{card.startDate}</time>
      </>
    );
  }
  return (
    <>
      Del <time dateTime={card.startIso}>{card.startDate}</time> al <time dateTime={card.finishIso}>{card.finishDate}</time>
    </>
  );
}

/** The URL of the programme page, the no-JavaScript twin of the programme dialog. */
export function programmePagePath(courseId: number): string {
  return `/ensenanza/offer/programa/${courseId}`;
}

export interface ProgrammeInfo {
  courseId: number;
  courseName: string;
  pdfUrl: string | null;
  courseEntryUrl: string | null;
}

/** True once React has hydrated in the browser (false in the server HTML and the first render). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The programme itself: the link to enter the course and a plain link to open the PDF (phones do
 * not show PDFs inside frames) first, so they are in view without scrolling on a phone; then the
 * PDF embedded from /archivos (same origin, allowed by frame-src 'self'). The two messages are
 * the seed's, word for word.
 */
export function ProgrammeContent({ programme }: { programme: ProgrammeInfo }) {
  return (
    <div className="programme">
      <div className="programme__actions">
        {programme.courseEntryUrl ? (
          <p className="programme__entry">
            <Link className="button" to={programme.courseEntryUrl}>
              Entrar al curso
            </Link>
          </p>
        ) : (
          <p className="programme__missing">Enlace al curso no disponible</p>
        )}
        {programme.pdfUrl ? (
          <p className="programme__pdf-link">
            <a href={programme.pdfUrl} target="_blank" rel="noopener">
              Abrir el programa en PDF<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
            </a>
          </p>
        ) : (
          <p className="programme__missing">Programa no disponible</p>
        )}
      </div>
      {programme.pdfUrl ? (
        <iframe className="programme__frame" src={programme.pdfUrl} title={`Programa del curso ${programme.courseName} (PDF)`} />
      ) : null}
    </div>
  );
}

/**
 * One modal dialog for the whole catalogue, filled by the page script (app/enhance/programme-
 * dialog.ts) from the programme's <template>. Native <dialog> with showModal() gives the focus
 * trap, Esc to close and an inert page behind; closing sends focus back to the button that
 * opened it. The catalogue does not hydrate (decision 0027).
 */
export function ProgrammeDialog() {
  return (
    <dialog className="programme-dialog" aria-labelledby="programme-dialog-title">
      <div className="programme-dialog__header">
        <h2 id="programme-dialog-title" className="programme-dialog__title">
          Programa del curso
        </h2>
        <button type="button" className="programme-dialog__close">
          Cerrar<span className="visually-hidden"> el programa</span>
        </button>
      </div>
    </dialog>
  );
}

/**
 * "Programa": a link to the programme page (works without JavaScript), and the programme's
 * content in an inert <template>; the page script turns the link into a button that opens
 * the dialog with that content.
 */
export function ProgrammeTrigger({ programme, describedBy }: { programme: ProgrammeInfo; describedBy: string }) {
  const templateId = `programa-${programme.courseId}`;
  return (
    <>
      <a
        className="button course-button--secondary"
        href={programmePagePath(programme.courseId)}
        aria-describedby={describedBy}
        data-programme={templateId}
        data-course-name={programme.courseName}
      >
        Programa
      </a>
      <template id={templateId}>
        <ProgrammeContent programme={programme} />
      </template>
    </>
  );
}

/**
 * The card's action: a POST form to the catalogue's own action, which stores the chosen course
 * in the server session and redirects to /register or /payment. It sends only the course id;
 * the server decides everything else.
 */
export function ChooseCourseForm({
  action,
  courseId,
  formAction,
  describedBy,
}: {
  action: CardAction;
  courseId: number;
  formAction: string;
  describedBy: string;
}): ReactNode {
  const navigation = useNavigation();
  if (action.kind === "closed") return <p className="course-card__closed">Inscripciones cerradas</p>;
  const pending = navigation.state !== "idle" && navigation.formData?.get("courseId") === String(courseId);
  return (
    <Form method="post" action={formAction} className="course-card__form">
      <input type="hidden" name="intent" value="choose" />
      <input type="hidden" name="courseId" value={courseId} />
      <button type="submit" className="button" aria-describedby={describedBy} data-pending={pending || undefined}>
        {pending ? <span className="spinner" aria-hidden="true" /> : null}
        {action.label}
      </button>
    </Form>
  );
}
