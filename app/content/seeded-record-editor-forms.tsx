import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ErrorSummary, Field, RadioGroup, summaryErrors, type FieldMeta } from "~/components/forms";
import type { SafeHtml } from "./markdown.server";
import { TextAreaField } from "./page-editor-form";
import {
  EditorActions,
  EditorPreviewSection,
  MARKDOWN_HINT,
  PageImageFields,
  PublicationFields,
  TextAndImageBlocks,
  type CurrentImage,
} from "./record-editor-form";
import { PROFILE_FIELD_LABELS, RESEARCH_UNIT_FIELD_LABELS, RESEARCH_UNIT_KINDS, type ProfileImageField } from "./seeded-record-forms";

/**
 * The research unit and profile record forms (decision 0026): same pieces as the department form;
 * "Vista previa" is a submit button the server answers with the same form, nothing stored. The same
 * form creates a record (`isNew`: no publication choice, a new record starts as a draft).
 */

type Preview = { title: string; sections: SafeHtml[] } | null | undefined;

export type ResearchUnitFormValues = {
  unit_name: string;
  unit_kind: string;
  name_is_illustrative: string;
  summary: string;
  content: string;
  lines_of_work: string;
  head_name: string;
  head_grade: string;
  image_alt: string;
  image?: string;
  status?: string;
  publishAt?: string;
};

/** The publication choice of an edit, or nothing for a new record (it starts as a draft), and the save button's words. */
function SaveSteps({ isNew, fields, createLabel }: { isNew?: boolean; fields: { status: FieldMeta; publishAt: FieldMeta }; createLabel: string }) {
  return (
    <>
      {isNew ? null : <PublicationFields status={fields.status} publishAt={fields.publishAt} />}
      <EditorActions submitLabel={isNew ? createLabel : undefined} />
    </>
  );
}

export function ResearchUnitEditorForm({
  action,
  isNew,
  defaultValue,
  image,
  lastResult,
  preview,
}: {
  action: string;
  isNew?: boolean;
  defaultValue: ResearchUnitFormValues;
  image: CurrentImage;
  lastResult?: SubmissionResult<string[]>;
  preview?: Preview;
}) {
  const [form, fields] = useForm<ResearchUnitFormValues>({
    id: isNew ? "nueva-unidad" : "editar-unidad",
    lastResult,
    defaultValue,
    shouldValidate: "onSubmit",
  });
  const L = RESEARCH_UNIT_FIELD_LABELS;
  return (
    <>
      <ErrorSummary
        title="No pudimos guardar la unidad"
        errors={summaryErrors([
          fields.unit_name,
          fields.unit_kind,
          fields.summary,
          fields.content,
          fields.lines_of_work,
          fields.head_name,
          fields.head_grade,
          fields.image,
          fields.image_alt,
          fields.status,
          fields.publishAt,
        ])}
        formErrors={form.errors}
        focusKey={lastResult}
      />
      <EditorPreviewSection preview={preview} />
      <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} className="form">
        <Field meta={fields.unit_name} label={L.unit_name} required />
        <div className="field field--checkbox">
          <input
            type="checkbox"
            id={fields.name_is_illustrative.id}
            name={fields.name_is_illustrative.name}
            defaultChecked={fields.name_is_illustrative.initialValue === "on"}
          />
          <label htmlFor={fields.name_is_illustrative.id}>
            Nombre ilustrativo (la página avisa que el sitio institucional no publica el nombre de esta unidad)
          </label>
        </div>
        <RadioGroup
          meta={fields.unit_kind}
          legend={L.unit_kind}
          options={Object.entries(RESEARCH_UNIT_KINDS).map(([value, label]) => ({ value, label }))}
          required
        />
        <Field
          meta={fields.summary}
          label={L.summary}
          hint="Una o dos frases; se muestra bajo el nombre y es la descripción que muestran los buscadores (300 caracteres como máximo)."
          required
        />
        <TextAreaField meta={fields.content} label={`${L.content} (Markdown)`} hint={MARKDOWN_HINT} rows={12} />
        <TextAreaField
          meta={fields.lines_of_work}
          label={L.lines_of_work}
          hint="Una línea de investigación por renglón; los renglones vacíos no se guardan."
          rows={6}
        />
        <fieldset className="form__group">
          <legend>{L.head_name}</legend>
          <Field meta={fields.head_name} label="Nombre del responsable (opcional)" />
          <Field meta={fields.head_grade} label={L.head_grade} hint="Por ejemplo: Investigadora en Ciencias Médicas." />
        </fieldset>
        <fieldset className="form__group">
          <legend>{L.image}</legend>
          <PageImageFields meta={fields.image} label={L.image} current={image} alt={{ meta: fields.image_alt, label: L.image_alt }} />
        </fieldset>
        <SaveSteps isNew={isNew} fields={fields} createLabel="Crear la unidad" />
      </Form>
    </>
  );
}

export type ProfileFormValues = {
  page_title: string;
  page_banner_image_alt: string;
  page_banner_content: string;
  page_first_content: string;
  page_first_image_alt: string;
  page_second_content: string;
  page_second_image_alt: string;
  status?: string;
  publishAt?: string;
} & Partial<Record<ProfileImageField, string>>;

export function ProfileEditorForm({
  action,
  isNew,
  defaultValue,
  images,
  lastResult,
  preview,
}: {
  action: string;
  isNew?: boolean;
  defaultValue: ProfileFormValues;
  images: Record<ProfileImageField, CurrentImage>;
  lastResult?: SubmissionResult<string[]>;
  preview?: Preview;
}) {
  const [form, fields] = useForm<ProfileFormValues>({
    id: isNew ? "nuevo-perfil" : "editar-perfil",
    lastResult,
    defaultValue,
    shouldValidate: "onSubmit",
  });
  const L = PROFILE_FIELD_LABELS;
  return (
    <>
      <ErrorSummary
        title="No pudimos guardar el perfil"
        errors={summaryErrors([
          fields.page_title,
          fields.page_banner_image,
          fields.banner_image_responsive,
          fields.page_banner_image_alt,
          fields.page_banner_content,
          fields.page_first_content,
          fields.page_first_image,
          fields.page_first_image_alt,
          fields.page_second_content,
          fields.page_second_image,
          fields.page_second_image_alt,
          fields.status,
          fields.publishAt,
        ])}
        formErrors={form.errors}
        focusKey={lastResult}
      />
      <EditorPreviewSection preview={preview} />
      <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} className="form">
        <Field meta={fields.page_title} label={L.page_title} hint="El nombre del perfil en esta lista (no se muestra en la página)." required />
        <fieldset className="form__group">
          <legend>Encabezado</legend>
          <PageImageFields
            meta={fields.page_banner_image}
            label={L.page_banner_image}
            current={images.page_banner_image}
            alt={{ meta: fields.page_banner_image_alt, label: L.page_banner_image_alt }}
          />
          <PageImageFields meta={fields.banner_image_responsive} label={L.banner_image_responsive} current={images.banner_image_responsive} />
          <TextAreaField meta={fields.page_banner_content} label={`${L.page_banner_content} (Markdown)`} hint={MARKDOWN_HINT} rows={6} />
        </fieldset>
        <TextAndImageBlocks fields={fields} labels={L} images={images} />
        <SaveSteps isNew={isNew} fields={fields} createLabel="Crear el perfil" />
      </Form>
    </>
  );
}
