import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { DEFAULT_INTENT, staffAction, staffIntent } from "~/actions/pipeline.server";
import { pagePreviewIntent } from "~/content/preview-intent.server";
import { PageEditorForm } from "~/content/page-editor-form";
import { createPage } from "~/content/page-editor.server";
import { pageCreateSchema } from "~/content/page-forms";
import { StaffEditorPage } from "~/components/staff-editor-page";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import { now } from "~/utils/clock.server";
import { redirectWithToast } from "~/utils/toast.server";
import { TEXT_EDITOR_MAX_BYTES } from "~/utils/body-limits";
import { staffAccessOf } from "~/staff/access-registry";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = TEXT_EDITOR_MAX_BYTES;

// A new information page at a new address (issue 12).
export const staffAccess = staffAccessOf("routes/admin.contenido.nueva");

export const meta: MetaFunction = () => [{ title: "Crear una página | Área del personal HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return null;
}

/** «Crear la página» (intent=save, or no intent) or «Vista previa» (intent=preview, nothing stored). */
export const action = (args: ActionFunctionArgs) => {
  const save = staffIntent({
    schema: pageCreateSchema,
    step: (ctx, { value }) => createPage(db, value, ctx.actor, ctx.requestId, now()),
    done: (outcome) => redirectWithToast(`/admin/contenido/${outcome.pageId}`, { type: "success", description: outcome.message }, { status: 303 }),
  });
  return staffAction({ access: staffAccess, intents: { [DEFAULT_INTENT]: save, save, preview: pagePreviewIntent(pageCreateSchema) } })(args);
};

export default function NewPage() {
  const actionData = useActionData<typeof action>();
  return (
    <StaffEditorPage backTo="/admin/contenido" backLabel="Volver a las páginas" heading={"Crear una página"}>
      <PageEditorForm
        id="nueva-pagina"
        action="/admin/contenido/nueva"
        withPath
        defaultValue={{ path: "", title: "", navLabel: "", summary: "", body: "", status: "borrador", publishAt: "" }}
        lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
        preview={actionData && "preview" in actionData ? actionData.preview : null}
        submitLabel="Crear la página"
      />
    </StaffEditorPage>
  );
}
