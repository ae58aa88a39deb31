import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { getResearchUnitForEditor, parseResearchUnitForm, updateResearchUnit } from "~/content/research-unit-editor.server";
import { ResearchUnitEditorForm } from "~/content/seeded-record-editor-forms";
import { editorRecordId } from "~/content/revisions.server";
import { db } from "~/db.server";
import { publicFileUrl } from "~/files/files.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { now } from "~/utils/clock.server";
import { redirectWithToast } from "~/utils/toast.server";

// Editing a research unit or laboratory, /investigadores/{id} (issue 12, decision 0026).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.unit.unit_name ?? "Unidad"} | Editar | Área del personal HIMFG` },
  { name: "robots", content: "noindex, nofollow" },
];

const NOT_FOUND = "No encontramos esta unidad de investigación";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const unit = await getResearchUnitForEditor(db, editorRecordId(params.pageId));
  if (!unit) throw new Response(NOT_FOUND, { status: 404 });
  return { unit, image: unit.image ? { href: publicFileUrl(unit.image), label: "ver la imagen actual" } : null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireStaff(request, staffAccess);
  const unitId = editorRecordId(params.pageId);
  const parsed = await parseResearchUnitForm(request);
  if ("done" in parsed) return parsed.done;
  const outcome = await updateResearchUnit(db, unitId, parsed.value, parsed.files, actor, context.requestId ?? null, now());
  if (!outcome.ok && "notFound" in outcome) throw new Response(NOT_FOUND, { status: 404 });
  if (!outcome.ok) return data({ result: parsed.submission.reply({ fieldErrors: outcome.issues }), preview: null }, { status: 400 });
  return redirectWithToast(`/admin/contenido/investigacion/${unitId}`, { type: "success", description: outcome.message });
}

export default function EditResearchUnit() {
  const { unit, image } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container page">
      <p>
        <Link to="/admin/contenido/investigacion">Volver a las unidades de investigación</Link>
      </p>
      <h1>Editar «{unit.unit_name}»</h1>
      <p>
        Dirección: {unit.isPublished ? <a href={unit.path}>{unit.path}</a> : `${unit.path} (no publicada)`} ·{" "}
        <Link to={`/admin/contenido/investigacion/${unit.id}/historial`}>Historial de versiones</Link>
      </p>
      <ResearchUnitEditorForm
        key={unit.updatedAt}
        action={`/admin/contenido/investigacion/${unit.id}`}
        defaultValue={{
          unit_name: unit.unit_name,
          unit_kind: unit.unit_kind,
          name_is_illustrative: unit.name_is_illustrative ? "on" : "",
          summary: unit.summary,
          content: unit.content,
          lines_of_work: unit.lines_of_work.join("\n"),
          head_name: unit.head_name ?? "",
          head_grade: unit.head_grade ?? "",
          image_alt: unit.image_alt,
        }}
        image={image}
        lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
        preview={actionData?.preview}
      />
    </div>
  );
}
