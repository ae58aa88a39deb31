import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { parsePageForm } from "~/content/page-editor-action.server";
import { PageEditorForm } from "~/content/page-editor-form";
import { PendingNotice, UnpublishSection } from "~/content/record-editor-form";
import { getPageForEditor, updatePage } from "~/content/page-editor.server";
import { pageEditSchema } from "~/content/page-forms";
import { editorRecordId } from "~/content/revisions.server";
import { StaffEditorPage } from "~/components/staff-editor-page";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import { now } from "~/utils/clock.server";
import { instantToMexicoCityLocal } from "~/utils/mexico-city";
import { redirectWithToast } from "~/utils/toast.server";
import { TEXT_EDITOR_MAX_BYTES } from "~/utils/body-limits";
import { staffAccessOf } from "~/staff/access-registry";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = TEXT_EDITOR_MAX_BYTES;

// Editing one information page (issue 12).
export const staffAccess = staffAccessOf("routes/admin.contenido.$pageId");

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.page.title ?? "Página"} | Editar | Área del personal HIMFG` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const page = await getPageForEditor(db, editorRecordId(params.pageId));
  if (!page) throw new Response("No encontramos esta página", { status: 404 });
  return { page };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireStaff(request, staffAccess);
  const pageId = editorRecordId(params.pageId);
  const parsed = parsePageForm(await request.formData(), pageEditSchema);
  if ("done" in parsed) return parsed.done;
  const outcome = await updatePage(db, pageId, parsed.value, actor, context.requestId ?? null, now());
  if (!outcome.ok && outcome.status === 404) throw new Response("No encontramos esta página", { status: 404 });
  if (!outcome.ok)
    return data({ result: parsed.submission.reply({ fieldErrors: outcome.problem.fields }), preview: null }, { status: outcome.status });
  return redirectWithToast(`/admin/contenido/${pageId}`, { type: "success", description: outcome.message });
}

export default function EditPage() {
  const { page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <StaffEditorPage backTo="/admin/contenido" backLabel="Volver a las páginas" heading={<>Editar «{page.title}»</>}>
      <p>
        Dirección: {page.live.status === "publicada" ? <a href={page.path}>{page.path}</a> : page.path} ·{" "}
        <Link to={`/admin/contenido/${page.id}/historial`}>Historial de versiones</Link>
      </p>
      <PendingNotice pending={page.pending} href={`/admin/contenido/${page.id}/publicacion`} />
      <PageEditorForm
        // A save that went to the pending revision leaves updated_at as it was: the pending number tells the form apart.
        key={`${page.updatedAt}|${page.pending?.number ?? ""}`}
        id="editar-pagina"
        action={`/admin/contenido/${page.id}`}
        withPath={false}
        defaultValue={{
          title: page.title,
          navLabel: page.navLabel ?? "",
          summary: page.summary,
          body: page.body,
          status: page.status,
          publishAt: page.publishAt ? instantToMexicoCityLocal(new Date(page.publishAt)) : "",
        }}
        lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
        preview={actionData?.preview}
        submitLabel="Guardar cambios"
        published={page.live.status === "publicada"}
      />
      <UnpublishSection published={page.live.status === "publicada"} href={`/admin/contenido/${page.id}/publicacion`} />
    </StaffEditorPage>
  );
}
