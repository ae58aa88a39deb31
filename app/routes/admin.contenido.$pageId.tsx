import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DEFAULT_INTENT, staffAction, staffIntent } from "~/actions/pipeline.server";
import { pagePreviewIntent } from "~/content/preview-intent.server";
import { or404 } from "~/content/record-editor-route.server";
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

/** «Guardar cambios» (intent=save, or no intent) or «Vista previa» (intent=preview, nothing stored). */
export const action = (args: ActionFunctionArgs) => {
  const pageId = () => editorRecordId(args.params.pageId);
  const save = staffIntent({
    schema: pageEditSchema,
    step: async (ctx, { value }) => or404(await updatePage(db, pageId(), value, ctx.actor, ctx.requestId, now()), "No encontramos esta página"),
    done: (outcome) => redirectWithToast(`/admin/contenido/${pageId()}`, { type: "success", description: outcome.message }),
  });
  return staffAction({ access: staffAccess, intents: { [DEFAULT_INTENT]: save, save, preview: pagePreviewIntent(pageEditSchema) } })(args);
};

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
        preview={actionData && "preview" in actionData ? actionData.preview : null}
        submitLabel="Guardar cambios"
        published={page.live.status === "publicada"}
      />
      <UnpublishSection published={page.live.status === "publicada"} href={`/admin/contenido/${page.id}/publicacion`} />
    </StaffEditorPage>
  );
}
