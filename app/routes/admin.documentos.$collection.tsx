import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, Field, RadioGroup, SelectField, summaryErrors } from "~/components/forms";
import { StaffTable } from "~/components/staff-table";
import { db } from "~/db.server";
import { parseEditorFields, readEditorForm, refusal } from "~/documents/document-editor-action.server";
import { COLLECTION_KEY, DocumentFileField } from "~/documents/document-editor-fields";
import {
  addDocumentGroup,
  getCollectionForEditor,
  moveDocument,
  moveDocumentGroup,
  renameDocumentGroup,
  uploadDocument,
  type EditorGroup,
} from "~/documents/document-editor.server";
import { addGroupSchema, moveSchema, renameGroupSchema, uploadDocumentSchema } from "~/documents/document-forms.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { redirectWithToast } from "~/utils/toast.server";

// One document collection: its years and groups, upload, rename, reorder (issue 12, decision 0024).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.collection.title ?? "Colección"} | Documentos | Área del personal HIMFG` },
  { name: "robots", content: "noindex, nofollow" },
];

function collectionKeyOf(raw: string | undefined): string {
  if (!COLLECTION_KEY.test(raw ?? "")) throw new Response("No encontramos esta colección de documentos", { status: 404 });
  return raw!;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const collection = await getCollectionForEditor(db, collectionKeyOf(params.collection));
  if (!collection) throw new Response("No encontramos esta colección de documentos", { status: 404 });
  return { collection };
}

