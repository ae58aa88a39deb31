import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { db } from "~/db.server";
import { listPagesForEditor, pageListCursor } from "~/content/page-editor.server";
import { CONTENT_PAGE_LIST, PagedEditorList, staffScreenMeta } from "~/content/record-list";
import { requireStaff } from "~/staff/guard.server";
import { countLabel, readCursor } from "~/utils/keyset-paging.server";
import { staffAccessOf } from "~/staff/access-registry";

// The information pages, for the communications office (issue 12); 50 at a time by address (issue 22).
export const staffAccess = staffAccessOf("routes/admin.contenido._index");

export const meta = staffScreenMeta(CONTENT_PAGE_LIST.metaTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const cursor = readCursor(url.searchParams, pageListCursor);
  if (!cursor.ok) return data({ q, page: null, cursorError: cursor.problem.form.join(" ") }, { status: 400 });
  const page = await listPagesForEditor(db, q, cursor.position);
  return { q, page: { ...page, totalLabel: countLabel(page.total, "página", "páginas") }, cursorError: null };
}

export default function ContentPagesList() {
  return <PagedEditorList spec={CONTENT_PAGE_LIST} path="/admin/contenido" data={useLoaderData<typeof loader>()} />;
}
