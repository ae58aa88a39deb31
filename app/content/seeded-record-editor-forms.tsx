import { useForm, type SubmissionResult } from "@conform-to/react";
import { Field, RadioGroup, type FieldMeta } from "~/components/forms";
import type { SafeHtml } from "./markdown.server";
import { TextAreaField } from "./page-editor-form";
import {
  EditorActions,
  MARKDOWN_HINT,
  PageImageFields,
  PublicationFields,
  publicationDefaults,
  RecordEditScreen,
  RecordForm,
  RecordEditorScreen,
  TextAndImageBlocks,
  type CurrentImage,
} from "./record-editor-form";
import type { ProfileForEditor } from "./profile-page-editor.server";
import type { ResearchUnitForEditor } from "./research-unit-editor.server";
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
function SaveSteps({
  isNew,
  published,
  fields,
  createLabel,
}: {
  isNew?: boolean;
  published?: boolean;
  fields: { status: FieldMeta; publishAt: FieldMeta };
  createLabel: string;
}) {
  return (
    <>
      {isNew ? null : <PublicationFields status={fields.status} publishAt={fields.publishAt} published={published} />}
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
  published,
}: {
  action: string;
  isNew?: boolean;
  /** The unit is published: the publication choices say what happens to the published version. */
  published?: boolean;
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
    <RecordForm
      form={form}
      title="No pudimos guardar la unidad"
      errors={[
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
      ]}
      lastResult={lastResult}
      preview={preview}
      action={action}
    >
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
      <SaveSteps isNew={isNew} published={published} fields={fields} createLabel="Crear la unidad" />
    </RecordForm>
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
  published,
}: {
  action: string;
  isNew?: boolean;
  /** The profile is published: the publication choices say what happens to the published version. */
  published?: boolean;
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
    <RecordForm
      form={form}
      title="No pudimos guardar el perfil"
      errors={[
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
      ]}
      lastResult={lastResult}
      preview={preview}
      action={action}
    >
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
      <SaveSteps isNew={isNew} published={published} fields={fields} createLabel="Crear el perfil" />
    </RecordForm>
  );
}

type ActionData = { result: unknown; preview?: Preview } | undefined;
const lastResultOf = (actionData: ActionData) => actionData?.result as SubmissionResult<string[]> | undefined;

const BACK_TO_UNITS = { to: "/admin/contenido/investigacion", label: "Volver a las unidades de investigación" };
const BACK_TO_PROFILES = { to: "/admin/contenido/perfiles", label: "Volver a los perfiles de dirección" };

/** The editor screen of a research unit: its address, its history, the form. */
export function ResearchUnitEditScreen({
  data: { unit, image },
  actionData,
}: {
  data: { unit: ResearchUnitForEditor; image: CurrentImage };
  actionData?: ActionData;
}) {
  return (
    <RecordEditScreen
      base="/admin/contenido/investigacion"
      record={unit}
      back={BACK_TO_UNITS}
      title={`Editar «${unit.unit_name}»`}
      where={{ label: "Dirección", paths: [unit.path] }}
      form={(props) => (
        <ResearchUnitEditorForm
          {...props}
          defaultValue={{
            unit_name: unit.unit_name,
            unit_kind: unit.unit_kind,
            name_is_illustrative: unit.name_is_illustrative ? "on" : "",
            summary: unit.summary,
            content: unit.content,
            lines_of_work: unit.lines_of_work.join("\n"),
            head_name: unit.head_name ?? "",
            head_grade: unit.head_grade ?? "",
            image_alt: unit.image_alt,
            ...publicationDefaults(unit),
          }}
          image={image}
          lastResult={lastResultOf(actionData)}
          preview={actionData?.preview}
        />
      )}
    />
  );
}

/** The screen that creates a research unit (a draft at the next free number). */
export function NewResearchUnitScreen({ actionData }: { actionData?: ActionData }) {
  return (
    <RecordEditorScreen back={BACK_TO_UNITS} title="Crear una unidad de investigación">
      <p>La unidad recibe el siguiente número libre (/investigadores/…) y queda como borrador: revísela y publíquela desde su página de edición.</p>
      <ResearchUnitEditorForm
        isNew
        action="/admin/contenido/investigacion/nueva"
        defaultValue={{
          unit_name: "",
          unit_kind: "unidad",
          name_is_illustrative: "",
          summary: "",
          content: "",
          lines_of_work: "",
          head_name: "",
          head_grade: "",
          image_alt: "",
        }}
        image={null}
        lastResult={lastResultOf(actionData)}
        preview={actionData?.preview}
      />
    </RecordEditorScreen>
  );
}

/** The editor screen of a profile record: the pages that show it, its history, the form. */
export function ProfileEditScreen({
  data: { profile, images },
  actionData,
}: {
  data: { profile: ProfileForEditor; images: Record<ProfileImageField, CurrentImage> };
  actionData?: ActionData;
}) {
  return (
    <RecordEditScreen
      base="/admin/contenido/perfiles"
      record={profile}
      back={BACK_TO_PROFILES}
      title={`Editar el perfil «${profile.page_title}»`}
      where={{ label: "Se muestra en", paths: profile.paths }}
      form={(props) => (
        <ProfileEditorForm
          {...props}
          defaultValue={{
            page_title: profile.page_title,
            page_banner_image_alt: profile.page_banner_image_alt,
            page_banner_content: profile.page_banner_content,
            page_first_content: profile.page_first_content,
            page_first_image_alt: profile.page_first_image_alt,
            page_second_content: profile.page_second_content,
            page_second_image_alt: profile.page_second_image_alt,
            ...publicationDefaults(profile),
          }}
          images={images}
          lastResult={lastResultOf(actionData)}
          preview={actionData?.preview}
        />
      )}
    />
  );
}

const NO_IMAGES = { page_banner_image: null, banner_image_responsive: null, page_first_image: null, page_second_image: null };

/** The screen that creates a profile record (a draft). */
export function NewProfileScreen({ actionData }: { actionData?: ActionData }) {
  return (
    <RecordEditorScreen back={BACK_TO_PROFILES} title="Crear un perfil de dirección">
      <p>El perfil queda como borrador: una página de información lo muestra cuando está vinculada a él y publicado.</p>
      <ProfileEditorForm
        isNew
        action="/admin/contenido/perfiles/nueva"
        defaultValue={{
          page_title: "",
          page_banner_image_alt: "",
          page_banner_content: "",
          page_first_content: "",
          page_first_image_alt: "",
          page_second_content: "",
          page_second_image_alt: "",
        }}
        images={NO_IMAGES}
        lastResult={lastResultOf(actionData)}
        preview={actionData?.preview}
      />
    </RecordEditorScreen>
  );
}
