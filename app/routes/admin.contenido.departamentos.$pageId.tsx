import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { getDepartmentPageForEditor, parseDepartmentForm, updateDepartmentPage } from "~/content/department-editor.server";
import { DepartmentEditorForm } from "~/content/department-editor-form";
import { BLANK_STAFF_ROWS, DEPARTMENT_IMAGE_FIELDS } from "~/content/department-forms";
import { editorRecordId } from "~/content/revisions.server";
import { db } from "~/db.server";
import { publicFileUrl } from "~/files/files.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { now } from "~/utils/clock.server";
import { redirectWithToast } from "~/utils/toast.server";

// Editing a department or direction page, /direccion/{slug} (issue 12, decision 0026).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.page.page_title ?? "Página"} | Editar | Área del personal HIMFG` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const page = await getDepartmentPageForEditor(db, editorRecordId(params.pageId));
  if (!page) throw new Response("No encontramos esta página", { status: 404 });
  const images = Object.fromEntries(
    DEPARTMENT_IMAGE_FIELDS.map((field) => [field, page[field] ? { href: publicFileUrl(page[field]), label: "ver la imagen actual" } : null]),
  ) as Record<(typeof DEPARTMENT_IMAGE_FIELDS)[number], { href: string; label: string } | null>;
  return { page, images };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireStaff(request, staffAccess);
  const pageId = editorRecordId(params.pageId);
  const parsed = await parseDepartmentForm(request);
  if ("done" in parsed) return parsed.done;
  const outcome = await updateDepartmentPage(db, pageId, parsed.value, parsed.files, actor, context.requestId ?? null, now());
  if (!outcome.ok && "notFound" in outcome) throw new Response("No encontramos esta página", { status: 404 });
  if (!outcome.ok) return data({ result: parsed.submission.reply({ fieldErrors: outcome.issues }), preview: null }, { status: 400 });
  return redirectWithToast(`/admin/contenido/departamentos/${pageId}`, { type: "success", description: outcome.message });
}

export default function EditDepartmentPage() {
  const { page, images } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container page">
      <p>
        <Link to="/admin/contenido/departamentos">Volver a las páginas de direcciones y departamentos</Link>
      </p>
      <h1>Editar «{page.page_title}»</h1>
      <p>
        Dirección: {page.isPublished ? <a href={page.path}>{page.path}</a> : `${page.path} (no publicada)`} ·{" "}
        <Link to={`/admin/contenido/departamentos/${page.id}/historial`}>Historial de versiones</Link>
      </p>
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
        }}
        images={images}
        lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
        preview={actionData?.preview}
      />
    </div>
  );
}
