import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DEPARTMENT_FORM_MAX_BYTES } from "~/content/department-editor.server";
import { ContentRecordEditScreen } from "~/content/record-editor-form";
import { DEPARTMENT_ROUTES } from "~/content/record-editor-routes.server";
import { staffScreenMeta } from "~/content/record-list";
import { DEPARTMENT_SCREENS } from "~/content/seeded-record-editor-forms";
import { staffAccessOf } from "~/staff/access-registry";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = DEPARTMENT_FORM_MAX_BYTES;

// Editing a department or direction page, /direccion/{slug} (issue 12, decision 0026).
export const staffAccess = staffAccessOf("routes/admin.contenido.departamentos.$pageId");

export const meta = staffScreenMeta("Editar una página de dirección o departamento");

export const loader = (args: LoaderFunctionArgs) => DEPARTMENT_ROUTES.loader(args, staffAccess);

export const action = (args: ActionFunctionArgs) => DEPARTMENT_ROUTES.action(args, staffAccess);

export default function EditDepartmentPage() {
  return <ContentRecordEditScreen kind={DEPARTMENT_SCREENS} data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
