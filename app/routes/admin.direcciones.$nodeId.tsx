import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, Field, SelectField, summaryErrors } from "~/components/forms";
import { parseDirectionNodeForm } from "~/content/direction-forms.server";
import { DIRECTION_LEVEL_LABELS } from "~/content/direction-levels";
import { listDirectionNodesForEditor, updateDirectionNode } from "~/content/directions-editor.server";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { idParam } from "~/utils/route-params";
import { redirectWithToast } from "~/utils/toast.server";
import siteEditorStyles from "~/styles/site-editor.css";

// One node of the directions tree: name, address (slug), parent and order (issue 12).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

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
  // The node and its descendants cannot be its parent (the server checks this again).
  const excluded = new Set([nodeId]);
  for (const candidate of nodes) if (candidate.parentId !== null && excluded.has(candidate.parentId)) excluded.add(candidate.id);
  const parents = nodes
    .filter((candidate) => !excluded.has(candidate.id))
    .map((candidate) => ({ value: String(candidate.id), label: `${"— ".repeat(candidate.depth)}${candidate.name}` }));
  return { node, parents };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireStaff(request, staffAccess);
  const nodeId = idParam(params.nodeId, NOT_FOUND);
  const submission = parseDirectionNodeForm(await request.formData());
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await updateDirectionNode(db, nodeId, submission.value, actor, context.requestId ?? null);
  if (!outcome.ok && "notFound" in outcome) throw new Response(NOT_FOUND, { status: 404 });
  if (!outcome.ok) return data({ result: submission.reply({ fieldErrors: outcome.issues }) }, { status: 400 });
  return redirectWithToast(`/admin/direcciones/${nodeId}`, { type: "success", description: outcome.message }, { status: 303 });
}

interface DirectionFormValues {
  name: string;
  slug: string;
  parentId: string;
  position: string;
}

export default function EditDirectionNode() {
  const { node, parents } = useLoaderData<typeof loader>();
  // A saved change remounts the form with the stored values.
  return <DirectionNodeForm key={`${node.name}-${node.href}-${node.parentId}-${node.position}`} node={node} parents={parents} />;
}

function DirectionNodeForm({ node, parents }: ReturnType<typeof useLoaderData<typeof loader>>) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.result as SubmissionResult<string[]> | undefined;
  const [form, fields] = useForm<DirectionFormValues>({
    id: `direccion-${node.id}`,
    lastResult,
    defaultValue: {
      name: node.name,
      slug: node.slug ?? "",
      parentId: node.parentId === null ? "" : String(node.parentId),
      position: String(node.position),
    },
    shouldValidate: "onSubmit",
  });
  return (
    <div className="container page">
      <p>
        <Link to="/admin/direcciones">Volver a las direcciones</Link>
      </p>
      <h1>Editar «{node.name}»</h1>
      <p>
        {DIRECTION_LEVEL_LABELS[node.level]} · Dirección actual: <a href={node.href}>{node.href}</a>
      </p>
      <ErrorSummary
        title="No pudimos guardar el área"
        errors={summaryErrors([fields.name, node.slug !== null ? fields.slug : undefined, fields.parentId, fields.position])}
        formErrors={form.errors}
        focusKey={lastResult}
      />
      <Form method="post" action={`/admin/direcciones/${node.id}`} {...getFormProps(form)} className="form">
        <Field meta={fields.name} label="Nombre" required />
        {node.slug === null ? (
          <p>Esta área tiene una dirección fija ({node.href}) que no se edita aquí.</p>
        ) : node.slugFixed ? (
          <>
            <input type="hidden" name={fields.slug.name} value={node.slug} />
            <p>La dirección de esta área ({node.href}) la usa el código del sitio y no se puede cambiar.</p>
          </>
        ) : (
          <Field
            meta={fields.slug}
            label="Dirección corta (slug)"
            hint={`La página queda en /direccion/ seguida de este texto. Sólo minúsculas sin acentos, números y guiones. Si la cambia, ${node.href} llevará a la nueva dirección.`}
            spellCheck={false}
            autoComplete="off"
            required
          />
        )}
        <SelectField
          meta={fields.parentId}
          label="Depende de"
          hint="Sin área superior, es una dirección principal y aparece en el menú de cada página."
          options={parents}
          placeholder="(Ninguna: dirección principal)"
        />
        <Field meta={fields.position} label="Orden entre las áreas hermanas" hint="De menor a mayor (0 a 999)." inputMode="numeric" required />
        <div className="form-actions">
          <button type="submit" className="button">
            Guardar cambios
          </button>
        </div>
      </Form>
    </div>
  );
}
