import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { newResearchUnitRoute } from "~/content/record-editor-routes.server";
import { staffScreenMeta } from "~/content/record-list";
import { NewResearchUnitScreen } from "~/content/seeded-record-editor-forms";
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

export const action = (args: ActionFunctionArgs) => newResearchUnitRoute.action(args, staffAccess);

export default function NewResearchUnit() {
  return <NewResearchUnitScreen actionData={useActionData<typeof action>()} />;
}
