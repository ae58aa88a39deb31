import { Form } from "@remix-run/react";
import { StaffEditorPage } from "~/components/staff-editor-page";
import { formatMexicoCityDateTime } from "~/utils/mexico-city";
import { sentence } from "~/utils/sentence";
import type { PageStatus } from "./page-forms";
import type { RevisionListItem } from "./revisions.server";
import { publicationStatusText } from "./record-list";

/**
 * The one history screen of every kind of record (issue 12, issue 23): who saved what and when,
 * a comparison of two versions, and «Restaurar». Publishable records (pages, department pages,
 * research units, profile records) also say their publication state and offer «Restaurar como
 * borrador»; the others (banners, gallery images, menu links, library panels, collection
 * introductions) restore straight onto the record.
 */
const ACTION_TEXT = {
  inicial: "Versión inicial (contenido anterior al editor)",
  crear: "Creación",
  editar: "Edición",
  restaurar: "Restauración",
  publicar: "Publicación programada",
  descartar: "Cambios pendientes descartados (vuelve a la versión publicada)",
  retirar: "Retirada del sitio",
} as const;

/** One version as the screen lists it (the revisions' list item, as the loader sends it). */
export type HistoryLine = RevisionListItem;

interface DiffPart {
  change: "added" | "removed" | "same" | string;
  value: string;
}

export interface HistoryScreenProps {
  page: {
    title: string;
    editHref: string;
    live: { status: PageStatus; publishAt: string | null } | null;
    pending: { status: PageStatus; publishAt: string | null } | null;
  };
  labels: Record<string, string>;
  revisions: HistoryLine[];
  comparison: { from: number; to: number; diffs: { field: string; label: string; parts: DiffPart[] }[] | null } | null;
  message: string | null;
}

export function RecordHistoryScreen({ page, labels, revisions, comparison, message }: HistoryScreenProps) {
  const newest = revisions[0]?.number ?? 1;
  return (
    <StaffEditorPage backTo={page.editHref} backLabel={<>Volver a editar «{page.title}»</>} heading={<>Historial de «{page.title}»</>}>
      {message ? (
        <div className="error-summary" role="alert" tabIndex={-1}>
          <p className="error-summary__title">{message}</p>
        </div>
      ) : null}

      <h2>Comparar dos versiones</h2>
      <Form method="get" className="form form--inline">
        <label htmlFor="comparar-de" className="field__label">
          Versión anterior
        </label>
        <input
          id="comparar-de"
          name="de"
          type="number"
          min={1}
          max={newest}
          defaultValue={comparison?.from ?? Math.max(1, newest - 1)}
          className="field__input"
        />
        <label htmlFor="comparar-a" className="field__label">
          Versión posterior
        </label>
        <input id="comparar-a" name="a" type="number" min={1} max={newest} defaultValue={comparison?.to ?? newest} className="field__input" />
        <button type="submit" className="button button--secondary">
          Comparar
        </button>
      </Form>
      {comparison ? (
        <section aria-labelledby="diferencias" className="revision-diff">
          <h3 id="diferencias">
            Diferencias entre la versión {comparison.from} y la {comparison.to}
          </h3>
          {comparison.diffs === null ? (
            <p>No existe alguna de esas versiones.</p>
          ) : comparison.diffs.length === 0 ? (
            <p>Las dos versiones son iguales.</p>
          ) : (
            comparison.diffs.map((diff) => (
              <div key={diff.field}>
                <h4>{diff.label}</h4>
                <pre className="revision-diff__text">
                  {diff.parts.map((part, index) =>
                    part.change === "added" ? (
                      <ins key={index}>{part.value}</ins>
                    ) : part.change === "removed" ? (
                      <del key={index}>{part.value}</del>
                    ) : (
                      <span key={index}>{part.value}</span>
                    ),
                  )}
                </pre>
              </div>
            ))
          )}
        </section>
      ) : null}

      <h2>Versiones</h2>
      {page.live ? (
        <p>
          {sentence(`Estado: ${publicationStatusText(page.live.status, page.live.publishAt, page.pending ?? undefined)}`)}
          {page.live.status === "publicada"
            ? " «Restaurar» publica esa versión en el sitio de inmediato (y descarta los cambios pendientes); «Restaurar como borrador» la deja como cambios pendientes y el sitio sigue mostrando la versión publicada."
            : ""}
        </p>
      ) : (
        <p>«Restaurar» vuelve a poner esa versión en el sitio de inmediato; la restauración queda como una versión nueva.</p>
      )}
      <ol className="revision-list" reversed>
        {revisions.map((revision) => (
          <li key={revision.id}>
            <p>
              <strong>Versión {revision.number}</strong>: {revisionText(revision, labels)}
            </p>
            {revision.number !== newest ? (
              <Form method="post" className="form-actions">
                <input type="hidden" name="revision" value={revision.number} />
                <button type="submit" name="modo" value="publicar" className="button button--secondary">
                  Restaurar<span className="visually-hidden"> la versión {revision.number}</span>
                </button>
                {page.live?.status === "publicada" ? (
                  <button type="submit" name="modo" value="borrador" className="button button--secondary">
                    Restaurar como borrador<span className="visually-hidden"> la versión {revision.number}</span>
                  </button>
                ) : null}
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
    </StaffEditorPage>
  );
}

/**
 * One version in words, after its number: "Edición, por Ana López, el 25 de noviembre de 2026 a las
 * 1:19 p.m. Guardada para publicarse el … Cambió: Título, Contenido." Versions the system wrote
 * (the initial one, a scheduled publication) name no author.
 */
function revisionText(revision: HistoryLine, labels: Record<string, string>): string {
  const parts = [
    sentence(
      ACTION_TEXT[revision.action] +
        (revision.restoredFromNumber ? ` de la versión ${revision.restoredFromNumber}` : "") +
        (revision.byStaff ? `, por ${revision.authorName}` : "") +
        `, el ${formatMexicoCityDateTime(revision.createdAt)}`,
    ),
  ];
  if (revision.action === "editar" || revision.action === "restaurar" || revision.action === "crear") {
    if (revision.status === "programada" && revision.publishAt)
      parts.push(sentence(`Guardada para publicarse el ${formatMexicoCityDateTime(revision.publishAt)}`));
    else if (revision.status === "borrador") parts.push("Guardada como borrador.");
  }
  if (revision.pending) parts.push("Son los cambios pendientes: el sitio sigue mostrando la versión publicada.");
  if (revision.changedFields.length) parts.push(`Cambió: ${revision.changedFields.map((field) => labels[field] ?? field).join(", ")}.`);
  else if (revision.action === "editar" || revision.action === "restaurar") parts.push("Sin cambios de texto.");
  return parts.join(" ");
}
