import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listResearchUnitsForEditor } from "~/content/research-unit-editor.server";
import { EditorList, RESEARCH_UNIT_LIST, staffScreenMeta } from "~/content/record-list";
import { loadEditorList } from "~/content/record-list.server";
import type { StaffAccess } from "~/staff/staff";

// The research units and laboratories (/investigadores/{id}), for the communications office (issue 12).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta = staffScreenMeta(RESEARCH_UNIT_LIST.metaTitle);

export const loader = ({ request }: LoaderFunctionArgs) => loadEditorList(request, staffAccess, listResearchUnitsForEditor);

export default function ResearchUnitsList() {
  return <EditorList spec={RESEARCH_UNIT_LIST} data={useLoaderData<typeof loader>()} />;
}
