import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Field, RadioGroup, SelectField } from "~/components/forms";
import { MarkdownField } from "~/components/markdown-field";
import { StaffTable } from "~/components/staff-table";
import { DocumentFileField, EditorFormSection, useEditorForm } from "./document-editor-fields";
import type { EditorGroup } from "./document-editor.server";

// The forms of the document collection editor (/admin/documentos/{collection}): its introduction,
// upload, groups and their order. Each posts its intent to the collection's address.

export function IntroForm({ collectionKey, intro }: { collectionKey: string; intro: string }) {
  const [form, fields] = useEditorForm("intro", { intro });
  return (
    <EditorFormSection intent="intro" form={form} fields={[fields.intro]} action={`/admin/documentos/${collectionKey}`}>
      <MarkdownField meta={fields.intro} label="Introducción (Markdown)" rows={6} />
    </EditorFormSection>
  );
}

export function UploadForm({ groups, collectionKey }: { groups: EditorGroup[]; collectionKey: string }) {
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

export function AddGroupForm({ collectionKey }: { collectionKey: string }) {
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

export function GroupSection({
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
