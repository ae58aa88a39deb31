import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { getDepartmentPageForEditor, parseDepartmentForm, updateDepartmentPage } from "~/content/department-editor.server";
import { DepartmentEditorForm } from "~/content/department-editor-form";
import { BLANK_STAFF_ROWS, DEPARTMENT_IMAGE_FIELDS } from "~/content/department-forms";
import { publicationDefaults, RecordEditorScreen } from "~/content/record-editor-form";
import { currentImages, loadRecordForEditor, recordFormAction } from "~/content/record-editor-route.server";
import { staffScreenMeta } from "~/content/record-list";
import { editorRecordId } from "~/content/revisions.server";
import { db } from "~/db.server";
import type { StaffAccess } from "~/staff/staff";
import { now } from "~/utils/clock.server";

// Editing a department or direction page, /direccion/{slug} (issue 12, decision 0026).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta = staffScreenMeta("Editar una página de dirección o departamento");

const NOT_FOUND = "No encontramos esta página";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await loadRecordForEditor(request, staffAccess, params.pageId, (id) => getDepartmentPageForEditor(db, id), NOT_FOUND);
  return { page, images: currentImages(page, DEPARTMENT_IMAGE_FIELDS) };
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  recordFormAction(request, staffAccess, {
    parse: parseDepartmentForm,
    save: (value, files, actor) => updateDepartmentPage(db, editorRecordId(params.pageId), value, files, actor, context.requestId ?? null, now()),
    notFound: NOT_FOUND,
    redirectTo: () => `/admin/contenido/departamentos/${editorRecordId(params.pageId)}`,
  });

export default function EditDepartmentPage() {
  const { page, images } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RecordEditorScreen
      back={{ to: "/admin/contenido/departamentos", label: "Volver a las páginas de direcciones y departamentos" }}
      title={`Editar «${page.page_title}»`}
      where={{ label: "Dirección", paths: [page.path], status: page.status }}
      historyHref={`/admin/contenido/departamentos/${page.id}/historial`}
    >
      <DepartmentEditorForm
        key={page.updatedAt}
        action={`/admin/contenido/departamentos/${page.id}`}
        defaultValue={{
          page_title: page.page_title,
          summary: page.summary,
          tipo_departamento: String(page.tipo_departamento),
          page_titular: page.page_titular ?? "",
          page_titular_grade: page.page_titular_grade ?? "",
          page_first_content: page.page_first_content,
          page_second_content: page.page_second_content,
          page_first_image_alt: page.page_first_image_alt,
          page_second_image_alt: page.page_second_image_alt,
          page_staff: [...page.page_staff, ...Array.from({ length: BLANK_STAFF_ROWS }, () => ({ name: "", link: "" }))],
          ...publicationDefaults(page),
        }}
        images={images}
        lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
        preview={actionData?.preview}
      />
    </RecordEditorScreen>
  );
}
