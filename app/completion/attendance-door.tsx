import { Form } from "@remix-run/react";
import type { ActionReply } from "~/actions/reply.server";
import { ErrorSummary, Field, type FieldMeta } from "~/components/forms";
import { checkinTime, courseDayLabel, type AttendanceAnswer } from "./attendance";
import type { dayCheckins, PersonWithCheckin } from "./attendance.server";

// The parts of the attendance page (/admin/cursos/{id}/asistencia) below its check-in forms: the
// answer of the last check-in or correction, the name search's people, the day's list.

/** What the page's action answered: a success (AttendanceAnswer) or the pipeline's refusal. */
export type AttendanceReply = AttendanceAnswer | ActionReply;

function isRefusal(answer: AttendanceReply | undefined): answer is ActionReply {
  return Boolean(answer && "result" in answer);
}

/** The person a refused «marcar»/«retirar» was about (to open their form with its message). */
function refusedEnrolment(answer: AttendanceReply | undefined): number | null {
  if (!isRefusal(answer)) return null;
  const value = Number(answer.result.initialValue?.inscripcion);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** A form field's meta: its messages and typed value when the refusal answers this field's intent. */
export function fieldMeta(name: string, id: string, answer: AttendanceReply | undefined, intent: string): FieldMeta {
  const refusal = isRefusal(answer) && answer.intent === intent ? answer.result : undefined;
  const typed = refusal?.initialValue?.[name];
  return {
    id,
    name,
    errorId: `${id}-error`,
    descriptionId: `${id}-hint`,
    errors: refusal?.error?.[name] ?? undefined,
    initialValue: typeof typed === "string" ? typed : undefined,
  };
}

export function CheckinAnswer({ answer }: { answer: AttendanceReply | undefined }) {
  if (!answer) return null;
  if (isRefusal(answer)) {
    const enrolmentId = refusedEnrolment(answer);
    const fieldIds: Record<string, string> = {
      numero_de_control: "numero-de-control",
      dia: "dia",
      motivo: `${answer.intent === "marcar" ? "marcar" : "retirar"}-motivo-${enrolmentId ?? 0}`,
    };
    const errors = Object.entries(answer.result.error ?? {})
      .filter(([name]) => name !== "")
      .flatMap(([name, messages]) => (messages ?? []).map((message) => ({ fieldId: fieldIds[name] ?? "numero-de-control", message })));
    const title =
      answer.intent === "retirar"
        ? "No se retiró el registro"
        : answer.intent === "marcar"
          ? "No se marcó la asistencia"
          : "No se registró la entrada";
    return <ErrorSummary title={title} errors={errors} formErrors={answer.result.error?.[""] ?? []} focusKey={answer} />;
  }
  if (answer.withdrawn) {
    return (
      <div className="attendance__result" role="status">
        <p>
          Retiramos el registro de {answer.withdrawn.name} del {courseDayLabel(answer.withdrawn.day)}.
        </p>
      </div>
    );
  }
  if (!answer.done) return null;
  const { person, message, already } = answer.done;
  return (
    <div className={`attendance__result${already ? " attendance__result--already" : ""}`} role="status" data-testid="checkin-result">
      <p className="attendance__message">{message}</p>
      <p className="attendance__person">{person.name}</p>
      <p>
        {person.profileLabel} · {person.modalityLabel} · Inscripción {person.statusLabel.toLowerCase()}
      </p>
    </div>
  );
}

export function SearchResults({
  people,
  more,
  day,
  action,
  answer,
}: {
  people: PersonWithCheckin[];
  more: boolean;
  day: string;
  action: string;
  answer: AttendanceReply | undefined;
}) {
  if (people.length === 0) return <p role="status">Nadie inscrito en este curso tiene ese nombre.</p>;
  return (
    <>
      <p role="status">
        {people.length === 1 ? "1 persona" : `${people.length} personas`}
        {more ? " (hay más: escriba más letras del nombre)" : ""}.
      </p>
      <ul className="attendance__people">
        {people.map((person) => {
          return (
            <li key={person.enrolmentId}>
              <p className="attendance__person">{person.name}</p>
              <p>
                {person.profileLabel} · {person.modalityLabel} · Inscripción {person.statusLabel.toLowerCase()}
                {person.checkedInAt ? ` · Registrado a las ${checkinTime(person.checkedInAt)}` : ""}
              </p>
              {person.checkedInAt ? null : (
                <>
                  <Form method="post" action={action}>
                    <input type="hidden" name="intent" value="nombre" />
                    <input type="hidden" name="dia" value={day} />
                    <input type="hidden" name="inscripcion" value={person.enrolmentId} />
                    <button type="submit" className="button">
                      Registrar entrada<span className="visually-hidden"> de {person.name}</span>
                    </button>
                  </Form>
                  <ReasonForm
                    intent="marcar"
                    summary="Marcar a mano, con motivo"
                    hint="Por ejemplo: asistió en línea a la sesión."
                    button="Marcar asistencia"
                    person={{ name: person.name, enrolmentId: person.enrolmentId }}
                    {...{ day, action, answer }}
                  />
                </>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * A correction with its reason, folded under a summary: «marcar» (a check-in by hand) or
 * «retirar» (withdraw one), opened with its message when the refusal was about this person.
 */
function ReasonForm({
  intent,
  summary,
  hint,
  button,
  person,
  day,
  action,
  answer,
}: {
  intent: "marcar" | "retirar";
  summary: string;
  hint: string;
  button: string;
  person: { name: string; enrolmentId: number };
  day: string;
  action: string;
  answer: AttendanceReply | undefined;
}) {
  const motivo = fieldMeta(
    "motivo",
    `${intent}-motivo-${person.enrolmentId}`,
    refusedEnrolment(answer) === person.enrolmentId ? answer : undefined,
    intent,
  );
  return (
    <details className="attendance__correct" open={Boolean(motivo.errors?.length)}>
      <summary>
        {summary}
        <span className="visually-hidden"> ({person.name})</span>
      </summary>
      <Form method="post" action={action} className="staff-form" noValidate>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="dia" value={day} />
        <input type="hidden" name="inscripcion" value={person.enrolmentId} />
        <Field meta={motivo} label="Motivo" hint={hint} maxLength={500} required />
        <button type="submit" className="button button--secondary">
          {button}
          <span className="visually-hidden"> de {person.name}</span>
        </button>
      </Form>
    </details>
  );
}

export function DayList({
  checkins,
  day,
  action,
  answer,
}: {
  checkins: Awaited<ReturnType<typeof dayCheckins>>;
  day: string;
  action: string;
  answer: AttendanceReply | undefined;
}) {
  if (checkins.length === 0) return <p>Nadie se ha registrado este día.</p>;
  return (
    <ul className="attendance__people" data-testid="day-list">
      {checkins.map((checkin) => {
        return (
          <li key={checkin.id} className={checkin.removedAt ? "attendance__withdrawn" : undefined}>
            <p className="attendance__person">
              {checkin.name} <span className="staff-table__aside">({checkin.participantId})</span>
            </p>
            <p>
              {checkin.removedAt ? "Retirado" : `${checkinTime(checkin.checkedInAt)}`} · {checkin.methodLabel}
              {checkin.recordedBy ? ` · ${checkin.recordedBy}` : ""}
              {checkin.reason ? ` · Motivo: ${checkin.reason}` : ""}
            </p>
            {checkin.removedAt ? null : (
              <ReasonForm
                intent="retirar"
                summary="Retirar este registro"
                hint="Por ejemplo: se registró por error."
                button="Retirar registro"
                person={{ name: checkin.name, enrolmentId: checkin.enrolmentId }}
                {...{ day, action, answer }}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
