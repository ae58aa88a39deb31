import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { editResearchUnitRoute } from "~/content/record-editor-routes.server";
import { staffScreenMeta } from "~/content/record-list";
import { ResearchUnitEditScreen } from "~/content/seeded-record-editor-forms";
import { RESEARCH_UNIT_FORM_MAX_BYTES } from "~/content/research-unit-editor.server";
import { staffAccessOf } from "~/staff/access-registry";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = RESEARCH_UNIT_FORM_MAX_BYTES;

// Editing a research unit or laboratory, /investigadores/{id} (issue 12, decision 0026).
export const staffAccess = staffAccessOf("routes/admin.contenido.investigacion.$pageId");

export const meta = staffScreenMeta("Editar una unidad de investigación");

export const loader = (args: LoaderFunctionArgs) => editResearchUnitRoute.loader(args, staffAccess);

export const action = (args: ActionFunctionArgs) => editResearchUnitRoute.action(args, staffAccess);

export default function EditResearchUnit() {
  return <ResearchUnitEditScreen data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
