import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { RecordEditorScreen } from "~/content/record-editor-form";
import { recordFormAction } from "~/content/record-editor-route.server";
import { staffScreenMeta } from "~/content/record-list";
import { createResearchUnit, parseResearchUnitCreateForm } from "~/content/research-unit-editor.server";
import { ResearchUnitEditorForm } from "~/content/seeded-record-editor-forms";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { now } from "~/utils/clock.server";

// A new research unit at the next free number, /investigadores/{n}, as a draft (issue 12, decision 0026).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta = staffScreenMeta("Crear una unidad de investigación");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return null;
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  recordFormAction(request, staffAccess, {
    parse: parseResearchUnitCreateForm,
    save: (value, files, actor) => createResearchUnit(db, value, files, actor, context.requestId ?? null, now()),
    notFound: "No encontramos esta unidad de investigación",
    redirectTo: (id) => `/admin/contenido/investigacion/${id}`,
  });

export default function NewResearchUnit() {
  const actionData = useActionData<typeof action>();
  return (
    <RecordEditorScreen
      back={{ to: "/admin/contenido/investigacion", label: "Volver a las unidades de investigación" }}
      title="Crear una unidad de investigación"
    >
      <p>La unidad recibe el siguiente número libre (/investigadores/…) y queda como borrador: revísela y publíquela desde su página de edición.</p>
      <ResearchUnitEditorForm
        isNew
        action="/admin/contenido/investigacion/nueva"
        defaultValue={{
          unit_name: "",
          unit_kind: "unidad",
          name_is_illustrative: "",
          summary: "",
          content: "",
          lines_of_work: "",
          head_name: "",
          head_grade: "",
          image_alt: "",
        }}
        image={null}
        lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
        preview={actionData?.preview}
      />
    </RecordEditorScreen>
  );
}
