import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listProfilesForEditor } from "~/content/profile-page-editor.server";
import { EditorList, PROFILE_LIST, staffScreenMeta } from "~/content/record-list";
import { loadEditorList } from "~/content/record-list.server";
import { staffAccessOf } from "~/staff/access-registry";

// The profile records (banner, texts and images shown on pages such as /medica), for the communications office (issue 12).
export const staffAccess = staffAccessOf("routes/admin.contenido.perfiles._index");

export const meta = staffScreenMeta(PROFILE_LIST.metaTitle);

export const loader = ({ request }: LoaderFunctionArgs) => loadEditorList(request, staffAccess, listProfilesForEditor);

export default function ProfilesList() {
  return <EditorList spec={PROFILE_LIST} data={useLoaderData<typeof loader>()} />;
}
