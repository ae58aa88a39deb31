import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { PROFILE_ROUTES } from "~/content/record-editor-routes.server";
import { staffScreenMeta } from "~/content/record-list";
import { ContentRecordNewScreen } from "~/content/record-editor-form";
import { PROFILE_SCREENS } from "~/content/seeded-record-editor-forms";
import { requireStaff } from "~/staff/guard.server";
import { PROFILE_FORM_MAX_BYTES } from "~/content/profile-page-editor.server";
import { staffAccessOf } from "~/staff/access-registry";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = PROFILE_FORM_MAX_BYTES;

// A new profile record, as a draft (issue 12, decision 0026).
export const staffAccess = staffAccessOf("routes/admin.contenido.perfiles.nueva");

export const meta = staffScreenMeta("Crear un perfil de dirección");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return null;
}

export const action = (args: ActionFunctionArgs) => PROFILE_ROUTES.create(args, staffAccess);

export default function NewProfile() {
  return <ContentRecordNewScreen kind={PROFILE_SCREENS} actionData={useActionData<typeof action>()} />;
}
