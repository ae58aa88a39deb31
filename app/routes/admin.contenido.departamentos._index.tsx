import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listDepartmentPagesForEditor } from "~/content/department-editor.server";
import { EditorList, DEPARTMENT_LIST, staffScreenMeta } from "~/content/record-list";
import { loadEditorList } from "~/content/record-list.server";
import { staffAccessOf } from "~/staff/access-registry";

// The department and direction pages (/direccion/{slug}), for the communications office (issue 12).
export const staffAccess = staffAccessOf("routes/admin.contenido.departamentos._index");

export const meta = staffScreenMeta(DEPARTMENT_LIST.metaTitle);

export const loader = ({ request }: LoaderFunctionArgs) => loadEditorList(request, staffAccess, listDepartmentPagesForEditor);

export default function DepartmentPagesList() {
  return <EditorList spec={DEPARTMENT_LIST} data={useLoaderData<typeof loader>()} />;
}
