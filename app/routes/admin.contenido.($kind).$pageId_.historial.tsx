import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { replyMessages } from "~/actions/outcome";
import { staffAction } from "~/actions/pipeline.server";
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

const CHOOSE_VERSION = "Elija la versión que quiere restaurar.";
const restoreSchema = z.object({
  revision: z.coerce
    .number({ error: CHOOSE_VERSION })
    .int({ error: CHOOSE_VERSION })
    .min(1, { error: CHOOSE_VERSION })
    .max(1_000_000, { error: CHOOSE_VERSION }),
  modo: restoreMode,
});

/** «Restaurar» a version: published again, or (modo=borrador) kept as the draft. */
export const action = (args: ActionFunctionArgs) =>
  staffAction({
    access: staffAccess,
    schema: restoreSchema,
    // The kind and the record are read after the guard: an unknown address is no answer to someone not let in.
    step: ({ actor, requestId }, { value }) => {
      const kind = kindOf(args.params.kind);
      return kind.restore(db, kind.key(args.params.pageId), value.revision, actor, requestId, now(), value.modo);
    },
    done: (outcome) => redirectWithToast(new URL(args.request.url).pathname, { type: "success", description: outcome.message }),
  })(args);

export default function PageHistory() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const messages = replyMessages(actionData);
  return <RecordHistoryScreen {...loaderData} message={messages.length ? messages.join(" ") : null} />;
}
