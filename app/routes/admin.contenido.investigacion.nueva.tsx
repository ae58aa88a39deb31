import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { RESEARCH_UNIT_ROUTES } from "~/content/record-editor-routes.server";
import { staffScreenMeta } from "~/content/record-list";
import { ContentRecordNewScreen } from "~/content/record-editor-form";
import { RESEARCH_UNIT_SCREENS } from "~/content/seeded-record-editor-forms";
import { requireStaff } from "~/staff/guard.server";
import { RESEARCH_UNIT_FORM_MAX_BYTES } from "~/content/research-unit-editor.server";
import { staffAccessOf } from "~/staff/access-registry";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = RESEARCH_UNIT_FORM_MAX_BYTES;

// A new research unit at the next free number, /investigadores/{n}, as a draft (issue 12, decision 0026).
export const staffAccess = staffAccessOf("routes/admin.contenido.investigacion.nueva");

export const meta = staffScreenMeta("Crear una unidad de investigación");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return null;
}

export const action = (args: ActionFunctionArgs) => RESEARCH_UNIT_ROUTES.create(args, staffAccess);

export default function NewResearchUnit() {
  return <ContentRecordNewScreen kind={RESEARCH_UNIT_SCREENS} actionData={useActionData<typeof action>()} />;
}
