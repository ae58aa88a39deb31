import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RESEARCH_UNIT_FORM_MAX_BYTES } from "~/content/research-unit-editor.server";
import { ContentRecordEditScreen } from "~/content/record-editor-form";
import { RESEARCH_UNIT_ROUTES } from "~/content/record-editor-routes.server";
import { staffScreenMeta } from "~/content/record-list";
import { RESEARCH_UNIT_SCREENS } from "~/content/seeded-record-editor-forms";
import { staffAccessOf } from "~/staff/access-registry";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = RESEARCH_UNIT_FORM_MAX_BYTES;

// Editing a research unit or laboratory, /investigadores/{id} (issue 12, decision 0026).
export const staffAccess = staffAccessOf("routes/admin.contenido.investigacion.$pageId");

export const meta = staffScreenMeta("Editar una unidad de investigación");

export const loader = (args: LoaderFunctionArgs) => RESEARCH_UNIT_ROUTES.loader(args, staffAccess);

export const action = (args: ActionFunctionArgs) => RESEARCH_UNIT_ROUTES.action(args, staffAccess);

export default function EditResearchUnit() {
  return <ContentRecordEditScreen kind={RESEARCH_UNIT_SCREENS} data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
