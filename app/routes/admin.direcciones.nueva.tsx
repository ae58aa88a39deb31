import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { staffAction } from "~/actions/pipeline.server";
import { newDirectionNodeSchema } from "~/content/direction-forms.server";
import { DirectionEditorPage, DirectionNodeForm } from "~/content/direction-node-form";
import { createDirectionNode, listDirectionNodesForEditor, parentOptions } from "~/content/directions-editor.server";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import { redirectWithToast } from "~/utils/toast.server";
import siteEditorStyles from "~/styles/site-editor.css";
import { staffAccessOf } from "~/staff/access-registry";

// Adding an area to the directions tree, with its empty /direccion/{slug} page (issue 12, decision 0025).
export const staffAccess = staffAccessOf("routes/admin.direcciones.nueva");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: siteEditorStyles }];

export const meta: MetaFunction = () => [
  { title: "Agregar un área | Direcciones | Área del personal HIMFG" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const url = new URL(request.url);
  return {
    parents: parentOptions(await listDirectionNodesForEditor(db), null),
    parentId: /^[1-9][0-9]{0,9}$/.test(url.searchParams.get("padre") ?? "") ? url.searchParams.get("padre")! : "",
  };
}

export const action = (args: ActionFunctionArgs) =>
  staffAction({
    access: staffAccess,
    schema: newDirectionNodeSchema,
    step: (ctx, { value }) => createDirectionNode(db, value, ctx.actor, ctx.requestId),
    done: (outcome) => redirectWithToast(`/admin/direcciones/${outcome.nodeId}`, { type: "success", description: outcome.message }, { status: 303 }),
  })(args);

export default function NewDirectionNode() {
  const { parents, parentId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <DirectionEditorPage
      title="Agregar un área"
      lead={
        <>
          El área aparece en el árbol de <a href="/direcciones">/direcciones</a> y tiene su página en /direccion/ seguida de su dirección corta. La
          página empieza vacía: después escriba su contenido en Contenido → Departamentos.
        </>
      }
    >
      <DirectionNodeForm
        id="nueva-area"
        action="/admin/direcciones/nueva"
        errorTitle="No pudimos agregar el área"
        submitLabel="Agregar el área"
        defaultValue={{ name: "", slug: "", parentId, position: "0", level: parentId ? "" : "direccion" }}
        lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
        parents={parents}
        slugField={{
          editable: true,
          hint: "Sólo minúsculas sin acentos, números y guiones, por ejemplo clinica-de-sueno. No podrá ser una dirección que ya use otra página.",
        }}
        withLevel
      />
    </DirectionEditorPage>
  );
}
