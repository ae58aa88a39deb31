import { DEFAULT_INTENT, staffAction, staffIntent } from "~/actions/pipeline.server";
import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "~/components/forms";
import { directionNodeSchema } from "~/content/direction-forms.server";
import { DIRECTION_LEVEL_LABELS } from "~/content/direction-levels";
import { DirectionEditorPage, DirectionNodeForm } from "~/content/direction-node-form";
import { deleteDirectionNode, listDirectionNodesForEditor, parentOptions, updateDirectionNode } from "~/content/directions-editor.server";
import { NO_FIELDS, or404 } from "~/content/record-editor-route.server";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import { idParam } from "~/utils/route-params";
import { redirectWithToast } from "~/utils/toast.server";
import siteEditorStyles from "~/styles/site-editor.css";
import { staffAccessOf } from "~/staff/access-registry";

// One node of the directions tree: name, address (slug), parent and order; a leaf can be deleted (issue 12, decision 0025).
export const staffAccess = staffAccessOf("routes/admin.direcciones.$nodeId");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: siteEditorStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.node.name ?? "Área"} | Direcciones | Área del personal HIMFG` },
  { name: "robots", content: "noindex, nofollow" },
];

const NOT_FOUND = "No encontramos esta área del árbol de direcciones.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const nodeId = idParam(params.nodeId, NOT_FOUND);
  const nodes = await listDirectionNodesForEditor(db);
  const node = nodes.find((candidate) => candidate.id === nodeId);
  if (!node) throw new Response(NOT_FOUND, { status: 404 });
  const childCount = nodes.filter((candidate) => candidate.parentId === nodeId).length;
  return { node, parents: parentOptions(nodes, nodeId), childCount };
}

/** intent = delete (a leaf), or the node's fields. */
export const action = (args: ActionFunctionArgs) => {
  const nodeId = () => idParam(args.params.nodeId, NOT_FOUND);
  return staffAction({
    access: staffAccess,
    intents: {
      [DEFAULT_INTENT]: staffIntent({
        schema: directionNodeSchema,
        step: async (ctx, { value }) => or404(await updateDirectionNode(db, nodeId(), value, ctx.actor, ctx.requestId), NOT_FOUND),
        done: (outcome) => redirectWithToast(`/admin/direcciones/${nodeId()}`, { type: "success", description: outcome.message }, { status: 303 }),
      }),
      delete: staffIntent({
        schema: NO_FIELDS,
        step: async (ctx) => or404(await deleteDirectionNode(db, nodeId(), ctx.actor, ctx.requestId), NOT_FOUND),
        done: (outcome) => redirectWithToast("/admin/direcciones", { type: "success", description: outcome.message }, { status: 303 }),
      }),
    },
  })(args);
};

export default function EditDirectionNode() {
  const { node, parents, childCount } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const deleteError = actionData?.intent === "delete" ? (actionData.result.error?.[""] ?? []) : [];
  const deletable = childCount === 0 && node.slug !== null && !node.slugFixed;
  return (
    <DirectionEditorPage
      title={`Editar «${node.name}»`}
      lead={
        <>
          {DIRECTION_LEVEL_LABELS[node.level]} · Dirección actual: <a href={node.href}>{node.href}</a>
        </>
      }
    >
      <DirectionNodeForm
        // A saved change remounts the form with the stored values.
        key={`${node.name}-${node.href}-${node.parentId}-${node.position}`}
        id={`direccion-${node.id}`}
        action={`/admin/direcciones/${node.id}`}
        errorTitle="No pudimos guardar el área"
        submitLabel="Guardar cambios"
        defaultValue={{
          name: node.name,
          slug: node.slug ?? "",
          parentId: node.parentId === null ? "" : String(node.parentId),
          position: String(node.position),
        }}
        lastResult={actionData?.intent === "delete" ? undefined : (actionData?.result as SubmissionResult<string[]> | undefined)}
        parents={parents}
        slugField={
          node.slug === null
            ? { editable: false, keep: null, note: `Esta área tiene una dirección fija (${node.href}) que no se edita aquí.` }
            : node.slugFixed
              ? {
                  editable: false,
                  keep: node.slug,
                  note: `La dirección de esta área (${node.href}) la usa el código del sitio y no se puede cambiar.`,
                }
              : {
                  editable: true,
                  hint: `La página queda en /direccion/ seguida de este texto. Sólo minúsculas sin acentos, números y guiones. Si la cambia, ${node.href} llevará a la nueva dirección.`,
                }
        }
      />
      <section aria-labelledby="eliminar-titulo">
        <h2 id="eliminar-titulo">Eliminar el área</h2>
        {deleteError.length ? <ErrorSummary title="No pudimos eliminar el área" errors={[]} formErrors={deleteError} focusKey={actionData} /> : null}
        {deletable ? (
          <Form method="post" action={`/admin/direcciones/${node.id}`}>
            <p>
              El área y su página dejan de mostrarse; {node.href} llevará a la página del área de la que depende. Las áreas que dependen de otra no se
              eliminan: elimine primero sus dependientes.
            </p>
            <button type="submit" name="intent" value="delete" className="button button--secondary">
              Eliminar «{node.name}»
            </button>
          </Form>
        ) : (
          <p>
            {childCount > 0
              ? `No se puede eliminar: ${childCount === 1 ? "un área depende" : `${childCount} áreas dependen`} de ella. Elimine o mueva primero esas áreas.`
              : "Esta área no se puede eliminar: su dirección la usa el código del sitio o no es una página de este árbol."}
          </p>
        )}
      </section>
      <p>
        <Link to={`/admin/direcciones/nueva?padre=${node.id}`}>Agregar un área que dependa de «{node.name}»</Link>
      </p>
    </DirectionEditorPage>
  );
}
