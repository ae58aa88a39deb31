import { Field, RadioGroup } from "~/components/forms";
import type { DepartmentForEditor } from "./department-editor.server";
import { BLANK_STAFF_ROWS, DEPARTMENT_FIELD_LABELS, TIPO_DEPARTAMENTO_LABELS } from "./department-forms";
import { TextAreaField } from "./page-editor-form";
import type { ProfileForEditor } from "./profile-page-editor.server";
import {
  ContentRecordForm,
  MARKDOWN_HINT,
  PageImageFields,
  publicationDefaults,
  TextAndImageBlocks,
  type ContentRecordFormProps,
  type ContentRecordScreens,
  type CurrentImage,
} from "./record-editor-form";
import type { ResearchUnitForEditor } from "./research-unit-editor.server";
import { PROFILE_FIELD_LABELS, RESEARCH_UNIT_FIELD_LABELS, RESEARCH_UNIT_KINDS } from "./seeded-record-forms";

/**
 * The seeded records' screens (decisions 0026 and 0057): per kind, its fields as the form shows
 * them, the form's values of a record, its titles and addresses. The form, the error summary, the
 * publication choice, the preview and the screens are record-editor-form.tsx's, the same for every
 * kind. Chosen images are not kept by a preview or a list button's answer (browsers never refill a
 * file input), which the hints say.
 */

/** The values of the fields that hold text (file fields never get a value back). */
type Texts<K extends string> = Record<K, string> & { status?: string; publishAt?: string };

/** The form's values of a record's text fields (a new record's: empty). */
function textsOf<K extends string>(record: Partial<Record<K, unknown>> | null, names: readonly K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, record?.[name] == null ? "" : String(record[name])])) as Record<K, string>;
}

/** An edited record's publication choice, or none for a new one. */
const publicationOf = (record: { status: "borrador" | "publicada" | "programada"; publishAt: string | null } | null) =>
  record ? publicationDefaults(record) : {};

// ---------------------------------------------------------------- department and direction pages

type DepartmentValues = Texts<
  | "page_title"
  | "summary"
  | "tipo_departamento"
  | "page_titular"
  | "page_titular_grade"
  | "page_first_content"
  | "page_second_content"
  | "page_first_image_alt"
  | "page_second_image_alt"
> & { page_staff: { name: string; link: string }[]; page_titular_photo?: string; page_first_image?: string; page_second_image?: string };

