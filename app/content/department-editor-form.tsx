import { useForm, type SubmissionResult } from "@conform-to/react";
import { Field, RadioGroup } from "~/components/forms";
import type { DepartmentForEditor } from "./department-editor.server";
import { BLANK_STAFF_ROWS, DEPARTMENT_FIELD_LABELS, TIPO_DEPARTAMENTO_LABELS, type DepartmentImageField } from "./department-forms";
import type { SafeHtml } from "./markdown.server";
import {
  EditorActions,
  PageImageFields,
  PublicationFields,
  publicationDefaults,
  RecordEditScreen,
  RecordForm,
  TextAndImageBlocks,
  type CurrentImage,
} from "./record-editor-form";
import type { EditorPreview } from "./record-editor.server";

export type DepartmentFormValues = {
  page_title: string;
  summary: string;
  tipo_departamento: string;
  page_titular: string;
  page_titular_grade: string;
  page_first_content: string;
  page_second_content: string;
  page_first_image_alt: string;
  page_second_image_alt: string;
  page_staff: { name: string; link: string }[];
  status: string;
  publishAt: string;
  // File fields: never given a value back (browsers cannot refill a file input).
  page_titular_photo?: string;
  page_first_image?: string;
  page_second_image?: string;
};

type CurrentImages = Record<DepartmentImageField, CurrentImage>;

/**
 * The department page form. Works without JavaScript: "Vista previa" and the staff rows' "Agregar
 * fila" / "Quitar fila" are submit buttons the server answers with the same form (conform's list
 * intents), nothing stored. Chosen images are not kept by those answers (browsers never refill a
 * file input), which the hint says.
 */
export function DepartmentEditorForm({
  action,
  defaultValue,
  images,
  lastResult,
  preview,
  published = false,
}: {
  action: string;
  defaultValue: DepartmentFormValues;
  images: CurrentImages;
  lastResult?: SubmissionResult<string[]>;
  preview?: { title: string; sections: SafeHtml[] } | null;
  /** The page is published: the publication choices say what happens to the published version. */
  published?: boolean;
}) {
  const [form, fields] = useForm<DepartmentFormValues>({ id: "editar-departamento", lastResult, defaultValue, shouldValidate: "onSubmit" });
  const rows = fields.page_staff.getFieldList();
  const rowErrors = rows.flatMap((row) => {
    const { name, link } = row.getFieldset();
    return [name, link];
  });
  return (
    <RecordForm
      form={form}
      title="No pudimos guardar la página"
      errors={[
        fields.page_title,
        fields.summary,
        fields.tipo_departamento,
        fields.page_titular,
        fields.page_titular_grade,
        fields.page_titular_photo,
        fields.page_first_content,
        fields.page_first_image,
        fields.page_first_image_alt,
        fields.page_second_content,
        fields.page_second_image,
        fields.page_second_image_alt,
        ...rowErrors,
        fields.status,
        fields.publishAt,
      ]}
      lastResult={lastResult}
      preview={preview}
      action={action}
    >
      <Field meta={fields.page_title} label={DEPARTMENT_FIELD_LABELS.page_title} required />
      <Field
        meta={fields.summary}
        label={DEPARTMENT_FIELD_LABELS.summary}
        hint="Una o dos frases; es la descripción que muestran los buscadores (300 caracteres como máximo)."
        required
      />
      <RadioGroup
        meta={fields.tipo_departamento}
        legend={DEPARTMENT_FIELD_LABELS.tipo_departamento}
        options={(["1", "2"] as const).map((value) => ({ value, label: TIPO_DEPARTAMENTO_LABELS[value] }))}
        required
      />
      <fieldset className="form__group">
        <legend>Titular</legend>
        <Field meta={fields.page_titular} label="Nombre del titular (opcional)" />
        <Field meta={fields.page_titular_grade} label={DEPARTMENT_FIELD_LABELS.page_titular_grade} hint="Por ejemplo: Director Médico." />
        <PageImageFields meta={fields.page_titular_photo} label={DEPARTMENT_FIELD_LABELS.page_titular_photo} current={images.page_titular_photo} />
      </fieldset>
      <TextAndImageBlocks fields={fields} labels={DEPARTMENT_FIELD_LABELS} images={images} />
      <fieldset className="form__group">
        <legend>{DEPARTMENT_FIELD_LABELS.page_staff}</legend>
        <p className="field__hint">
          Nombre y enlace por fila. El enlace es una página del sitio (/direccion/…), una dirección web (https://…) o un correo (mailto:…). Las filas
          vacías no se guardan. «Agregar fila» y «Quitar fila» no guardan la página, y las imágenes elegidas habrá que elegirlas de nuevo.
        </p>
        <ol className="staff-rows">
          {rows.map((row, index) => {
            const { name, link } = row.getFieldset();
            return (
              <li key={row.key}>
                <fieldset className="staff-row">
                  <legend>Fila {index + 1}</legend>
                  <Field meta={name} label={`Nombre (fila ${index + 1})`} />
                  <Field meta={link} label={`Enlace (fila ${index + 1})`} spellCheck={false} autoComplete="off" />
                  <button className="button button--secondary" {...form.remove.getButtonProps({ name: fields.page_staff.name, index })}>
                    Quitar fila<span className="visually-hidden"> {index + 1}</span>
                  </button>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <button
          className="button button--secondary"
          {...form.insert.getButtonProps({ name: fields.page_staff.name, defaultValue: { name: "", link: "" } })}
        >
          Agregar fila
        </button>
      </fieldset>
      <PublicationFields status={fields.status} publishAt={fields.publishAt} published={published} />
      <EditorActions />
    </RecordForm>
  );
}

/** The editor screen of a department or direction page: where it shows, its history, the form. */
export function DepartmentEditScreen({
  data: { page, images },
  actionData,
}: {
  data: { page: DepartmentForEditor; images: CurrentImages };
  actionData?: { result: unknown; preview?: EditorPreview | null };
}) {
  return (
    <RecordEditScreen
      base="/admin/contenido/departamentos"
      record={page}
      back={{ to: "/admin/contenido/departamentos", label: "Volver a las páginas de direcciones y departamentos" }}
      title={`Editar «${page.page_title}»`}
      where={{ label: "Dirección", paths: [page.path] }}
      form={(props) => (
        <DepartmentEditorForm
          {...props}
          defaultValue={{
            page_title: page.page_title,
            summary: page.summary,
            tipo_departamento: String(page.tipo_departamento),
            page_titular: page.page_titular ?? "",
            page_titular_grade: page.page_titular_grade ?? "",
            page_first_content: page.page_first_content,
            page_second_content: page.page_second_content,
            page_first_image_alt: page.page_first_image_alt,
            page_second_image_alt: page.page_second_image_alt,
            page_staff: [...page.page_staff, ...Array.from({ length: BLANK_STAFF_ROWS }, () => ({ name: "", link: "" }))],
            ...publicationDefaults(page),
          }}
          images={images}
          lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
          preview={actionData?.preview}
        />
      )}
    />
  );
}
