import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { publicationDefaults, RecordEditorScreen } from "~/content/record-editor-form";
import { currentImages, loadRecordForEditor, recordFormAction } from "~/content/record-editor-route.server";
import { staffScreenMeta } from "~/content/record-list";
import { getResearchUnitForEditor, parseResearchUnitForm, updateResearchUnit } from "~/content/research-unit-editor.server";
import { editorRecordId } from "~/content/revisions.server";
import { ResearchUnitEditorForm } from "~/content/seeded-record-editor-forms";
import { RESEARCH_UNIT_IMAGE_FIELDS } from "~/content/seeded-record-forms";
import { db } from "~/db.server";
import type { StaffAccess } from "~/staff/staff";
import { now } from "~/utils/clock.server";

// Editing a research unit or laboratory, /investigadores/{id} (issue 12, decision 0026).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta = staffScreenMeta("Editar una unidad de investigación");

const NOT_FOUND = "No encontramos esta unidad de investigación";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const unit = await loadRecordForEditor(request, staffAccess, params.pageId, (id) => getResearchUnitForEditor(db, id), NOT_FOUND);
  return { unit, image: currentImages(unit, RESEARCH_UNIT_IMAGE_FIELDS).image };
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  recordFormAction(request, staffAccess, {
    parse: parseResearchUnitForm,
    save: (value, files, actor) => updateResearchUnit(db, editorRecordId(params.pageId), value, files, actor, context.requestId ?? null, now()),
    notFound: NOT_FOUND,
    redirectTo: () => `/admin/contenido/investigacion/${editorRecordId(params.pageId)}`,
  });

export default function EditResearchUnit() {
  const { unit, image } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RecordEditorScreen
      back={{ to: "/admin/contenido/investigacion", label: "Volver a las unidades de investigación" }}
      title={`Editar «${unit.unit_name}»`}
      where={{ label: "Dirección", paths: [unit.path], status: unit.status }}
      historyHref={`/admin/contenido/investigacion/${unit.id}/historial`}
    >
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
          ...publicationDefaults(unit),
        }}
        image={image}
        lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
        preview={actionData?.preview}
      />
    </RecordEditorScreen>
  );
}
