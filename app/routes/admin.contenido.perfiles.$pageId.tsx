import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PROFILE_FORM_MAX_BYTES } from "~/content/profile-page-editor.server";
import { ContentRecordEditScreen } from "~/content/record-editor-form";
import { PROFILE_ROUTES } from "~/content/record-editor-routes.server";
import { staffScreenMeta } from "~/content/record-list";
import { PROFILE_SCREENS } from "~/content/seeded-record-editor-forms";
import { staffAccessOf } from "~/staff/access-registry";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = PROFILE_FORM_MAX_BYTES;

// Editing a profile record, shown on information pages such as /medica (issue 12, decision 0026).
export const staffAccess = staffAccessOf("routes/admin.contenido.perfiles.$pageId");

export const meta = staffScreenMeta("Editar un perfil de dirección");

export const loader = (args: LoaderFunctionArgs) => PROFILE_ROUTES.loader(args, staffAccess);

export const action = (args: ActionFunctionArgs) => PROFILE_ROUTES.action(args, staffAccess);

export default function EditProfile() {
  return <ContentRecordEditScreen kind={PROFILE_SCREENS} data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
