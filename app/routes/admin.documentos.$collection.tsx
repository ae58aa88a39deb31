import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Field, RadioGroup, SelectField } from "~/components/forms";
import { StaffTable } from "~/components/staff-table";
import { db } from "~/db.server";
import { MarkdownField } from "~/components/markdown-field";
import { editorIntent, readEditorForm, runEditorIntent } from "~/documents/document-editor-action.server";
import {
  COLLECTION_KEY,
  DocumentFileField,
  EditorFormSection,
  OtherEditorErrors,
  useEditorForm,
  useEditorResults,
} from "~/documents/document-editor-fields";
import {
  addDocumentGroup,
  deleteDocumentGroup,
  getCollectionForEditor,
  moveDocument,
  moveDocumentGroup,
  renameDocumentGroup,
  updateCollectionIntro,
  uploadDocument,
  type EditorGroup,
} from "~/documents/document-editor.server";
import {
  addGroupSchema,
  deleteGroupSchema,
  introSchema,
  moveSchema,
  renameGroupSchema,
  uploadDocumentSchema,
} from "~/documents/document-forms.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { DOCUMENT_FORM_MAX_BYTES, DOCUMENT_TOO_LARGE_MESSAGE } from "~/documents/document-forms.server";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = DOCUMENT_FORM_MAX_BYTES;
export const bodyTooLargeMessage = DOCUMENT_TOO_LARGE_MESSAGE;

// One document collection: its introduction, years and groups (add, rename, reorder, delete when empty), upload (issue 12, decision 0024).
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

/** intent = upload | add-group | rename-group | delete-group | move-group | move-item | intro; each parses its schema and calls one domain function. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireStaff(request, staffAccess);
  const key = collectionKeyOf(params.collection);
  const requestId = context.requestId ?? null;
  const form = await readEditorForm(request);
  if ("done" in form) return form.done;
  return runEditorIntent(form, `/admin/documentos/${key}`, {
    upload: editorIntent({
      schema: uploadDocumentSchema,
      needsFile: true,
      run: (value, file) => uploadDocument(db, key, { ...value, file: file! }, actor, requestId),
    }),
    "add-group": editorIntent({ schema: addGroupSchema, run: (value) => addDocumentGroup(db, key, value, actor, requestId) }),
    "rename-group": editorIntent({ schema: renameGroupSchema, run: (value) => renameDocumentGroup(db, key, value, actor, requestId) }),
    "delete-group": editorIntent({ schema: deleteGroupSchema, run: (value) => deleteDocumentGroup(db, key, value, actor, requestId) }),
    "move-group": editorIntent({ schema: moveSchema, run: (value) => moveDocumentGroup(db, key, value, actor, requestId) }),
    "move-item": editorIntent({ schema: moveSchema, run: (value) => moveDocument(db, key, value, actor, requestId) }),
    intro: editorIntent({ schema: introSchema, run: (value) => updateCollectionIntro(db, key, value, actor, requestId) }),
  });
}

const FORM_INTENTS = ["upload", "add-group", "rename-group", "intro"] as const;

export default function DocumentCollectionEditor() {
  const { collection } = useLoaderData<typeof loader>();
  const { resultFor } = useEditorResults();
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
      <OtherEditorErrors ownForms={FORM_INTENTS} />
      <UploadForm groups={collection.groups} collectionKey={collection.key} />
      <AddGroupForm collectionKey={collection.key} />
      {collection.intro !== null ? (
        // A saved text remounts the form with the stored value.
        <IntroForm key={collection.intro} collectionKey={collection.key} intro={collection.intro} />
      ) : null}
      <h2>Años y grupos</h2>
      {collection.groups.length === 0 ? <p>Esta colección todavía no tiene grupos.</p> : null}
      {collection.groups.map((group, index) => (
        <GroupSection
          key={group.id}
          group={group}
          collectionKey={collection.key}
          first={index === 0}
          last={index === collection.groups.length - 1}
          lastResult={resultFor("rename-group", group.id)}
        />
      ))}
    </div>
  );
}

function IntroForm({ collectionKey, intro }: { collectionKey: string; intro: string }) {
  const [form, fields] = useEditorForm("intro", { intro });
  return (
    <EditorFormSection intent="intro" form={form} fields={[fields.intro]} action={`/admin/documentos/${collectionKey}`}>
      <MarkdownField meta={fields.intro} label="Introducción (Markdown)" rows={6} />
    </EditorFormSection>
  );
}

function UploadForm({ groups, collectionKey }: { groups: EditorGroup[]; collectionKey: string }) {
  const [form, fields] = useEditorForm<{ groupId: string; title: string; file?: string }>("upload", { groupId: "", title: "" });
  return (
    <EditorFormSection intent="upload" form={form} fields={[fields.groupId, fields.title, fields.file]} action={`/admin/documentos/${collectionKey}`}>
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
    </EditorFormSection>
  );
}

const GROUP_PLACES = [
  { value: "inicio", label: "Al principio (lo usual para un año nuevo)" },
  { value: "final", label: "Al final" },
];

function AddGroupForm({ collectionKey }: { collectionKey: string }) {
  const [form, fields] = useEditorForm("add-group", { title: "", place: "inicio" });
  return (
    <EditorFormSection intent="add-group" form={form} fields={[fields.title, fields.place]} action={`/admin/documentos/${collectionKey}`}>
      <Field meta={fields.title} label="Año o nombre del grupo" hint="Por ejemplo 2026, o «Licitaciones»." required />
      <RadioGroup meta={fields.place} legend="Dónde va" options={GROUP_PLACES} required inline />
    </EditorFormSection>
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
        <>
          <p>Sin documentos.</p>
          <Form method="post" action={`/admin/documentos/${collectionKey}`} className="staff-inline-form">
            <input type="hidden" name="intent" value="delete-group" />
            <input type="hidden" name="groupId" value={group.id} />
            <button type="submit" className="button button--secondary">
              Eliminar el grupo vacío<span className="visually-hidden"> «{group.title}»</span>
            </button>
          </Form>
        </>
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
