import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, Field, summaryErrors } from "~/components/forms";
import { MarkdownField } from "~/components/markdown-field";
import { RichText } from "~/components/rich-text";
import { db } from "~/db.server";
import { isLibraryPanel, type LibraryPanelId } from "~/library/library-content";
import { DEFAULT_INTENT, staffAction, staffIntent } from "~/actions/pipeline.server";
import { or404 } from "~/content/record-editor-route.server";
import { previewIntent } from "~/content/preview-intent.server";
import { getLibraryPanelForEditor, libraryPanelSchema, renderPanelMarkdown, updateLibraryPanel } from "~/library/library-panels.server";
import { requireStaff } from "~/staff/guard.server";
import { now } from "~/utils/clock.server";
import { redirectWithToast } from "~/utils/toast.server";
import { TEXT_EDITOR_MAX_BYTES } from "~/utils/body-limits";
import { HistoryLink } from "~/content/history-links";
import { staffAccessOf } from "~/staff/access-registry";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = TEXT_EDITOR_MAX_BYTES;

// Editing one panel of the Hemerobiblioteca as Markdown, with a server-rendered preview (issue 12).
export const staffAccess = staffAccessOf("routes/admin.hemerobiblioteca.$panelId");

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.panel.label ?? "Apartado"} | Hemerobiblioteca | Área del personal HIMFG` },
  { name: "robots", content: "noindex, nofollow" },
];

const NOT_FOUND = "No encontramos este apartado de la Hemerobiblioteca";

function panelIdOf(raw: string | undefined): LibraryPanelId {
  if (!isLibraryPanel(raw)) throw new Response(NOT_FOUND, { status: 404 });
  return raw;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const panel = await getLibraryPanelForEditor(db, panelIdOf(params.panelId));
  if (!panel) throw new Response(NOT_FOUND, { status: 404 });
  return { panel };
}

/**
 * «Guardar cambios» (intent=save, or no intent) or «Vista previa» (intent=preview): the text
 * rendered exactly as the public page renders it, nothing stored.
 */
export const action = (args: ActionFunctionArgs) => {
  const id = () => panelIdOf(args.params.panelId);
  const save = staffIntent({
    schema: libraryPanelSchema,
    step: async (ctx, { value }) => or404(await updateLibraryPanel(db, id(), value, ctx.actor, ctx.requestId, now()), NOT_FOUND),
    done: (outcome) => redirectWithToast(`/admin/hemerobiblioteca/${id()}`, { type: "success", description: outcome.message }),
  });
  const preview = previewIntent(libraryPanelSchema, (typed) => ({
    label: typed("label").trim() || "(sin nombre)",
    body: renderPanelMarkdown(typed("body")),
  }));
  return staffAction({ access: staffAccess, intents: { [DEFAULT_INTENT]: save, save, preview } })(args);
};

export default function EditLibraryPanel() {
  const { panel } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.result as SubmissionResult<string[]> | undefined;
  const [form, fields] = useForm<{ label: string; body: string }>({
    id: "editar-apartado",
    lastResult,
    defaultValue: { label: panel.label, body: panel.body },
    shouldValidate: "onSubmit",
  });
  const preview = actionData && "preview" in actionData ? actionData.preview : null;
  return (
    <div className="container page">
      <p>
        <Link to="/admin/hemerobiblioteca">Volver a los apartados</Link>
      </p>
      <h1>Editar «{panel.label}»</h1>
      <p>
        En el sitio: <a href={`/hemerobiblioteca#panel-${panel.id}`}>/hemerobiblioteca#panel-{panel.id}</a>
      </p>
      <HistoryLink segment="hemerobiblioteca" recordKey={panel.id}>
        Historial del apartado (versiones anteriores y «Restaurar»)
      </HistoryLink>
      <ErrorSummary
        title="No pudimos guardar el apartado"
        errors={summaryErrors([fields.label, fields.body])}
        formErrors={form.errors}
        focusKey={lastResult}
      />
      {preview ? (
        <section aria-labelledby="vista-previa" className="page-preview">
          <h2 id="vista-previa">Vista previa (todavía no se guarda)</h2>
          <div className="page-preview__frame library-panel">
            <p className="page-preview__title">{preview.label}</p>
            <RichText html={preview.body} />
          </div>
        </section>
      ) : null}
      <Form method="post" action={`/admin/hemerobiblioteca/${panel.id}`} {...getFormProps(form)} className="form" key={panel.updatedAt}>
        <Field meta={fields.label} label="Nombre del apartado (la pestaña)" required />
        <MarkdownField meta={fields.body} label="Contenido (Markdown)" rows={24} />
        <div className="form-actions">
          <button type="submit" name="intent" value="preview" className="button button--secondary">
            Vista previa
          </button>
          <button type="submit" name="intent" value="save" className="button">
            Guardar cambios
          </button>
        </div>
      </Form>
    </div>
  );
}