function DepartmentForm(props: ContentRecordFormProps<DepartmentValues>) {
  const L = DEPARTMENT_FIELD_LABELS;
  const images = props.images as Record<"page_titular_photo" | "page_first_image" | "page_second_image", CurrentImage>;
  return (
    <ContentRecordForm
      id={{ edit: "editar-departamento" }}
      title="No pudimos guardar la página"
      props={props}
      errors={(fields) => [
        ...(["page_title", "summary", "tipo_departamento", "page_titular", "page_titular_grade", "page_titular_photo"] as const).map(
          (n) => fields[n],
        ),
        ...(["page_first_content", "page_first_image", "page_first_image_alt", "page_second_content", "page_second_image"] as const).map(
          (n) => fields[n],
        ),
        fields.page_second_image_alt,
        ...fields.page_staff.getFieldList().flatMap((row) => {
          const { name, link } = row.getFieldset();
          return [name, link];
        }),
      ]}
    >
      {(fields, form) => (
        <>
          <Field meta={fields.page_title} label={L.page_title} required />
          <Field
            meta={fields.summary}
            label={L.summary}
            hint="Una o dos frases; es la descripción que muestran los buscadores (300 caracteres como máximo)."
            required
          />
          <RadioGroup
            meta={fields.tipo_departamento}
            legend={L.tipo_departamento}
            options={(["1", "2"] as const).map((value) => ({ value, label: TIPO_DEPARTAMENTO_LABELS[value] }))}
            required
          />
          <fieldset className="form__group">
            <legend>Titular</legend>
            <Field meta={fields.page_titular} label="Nombre del titular (opcional)" />
            <Field meta={fields.page_titular_grade} label={L.page_titular_grade} hint="Por ejemplo: Director Médico." />
            <PageImageFields meta={fields.page_titular_photo} label={L.page_titular_photo} current={images.page_titular_photo} />
          </fieldset>
          <TextAndImageBlocks fields={fields} labels={L} images={images} />
          <fieldset className="form__group">
            <legend>{L.page_staff}</legend>
            <p className="field__hint">
              Nombre y enlace por fila. El enlace es una página del sitio (/direccion/…), una dirección web (https://…) o un correo (mailto:…). Las
              filas vacías no se guardan. «Agregar fila» y «Quitar fila» no guardan la página, y las imágenes elegidas habrá que elegirlas de nuevo.
            </p>
            <ol className="staff-rows">
              {fields.page_staff.getFieldList().map((row, index) => {
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
        </>
      )}
    </ContentRecordForm>
  );
}

export const DEPARTMENT_SCREENS: ContentRecordScreens<DepartmentForEditor, DepartmentValues> = {
  base: "/admin/contenido/departamentos",
  backLabel: "Volver a las páginas de direcciones y departamentos",
  editTitle: (page) => `Editar «${page.page_title}»`,
  where: (page) => ({ label: "Dirección", paths: [page.path] }),
  values: (page) => ({
    ...textsOf(page, [
      "page_title",
      "summary",
      "page_titular",
      "page_titular_grade",
      "page_first_content",
      "page_second_content",
      "page_first_image_alt",
      "page_second_image_alt",
    ]),
    tipo_departamento: String(page?.tipo_departamento ?? 1),
    page_staff: [...(page?.page_staff ?? []), ...Array.from({ length: BLANK_STAFF_ROWS }, () => ({ name: "", link: "" }))],
    ...publicationOf(page),
  }),
  Form: DepartmentForm,
};

// ---------------------------------------------------------------- research units

type ResearchUnitValues = Texts<
  "unit_name" | "unit_kind" | "name_is_illustrative" | "summary" | "content" | "lines_of_work" | "head_name" | "head_grade" | "image_alt"
> & { image?: string };

function ResearchUnitForm(props: ContentRecordFormProps<ResearchUnitValues>) {
  const L = RESEARCH_UNIT_FIELD_LABELS;
  return (
    <ContentRecordForm
      id={{ edit: "editar-unidad", create: "nueva-unidad" }}
      title="No pudimos guardar la unidad"
      createLabel="Crear la unidad"
      props={props}
      errors={(fields) =>
        (["unit_name", "unit_kind", "summary", "content", "lines_of_work", "head_name", "head_grade", "image", "image_alt"] as const).map(
          (name) => fields[name],
        )
      }
    >
      {(fields) => (
        <>
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
            <PageImageFields
              meta={fields.image}
              label={L.image}
              current={props.images.image ?? null}
              alt={{ meta: fields.image_alt, label: L.image_alt }}
            />
          </fieldset>
        </>
      )}
    </ContentRecordForm>
  );
}

export const RESEARCH_UNIT_SCREENS: ContentRecordScreens<ResearchUnitForEditor, ResearchUnitValues> = {
  base: "/admin/contenido/investigacion",
  backLabel: "Volver a las unidades de investigación",
  editTitle: (unit) => `Editar «${unit.unit_name}»`,
  where: (unit) => ({ label: "Dirección", paths: [unit.path] }),
  values: (unit) => ({
    ...textsOf(unit, ["unit_name", "summary", "content", "head_name", "head_grade", "image_alt"]),
    unit_kind: unit?.unit_kind ?? "unidad",
    name_is_illustrative: unit?.name_is_illustrative ? "on" : "",
    lines_of_work: unit?.lines_of_work.join("\n") ?? "",
    ...publicationOf(unit),
  }),
  Form: ResearchUnitForm,
  create: {
    title: "Crear una unidad de investigación",
    intro: "La unidad recibe el siguiente número libre (/investigadores/…) y queda como borrador: revísela y publíquela desde su página de edición.",
  },
};

// ---------------------------------------------------------------- profile records

const PROFILE_TEXTS = [
  "page_title",
  "page_banner_image_alt",
  "page_banner_content",
  "page_first_content",
  "page_first_image_alt",
  "page_second_content",
  "page_second_image_alt",
] as const;

type ProfileValues = Texts<(typeof PROFILE_TEXTS)[number]> &
  Partial<Record<"page_banner_image" | "banner_image_responsive" | "page_first_image" | "page_second_image", string>>;

function ProfileForm(props: ContentRecordFormProps<ProfileValues>) {
  const L = PROFILE_FIELD_LABELS;
  const images = props.images as Record<"page_banner_image" | "banner_image_responsive" | "page_first_image" | "page_second_image", CurrentImage>;
  return (
    <ContentRecordForm
      id={{ edit: "editar-perfil", create: "nuevo-perfil" }}
      title="No pudimos guardar el perfil"
      createLabel="Crear el perfil"
      props={props}
      errors={(fields) =>
        (
          [
            "page_title",
            "page_banner_image",
            "banner_image_responsive",
            "page_banner_image_alt",
            "page_banner_content",
            "page_first_content",
            "page_first_image",
            "page_first_image_alt",
            "page_second_content",
            "page_second_image",
            "page_second_image_alt",
          ] as const
        ).map((name) => fields[name])
      }
    >
      {(fields) => (
        <>
          <Field meta={fields.page_title} label={L.page_title} hint="El nombre del perfil en esta lista (no se muestra en la página)." required />
          <fieldset className="form__group">
            <legend>Encabezado</legend>
            <PageImageFields
              meta={fields.page_banner_image}
              label={L.page_banner_image}
              current={images.page_banner_image ?? null}
              alt={{ meta: fields.page_banner_image_alt, label: L.page_banner_image_alt }}
            />
            <PageImageFields
              meta={fields.banner_image_responsive}
              label={L.banner_image_responsive}
              current={images.banner_image_responsive ?? null}
            />
            <TextAreaField meta={fields.page_banner_content} label={`${L.page_banner_content} (Markdown)`} hint={MARKDOWN_HINT} rows={6} />
          </fieldset>
          <TextAndImageBlocks fields={fields} labels={L} images={images} />
        </>
      )}
    </ContentRecordForm>
  );
}

export const PROFILE_SCREENS: ContentRecordScreens<ProfileForEditor, ProfileValues> = {
  base: "/admin/contenido/perfiles",
  backLabel: "Volver a los perfiles de dirección",
  editTitle: (profile) => `Editar el perfil «${profile.page_title}»`,
  where: (profile) => ({ label: "Se muestra en", paths: profile.paths }),
  values: (profile) => ({
    ...textsOf(profile, PROFILE_TEXTS),
    ...publicationOf(profile),
  }),
  Form: ProfileForm,
  create: {
    title: "Crear un perfil de dirección",
    intro: "El perfil queda como borrador: una página de información lo muestra cuando está vinculada a él y publicado.",
  },
};
