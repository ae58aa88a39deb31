import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, Field, summaryErrors } from "~/components/forms";
import { MarkdownField } from "~/components/markdown-field";
import { RichText } from "~/components/rich-text";
import { db } from "~/db.server";
import { isLibraryPanel, type LibraryPanelId } from "~/library/library-content";
import { parseLibraryPanelForm } from "~/library/library-panel-action.server";
import { getLibraryPanelForEditor, updateLibraryPanel } from "~/library/library-panels.server";
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

function panelIdOf(raw: string | undefined): LibraryPanelId {
  if (!isLibraryPanel(raw)) throw new Response("No encontramos este apartado de la Hemerobiblioteca", { status: 404 });
  return raw;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const panel = await getLibraryPanelForEditor(db, panelIdOf(params.panelId));
  if (!panel) throw new Response("No encontramos este apartado de la Hemerobiblioteca", { status: 404 });
  return { panel };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireStaff(request, staffAccess);
  const id = panelIdOf(params.panelId);
  const parsed = parseLibraryPanelForm(await request.formData());
  if ("done" in parsed) return parsed.done;
  const outcome = await updateLibraryPanel(db, id, parsed.value, actor, context.requestId ?? null, now());
  if (!outcome.ok) throw new Response("No encontramos este apartado de la Hemerobiblioteca", { status: 404 });
  return redirectWithToast(`/admin/hemerobiblioteca/${id}`, { type: "success", description: outcome.message });
}

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
  const preview = actionData?.preview;
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
