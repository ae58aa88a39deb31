import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listDepartmentPagesForEditor } from "~/content/department-editor.server";
import { EditorList, DEPARTMENT_LIST, staffScreenMeta } from "~/content/record-list";
import { loadEditorList } from "~/content/record-list.server";
import type { StaffAccess } from "~/staff/staff";

// The department and direction pages (/direccion/{slug}), for the communications office (issue 12).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta = staffScreenMeta(DEPARTMENT_LIST.metaTitle);

export const loader = ({ request }: LoaderFunctionArgs) => loadEditorList(request, staffAccess, listDepartmentPagesForEditor);

export default function DepartmentPagesList() {
  return <EditorList spec={DEPARTMENT_LIST} data={useLoaderData<typeof loader>()} />;
}