/** intent = upload | add-group | rename-group | move-group | move-item; each parses its schema and calls one domain function. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireStaff(request, staffAccess);
  const key = collectionKeyOf(params.collection);
  const requestId = context.requestId ?? null;
  const form = await readEditorForm(request);
  if ("done" in form) return form.done;
  const back = `/admin/documentos/${key}`;

  if (form.intent === "upload") {
    const parsed = parseEditorFields(form, uploadDocumentSchema, { needsFile: true });
    if ("done" in parsed) return parsed.done;
    const outcome = await uploadDocument(db, key, { ...parsed.value, file: form.file! }, actor, requestId);
    if (!outcome.ok) return refusal(form, parsed.submission, outcome);
    return redirectWithToast(back, { type: "success", description: outcome.message });
  }
  if (form.intent === "add-group") {
    const parsed = parseEditorFields(form, addGroupSchema);
    if ("done" in parsed) return parsed.done;
    const outcome = await addDocumentGroup(db, key, parsed.value, actor, requestId);
    if (!outcome.ok) return refusal(form, parsed.submission, outcome);
    return redirectWithToast(back, { type: "success", description: outcome.message });
  }
  if (form.intent === "rename-group") {
    const parsed = parseEditorFields(form, renameGroupSchema);
    if ("done" in parsed) return parsed.done;
    const outcome = await renameDocumentGroup(db, key, parsed.value, actor, requestId);
    if (!outcome.ok) return refusal(form, parsed.submission, outcome);
    return redirectWithToast(back, { type: "success", description: outcome.message });
  }
  if (form.intent === "move-group" || form.intent === "move-item") {
    const parsed = parseEditorFields(form, moveSchema);
    if ("done" in parsed) return parsed.done;
    const move = form.intent === "move-group" ? moveDocumentGroup : moveDocument;
    const outcome = await move(db, key, parsed.value, actor, requestId);
    if (!outcome.ok) return refusal(form, parsed.submission, outcome);
    return redirectWithToast(back, { type: "success", description: outcome.message });
  }
  return data(
    {
      intent: form.intent,
      target: null,
      result: { status: "error", error: { "": ["No reconocemos esa acción. Recargue la página."] } } as SubmissionResult<string[]>,
    },
    { status: 400 },
  );
}

type ActionData = { intent: string; target: string | null; result: SubmissionResult<string[]> } | undefined;

function resultFor(actionData: ActionData, intent: string, target?: number) {
  if (!actionData || actionData.intent !== intent) return undefined;
  if (target !== undefined && actionData.target !== String(target)) return undefined;
  return actionData.result;
}

export default function DocumentCollectionEditor() {
  const { collection } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData;
  const unknownIntent = actionData && !["upload", "add-group", "rename-group", "move-group", "move-item"].includes(actionData.intent);
  return (
    <div className="container page">
      <p>
        <Link to="/admin/documentos">Volver a las colecciones</Link>
      </p>
      <h1>{collection.title}</h1>
      {collection.publicPath ? (
        <p>
          Página pública: <a href={collection.publicPath}>{collection.publicPath.replace(/#.*$/, "")}</a>
        </p>
      ) : null}
      {unknownIntent ? (
        <ErrorSummary title="No pudimos hacer el cambio" errors={[]} formErrors={actionData.result.error?.[""] ?? []} focusKey={actionData} />
      ) : null}
      <UploadForm groups={collection.groups} collectionKey={collection.key} lastResult={resultFor(actionData, "upload")} />
      <AddGroupForm collectionKey={collection.key} lastResult={resultFor(actionData, "add-group")} />
      <h2>Años y grupos</h2>
      {collection.groups.length === 0 ? <p>Esta colección todavía no tiene grupos.</p> : null}
      {collection.groups.map((group, index) => (
        <GroupSection
          key={group.id}
          group={group}
          collectionKey={collection.key}
          first={index === 0}
          last={index === collection.groups.length - 1}
          lastResult={resultFor(actionData, "rename-group", group.id)}
        />
      ))}
    </div>
  );
}

function UploadForm({
  groups,
  collectionKey,
  lastResult,
}: {
  groups: EditorGroup[];
  collectionKey: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<{ groupId: string; title: string; file: string }>({
    id: "subir-documento",
    lastResult,
    defaultValue: { groupId: "", title: "" },
    shouldValidate: "onSubmit",
  });
  return (
    <section aria-labelledby="subir-documento-titulo">
      <h2 id="subir-documento-titulo">Subir un documento</h2>
      <ErrorSummary
        title="No pudimos subir el documento"
        errors={summaryErrors([fields.groupId, fields.title, fields.file])}
        formErrors={form.errors}
        focusKey={lastResult}
      />
      <Form method="post" action={`/admin/documentos/${collectionKey}`} encType="multipart/form-data" {...getFormProps(form)} className="form">
        <input type="hidden" name="intent" value="upload" />
        <SelectField
          meta={fields.groupId}
          label="Año o grupo"
          options={groups.map((group) => ({ value: String(group.id), label: group.title }))}
          placeholder="Elija el año o grupo"
          required
        />
        <Field
          meta={fields.title}
          label="Título del documento"
          hint="Como se mostrará en la página, por ejemplo «Estado de situación financiera (marzo)»."
          required
        />
        <DocumentFileField meta={fields.file} label="Archivo" />
        <div className="form-actions">
          <button type="submit" className="button">
            Publicar el documento
          </button>
        </div>
      </Form>
    </section>
  );
}

function AddGroupForm({ collectionKey, lastResult }: { collectionKey: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<{ title: string; place: string }>({
    id: "agregar-grupo",
    lastResult,
    defaultValue: { title: "", place: "inicio" },
    shouldValidate: "onSubmit",
  });
  return (
    <section aria-labelledby="agregar-grupo-titulo">
      <h2 id="agregar-grupo-titulo">Agregar un año o grupo</h2>
      <ErrorSummary
        title="No pudimos agregar el grupo"
        errors={summaryErrors([fields.title, fields.place])}
        formErrors={form.errors}
        focusKey={lastResult}
      />
      <Form method="post" action={`/admin/documentos/${collectionKey}`} {...getFormProps(form)} className="form">
        <input type="hidden" name="intent" value="add-group" />
        <Field meta={fields.title} label="Año o nombre del grupo" hint="Por ejemplo 2026, o «Licitaciones»." required />
        <RadioGroup
          meta={fields.place}
          legend="Dónde va"
          options={[
            { value: "inicio", label: "Al principio (lo usual para un año nuevo)" },
            { value: "final", label: "Al final" },
          ]}
          required
          inline
        />
        <div className="form-actions">
          <button type="submit" className="button button--secondary">
            Agregar el grupo
          </button>
        </div>
      </Form>
    </section>
  );
}

function MoveButtons({
  intent,
  id,
  label,
  first,
  last,
  collectionKey,
}: {
  intent: string;
  id: number;
  label: string;
  first: boolean;
  last: boolean;
  collectionKey: string;
}) {
  return (
    <Form method="post" action={`/admin/documentos/${collectionKey}`} className="staff-inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="direction" value="subir" className="button button--secondary" disabled={first}>
        Subir<span className="visually-hidden"> «{label}»</span>
      </button>
      <button type="submit" name="direction" value="bajar" className="button button--secondary" disabled={last}>
        Bajar<span className="visually-hidden"> «{label}»</span>
      </button>
    </Form>
  );
}

function GroupSection({
  group,
  collectionKey,
  first,
  last,
  lastResult,
}: {
  group: EditorGroup;
  collectionKey: string;
  first: boolean;
  last: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<{ title: string; groupId: string }>({
    id: `grupo-${group.id}`,
    lastResult,
    defaultValue: { title: group.title, groupId: String(group.id) },
    shouldValidate: "onSubmit",
  });
  const headingId = `grupo-${group.id}-titulo`;
  return (
    <section aria-labelledby={headingId} className="document-group-editor">
      <h3 id={headingId}>{group.title}</h3>
      <MoveButtons intent="move-group" id={group.id} label={group.title} first={first} last={last} collectionKey={collectionKey} />
      <Form method="post" action={`/admin/documentos/${collectionKey}`} {...getFormProps(form)} className="staff-inline-form">
        <input type="hidden" name="intent" value="rename-group" />
        <input type="hidden" name="target" value={group.id} />
        <input type="hidden" name="groupId" value={group.id} />
        {form.errors?.length ? <p className="field__error">{form.errors.join(" ")}</p> : null}
        <Field meta={fields.title} label={`Nuevo nombre de «${group.title}»`} required />
        <button type="submit" className="button button--secondary">
          Cambiar el nombre
        </button>
      </Form>
      {group.documents.length === 0 ? (
        <p>Sin documentos.</p>
      ) : (
        <StaffTable caption={`Documentos de ${group.title}`} hideCaption columns={["Documento", "Archivo", "Estado", "Orden"]}>
          {group.documents.map((document, index) => (
            <tr key={document.id}>
              <th scope="row">
                <Link to={`/admin/documentos/${collectionKey}/${document.id}`}>{document.title}</Link>
              </th>
              <td>
                {document.removedAt ? (
                  document.details
                ) : (
                  <a href={document.href}>
                    {document.details}
                    <span className="visually-hidden"> de «{document.title}»</span>
                  </a>
                )}
              </td>
              <td>{document.removedAt ? "Retirado (en el historial)" : "Publicado"}</td>
              <td>
                <MoveButtons
                  intent="move-item"
                  id={document.id}
                  label={document.title}
                  first={index === 0}
                  last={index === group.documents.length - 1}
                  collectionKey={collectionKey}
                />
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}
