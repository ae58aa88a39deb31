import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listResearchUnitsForEditor } from "~/content/research-unit-editor.server";
import { EditorList, RESEARCH_UNIT_LIST, staffScreenMeta } from "~/content/record-list";
import { loadEditorList } from "~/content/record-list.server";
import { staffAccessOf } from "~/staff/access-registry";

// The research units and laboratories (/investigadores/{id}), for the communications office (issue 12).
export const staffAccess = staffAccessOf("routes/admin.contenido.investigacion._index");

export const meta = staffScreenMeta(RESEARCH_UNIT_LIST.metaTitle);

export const loader = ({ request }: LoaderFunctionArgs) => loadEditorList(request, staffAccess, listResearchUnitsForEditor);

export default function ResearchUnitsList() {
  return <EditorList spec={RESEARCH_UNIT_LIST} data={useLoaderData<typeof loader>()} />;
}
