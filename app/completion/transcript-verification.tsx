import { CONSTANCIA_KIND_LABELS, constanciaVerificationPath } from "./constancia-folio";
import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";
import { TRANSCRIPT_TITLE } from "./transcript-folio";

/** The verification page's view of a transcript (TranscriptVerificationView, as the loader sends it). */
export interface VerifiedTranscript {
  folio: string;
  year: number;
  participantName: string;
  totalHours: number;
  issuedAt: string;
  state: "valida" | "desactualizada" | "reemplazada";
  replacedBy?: string;
  entries: { folio: string; kind: keyof typeof CONSTANCIA_KIND_LABELS; courseName: string; dates: string; hours: number }[];
}

const dateFormat = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: MEXICO_CITY_TIME_ZONE });
const hoursText = (hours: number) => `${hours} ${hours === 1 ? "hora" : "horas"}`;

const STATE_TEXT = {
  valida: "Constancia anual válida",
  desactualizada: "Constancia anual desactualizada: ya no es válida",
  reemplazada: "Constancia anual reemplazada: ya no es válida",
} as const;

/**
 * /verificar/constancia/{folio} for a transcript's folio (decision 0054): what the transcript shows
 * (name as issued, year, the list of constancias, total hours, folio, issue date) and its state.
 */
export function TranscriptVerification({ transcript }: { transcript: VerifiedTranscript }) {
  return (
    <div className="container page">
      <h1>Verificación de constancia</h1>
      <p
        className={transcript.state === "valida" ? "verification__status" : "verification__status verification__status--invalid"}
        role="status"
        data-testid="constancia-state"
      >
        {STATE_TEXT[transcript.state]}
      </p>
      {transcript.state === "reemplazada" && transcript.replacedBy ? (
        <p>
          Fue sustituida por la constancia anual con folio <a href={constanciaVerificationPath(transcript.replacedBy)}>{transcript.replacedBy}</a>.
        </p>
      ) : null}
      {transcript.state === "desactualizada" ? (
        <p>Después de emitirse cambió alguna de las constancias de ese año. La persona puede descargar la constancia anual vigente.</p>
      ) : null}
      <dl className="verification__facts">
        <div>
          <dt>Folio</dt>
          <dd>{transcript.folio}</dd>
        </div>
        <div>
          <dt>Tipo</dt>
          <dd>{`${TRANSCRIPT_TITLE} ${transcript.year}`}</dd>
        </div>
        <div>
          <dt>Otorgada a</dt>
          <dd>{transcript.participantName}</dd>
        </div>
        <div>
          <dt>Total de horas</dt>
          <dd>{hoursText(transcript.totalHours)}</dd>
        </div>
        <div>
          <dt>Emitida el</dt>
          <dd>{dateFormat.format(new Date(transcript.issuedAt))}</dd>
        </div>
      </dl>
      <h2>Constancias que incluye</h2>
      <ul className="transcript-list">
        {transcript.entries.map((entry) => (
          <li key={entry.folio}>
            <strong>{entry.courseName}</strong>
            <br />
            {entry.dates} · {hoursText(entry.hours)} · {CONSTANCIA_KIND_LABELS[entry.kind]}
            <br />
            Folio <a href={constanciaVerificationPath(entry.folio)}>{entry.folio}</a>
          </li>
        ))}
      </ul>
      <p>
        Esta página la publica el Hospital Infantil de México Federico Gómez para comprobar los datos impresos en la constancia anual. Si no
        coinciden, comuníquese con la Dirección de Enseñanza.
      </p>
    </div>
  );
}
