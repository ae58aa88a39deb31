import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { historyKind } from "~/content/page-history.server";
import { editorRecordId } from "~/content/revisions.server";
import { StaffEditorPage } from "~/components/staff-editor-page";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { now } from "~/utils/clock.server";
import { publicationStatusText } from "~/content/record-list";
import { formatMexicoCityDateTime } from "~/utils/mexico-city";
import { redirectWithToast } from "~/utils/toast.server";
import { sentence } from "~/utils/sentence";

// A page's revisions: who saved what and when, a comparison of two, and "Restaurar" (issue 12).
// One screen for every kind of page: /admin/contenido/{id}/historial (information pages) and
// /admin/contenido/{departamentos,investigacion,perfiles}/{id}/historial; see page-history.server.ts.
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta: MetaFunction = () => [
  { title: "Historial de la página | Área del personal HIMFG" },
  { name: "robots", content: "noindex, nofollow" },
];

const ACTION_TEXT = {
  inicial: "Versión inicial (contenido anterior al editor)",
  crear: "Creación",
  editar: "Edición",
  restaurar: "Restauración",
  publicar: "Publicación programada",
  descartar: "Cambios pendientes descartados (vuelve a la versión publicada)",
  retirar: "Retirada del sitio",
} as const;

const revisionNumber = z.coerce.number().int().min(1).max(1_000_000);
const restoreMode = z.enum(["publicar", "borrador"]).catch("publicar");

function kindOf(raw: string | undefined) {
  const kind = historyKind(raw);
  if (!kind) throw new Response("No encontramos esta página", { status: 404 });
  return kind;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const kind = kindOf(params.kind);
  const pageId = editorRecordId(params.pageId);
  const page = await kind.read(db, pageId);
  if (!page) throw new Response("No encontramos esta página", { status: 404 });
  const revisions = await kind.list(db, pageId);
  const search = new URL(request.url).searchParams;
  const from = revisionNumber.safeParse(search.get("de"));
  const to = revisionNumber.safeParse(search.get("a"));
  const comparison = from.success && to.success ? { from: from.data, to: to.data, diffs: await kind.diff(db, pageId, from.data, to.data) } : null;
  return {
    page: { title: page.title, path: page.path, editHref: kind.editHref(pageId), live: page.live, pending: page.pending },
    labels: kind.labels,
    revisions,
    comparison,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireStaff(request, staffAccess);
  const kind = kindOf(params.kind);
  const pageId = editorRecordId(params.pageId);
  const form = await request.formData();
  const number = revisionNumber.safeParse(form.get("revision"));
  if (!number.success) return data({ message: "Elija la versión que quiere restaurar." }, { status: 400 });
  const mode = restoreMode.parse(form.get("modo"));
  const outcome = await kind.restore(db, pageId, number.data, actor, context.requestId ?? null, now(), mode);
  if (!outcome.ok) return data({ message: outcome.message }, { status: 400 });
  return redirectWithToast(`${kind.editHref(pageId)}/historial`, { type: "success", description: outcome.message });
}

export default function PageHistory() {
  const { page, labels, revisions, comparison } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const newest = revisions[0]?.number ?? 1;
  return (
    <StaffEditorPage backTo={page.editHref} backLabel={<>Volver a editar «{page.title}»</>} heading={<>Historial de «{page.title}»</>}>
      {actionData?.message ? (
        <div className="error-summary" role="alert" tabIndex={-1}>
          <p className="error-summary__title">{actionData.message}</p>
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
      <p>
        {sentence(`Estado: ${publicationStatusText(page.live.status, page.live.publishAt, page.pending)}`)}
        {page.live.status === "publicada"
          ? " «Restaurar» publica esa versión en el sitio de inmediato (y descarta los cambios pendientes); «Restaurar como borrador» la deja como cambios pendientes y el sitio sigue mostrando la versión publicada."
          : ""}
      </p>
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
                {page.live.status === "publicada" ? (
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

type RevisionLine = ReturnType<typeof useLoaderData<typeof loader>>["revisions"][number];

/**
 * One version in words, after its number: "Edición, por Ana López, el 25 de noviembre de 2026 a las
 * 1:19 p.m. Guardada para publicarse el … Cambió: Título, Contenido." Versions the system wrote
 * (the initial one, a scheduled publication) name no author.
 */
function revisionText(revision: RevisionLine, labels: Record<string, string>): string {
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
