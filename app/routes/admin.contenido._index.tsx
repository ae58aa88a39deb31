import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listPagesForEditor } from "~/content/page-editor.server";
import { EditorList, CONTENT_PAGE_LIST, staffScreenMeta } from "~/content/record-list";
import { loadEditorList } from "~/content/record-list.server";
import type { StaffAccess } from "~/staff/staff";

// The information pages, for the communications office (issue 12).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta = staffScreenMeta(CONTENT_PAGE_LIST.metaTitle);

export const loader = ({ request }: LoaderFunctionArgs) => loadEditorList(request, staffAccess, listPagesForEditor);

export default function ContentPagesList() {
  return <EditorList spec={CONTENT_PAGE_LIST} data={useLoaderData<typeof loader>()} />;
}
