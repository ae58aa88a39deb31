import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { staffAction, staffIntent } from "~/actions/pipeline.server";
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

const publicationSchema = z.object({});

/** «Descartar» or «Retirar»: each answers with the editor and a toast, a refusal too (`backTo`). */
export const action = (args: ActionFunctionArgs) => {
  // The kind and the record are read after the guard (backTo, the steps and done run after it):
  // an unknown address is no answer to someone not let in.
  const kind = () => kindOf(args.params.kind);
  const id = () => editorRecordId(args.params.pageId);
  const done = (outcome: { message: string }) =>
    redirectWithToast(kind().editHref(id()), { type: "success", description: outcome.message }, { status: 303 });
  return staffAction({
    access: staffAccess,
    backTo: () => kind().editHref(id()),
    intents: {
      descartar: staffIntent({ schema: publicationSchema, step: ({ actor, requestId }) => kind().discard(db, id(), actor, requestId), done }),
      retirar: staffIntent({ schema: publicationSchema, step: ({ actor, requestId }) => kind().unpublish(db, id(), actor, requestId, now()), done }),
    },
  })(args);
};
