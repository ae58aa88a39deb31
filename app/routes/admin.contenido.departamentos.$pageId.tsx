import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { editDepartmentRoute } from "~/content/record-editor-routes.server";
import { staffScreenMeta } from "~/content/record-list";
import { DepartmentEditScreen } from "~/content/department-editor-form";
import { DEPARTMENT_FORM_MAX_BYTES } from "~/content/department-editor.server";
import { staffAccessOf } from "~/staff/access-registry";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = DEPARTMENT_FORM_MAX_BYTES;

// Editing a department or direction page, /direccion/{slug} (issue 12, decision 0026).
export const staffAccess = staffAccessOf("routes/admin.contenido.departamentos.$pageId");

export const meta = staffScreenMeta("Editar una página de dirección o departamento");

export const loader = (args: LoaderFunctionArgs) => editDepartmentRoute.loader(args, staffAccess);

export const action = (args: ActionFunctionArgs) => editDepartmentRoute.action(args, staffAccess);

export default function EditDepartmentPage() {
  return <DepartmentEditScreen data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
