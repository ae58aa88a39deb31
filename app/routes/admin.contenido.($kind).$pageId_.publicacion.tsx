import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { problemMessages, refuse } from "~/actions/outcome";
import { publicationKind } from "~/content/page-history.server";
import { editorRecordId } from "~/content/revisions.server";
import { db } from "~/db.server";
import { requireStaffForResource } from "~/staff/teaching/route-helpers.server";
import { now } from "~/utils/clock.server";
import { redirectWithToast } from "~/utils/toast.server";
import { staffAccessOf } from "~/staff/access-registry";

// The publication actions of every editor (decision 0033): «Descartar los cambios pendientes» of a
// published record, and «Retirar de la publicación», the one way to take it off the site.
// /admin/contenido/{id}/publicacion for information pages, /admin/contenido/{departamentos,
// investigacion,perfiles}/{id}/publicacion for the records; each answers with the editor and a toast.
// A resource route (the editor holds the buttons): a refused role gets the plain Spanish 403.
export const staffAccess = staffAccessOf("routes/admin.contenido.($kind).$pageId_.publicacion");

function kindOf(raw: string | undefined) {
  const kind = publicationKind(raw);
  if (!kind) throw new Response("No encontramos esta página", { status: 404 });
  return kind;
}

/** Nothing to show here: the editor holds these buttons. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaffForResource(request, staffAccess);
  return redirect(kindOf(params.kind).editHref(editorRecordId(params.pageId)));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireStaffForResource(request, staffAccess);
  const kind = kindOf(params.kind);
  const id = editorRecordId(params.pageId);
  const intent = (await request.formData()).get("intent");
  const requestId = context.requestId ?? null;
  const outcome =
    intent === "descartar"
      ? await kind.discard(db, id, actor, requestId)
      : intent === "retirar"
        ? await kind.unpublish(db, id, actor, requestId, now())
        : refuse(400, "No entendimos qué hacer con la publicación. Use los botones del editor.");
  if (!outcome.ok && outcome.status === 404) throw new Response("No encontramos esta página", { status: 404 });
  return redirectWithToast(
    kind.editHref(id),
    { type: outcome.ok ? "success" : "error", description: outcome.ok ? outcome.message : problemMessages(outcome).join(" ") },
    { status: 303 },
  );
}
