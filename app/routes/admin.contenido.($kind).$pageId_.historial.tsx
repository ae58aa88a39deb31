import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { problemMessages } from "~/actions/outcome";
import { historyKind } from "~/content/page-history.server";
import { RecordHistoryScreen } from "~/content/record-history-screen";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import { now } from "~/utils/clock.server";
import { redirectWithToast } from "~/utils/toast.server";
import { staffAccessOf } from "~/staff/access-registry";

// A page's revisions: who saved what and when, a comparison of two, and "Restaurar" (issue 12).
// One screen for every kind of page: /admin/contenido/{id}/historial (information pages) and
// /admin/contenido/{departamentos,investigacion,perfiles}/{id}/historial; and (issue 23) the records
// without publication states: /admin/contenido/{banners,galerias,menus}/{id}/historial,
// /admin/contenido/hemerobiblioteca/{panel}/historial, /admin/contenido/documentos/{collection}/historial
// (its introduction). See page-history.server.ts.
export const staffAccess = staffAccessOf("routes/admin.contenido.($kind).$pageId_.historial");

export const meta: MetaFunction = () => [
  { title: "Historial de la página | Área del personal HIMFG" },
  { name: "robots", content: "noindex, nofollow" },
];

const revisionNumber = z.coerce.number().int().min(1).max(1_000_000);
const restoreMode = z.enum(["publicar", "borrador"]).catch("publicar");

function kindOf(raw: string | undefined) {
  const kind = historyKind(raw);
  if (!kind) throw new Response("No encontramos esta página", { status: 404 });
  return kind;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const kind = kindOf(params.kind);
  const key = kind.key(params.pageId);
  const page = await kind.read(db, key);
  if (!page) throw new Response("No encontramos esta página", { status: 404 });
  const search = new URL(request.url).searchParams;
  const from = revisionNumber.safeParse(search.get("de"));
  const to = revisionNumber.safeParse(search.get("a"));
  const comparison = from.success && to.success ? { from: from.data, to: to.data, diffs: await kind.diff(db, key, from.data, to.data) } : null;
  const { revisions, ...record } = page;
  return { page: record, labels: kind.labels, revisions, comparison };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireStaff(request, staffAccess);
  const kind = kindOf(params.kind);
  const key = kind.key(params.pageId);
  const form = await request.formData();
  const number = revisionNumber.safeParse(form.get("revision"));
  if (!number.success) return data({ message: "Elija la versión que quiere restaurar." }, { status: 400 });
  const mode = restoreMode.parse(form.get("modo"));
  const outcome = await kind.restore(db, key, number.data, actor, context.requestId ?? null, now(), mode);
  if (!outcome.ok && outcome.status === 404) throw new Response("No encontramos esta página", { status: 404 });
  if (!outcome.ok) return data({ message: problemMessages(outcome).join(" ") }, { status: outcome.status });
  return redirectWithToast(new URL(request.url).pathname, { type: "success", description: outcome.message });
}

export default function PageHistory() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <RecordHistoryScreen {...loaderData} message={actionData?.message ?? null} />;
}
