import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { RichText } from "~/components/rich-text";
import { AdminFileField } from "~/components/admin-file-field";
import { Field, RadioGroup, type FieldMeta } from "~/components/forms";
import { PAGE_IMAGE_ACCEPT } from "./department-forms";
import type { SafeHtml } from "./markdown.server";
import { TextAreaField } from "./page-editor-form";
import { PAGE_STATUS_LABELS, PAGE_STATUSES, type PageStatus } from "./page-forms";
import { PUBLICATION_STATUS_TEXT } from "./record-list";
import { instantToMexicoCityLocal } from "~/utils/mexico-time";

/**
 * Form pieces the editors of seeded records share (department pages, research units, profile
 * records; decision 0026): an image with its "quitar" box and its description, the preview and the
 * two submit buttons. The forms themselves stay per kind, since their fields differ.
 */

export const IMAGE_HINT = "JPG, PNG o WebP, máximo 2 MB (se revisa el contenido del archivo, no su nombre).";

export const MARKDOWN_HINT =
  "Use ## para subtítulos, - para listas y [texto](https://…) o [texto](/ruta) para enlaces. No se admiten estilos, imágenes ni código.";

export type CurrentImage = { href: string; label: string } | null;

/** The "remove this image" box, shown only when the record has the image. */
export function RemoveImage({ field, label, current }: { field: string; label: string; current: CurrentImage }) {
  if (!current) return null;
  return (
    <div className="field field--checkbox">
      <input type="checkbox" id={`quitar-${field}`} name={`quitar_${field}`} />
      <label htmlFor={`quitar-${field}`}>Quitar «{label}» de la página</label>
    </div>
  );
}

/** An image of the page: the file (checked by content on the server), "quitar", and its description when it has one. */
export function PageImageFields({
  meta,
  label,
  current,
  alt,
}: {
  meta: FieldMeta;
  label: string;
  current: CurrentImage;
  alt?: { meta: FieldMeta; label: string };
}) {
  return (
    <>
      <AdminFileField meta={meta} label={label} hint={IMAGE_HINT} accept={PAGE_IMAGE_ACCEPT} current={current} />
      <RemoveImage field={meta.name} label={label} current={current} />
      {alt ? <Field meta={alt.meta} label={alt.label} hint="Obligatorio si la página tiene esta imagen." /> : null}
    </>
  );
}

/** The server's rendering of the typed texts (the one sanitiser); nothing is stored. */
export function EditorPreviewSection({ preview }: { preview: { title: string; sections: SafeHtml[] } | null | undefined }) {
  if (!preview) return null;
  return (
    <section aria-labelledby="vista-previa" className="page-preview">
      <h2 id="vista-previa">Vista previa (todavía no se guarda)</h2>
      <div className="page-preview__frame">
        <p className="page-preview__title">{preview.title}</p>
        {preview.sections.map((html, index) => (
          <RichText key={index} html={html} />
        ))}
      </div>
    </section>
  );
}

/**
 * Draft, publish now, or schedule at a Mexico City date and time: the information pages' choice and
 * wording (page-forms: PAGE_STATUSES, PAGE_STATUS_LABELS; decision 0021), for the records.
 */
export function PublicationFields({ status, publishAt }: { status: FieldMeta; publishAt: FieldMeta }) {
  return (
    <>
      <RadioGroup meta={status} legend="Publicación" options={PAGE_STATUSES.map((value) => ({ value, label: PAGE_STATUS_LABELS[value] }))} required />
      <Field
        meta={publishAt}
        type="datetime-local"
        label="Fecha y hora de publicación (hora de la Ciudad de México)"
        hint="Sólo si eligió «Programar la publicación»."
      />
    </>
  );
}

/** "Vista previa" and the save button ("Guardar cambios", or what a new record's form says). */
export function EditorActions({ submitLabel = "Guardar cambios" }: { submitLabel?: string }) {
  return (
    <div className="form-actions">
      <button type="submit" name="intent" value="preview" className="button button--secondary">
        Vista previa
      </button>
      <button type="submit" name="intent" value="save" className="button">
        {submitLabel}
      </button>
    </div>
  );
}

type BlockField =
  "page_first_content" | "page_first_image" | "page_first_image_alt" | "page_second_content" | "page_second_image" | "page_second_image_alt";

/** The seed's two blocks (a Markdown text, an image and its description, twice), as department pages and profile records have them. */
export function TextAndImageBlocks({
  fields,
  labels,
  images,
}: {
  fields: Record<BlockField, FieldMeta>;
  labels: Record<BlockField, string>;
  images: Record<"page_first_image" | "page_second_image", CurrentImage>;
}) {
  return (
    <>
      {(["first", "second"] as const).map((which) => (
        <fieldset className="form__group" key={which}>
          <legend>{which === "first" ? "Primer bloque" : "Segundo bloque"}</legend>
          <TextAreaField
            meta={fields[`page_${which}_content`]}
            label={`${labels[`page_${which}_content`]} (Markdown)`}
            hint={which === "first" ? MARKDOWN_HINT : undefined}
            rows={12}
          />
          <PageImageFields
            meta={fields[`page_${which}_image`]}
            label={labels[`page_${which}_image`]}
            current={images[`page_${which}_image`]}
            alt={{ meta: fields[`page_${which}_image_alt`], label: labels[`page_${which}_image_alt`] }}
          />
        </fieldset>
      ))}
    </>
  );
}

/** The publication choice's values for a form: the state, and a scheduled time as Mexico City wall-clock. */
export function publicationDefaults(record: { status: PageStatus; publishAt: string | null }): { status: string; publishAt: string } {
  return { status: record.status, publishAt: record.publishAt ? instantToMexicoCityLocal(new Date(record.publishAt)) : "" };
}

/**
 * An editor screen of a record: the way back, the title, where the record shows (a link only
 * when it is public; otherwise its state) and its history, then the form.
 */
export function RecordEditorScreen({
  back,
  title,
  where,
  historyHref,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  where?: { label: string; paths: string[]; status: PageStatus };
  historyHref?: string;
  children: ReactNode;
}) {
  return (
    <div className="container page">
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
      <h1>{title}</h1>
      {where ? (
        <p>
          {where.label}:{" "}
          {where.paths.length
            ? where.paths.map((path, index) => (
                <span key={path}>
                  {index ? ", " : ""}
                  {where.status === "publicada" ? <a href={path}>{path}</a> : path}
                </span>
              ))
            : "ninguna página"}
          {where.status === "publicada" ? "" : ` (${PUBLICATION_STATUS_TEXT[where.status].toLowerCase()}: no se muestra en el sitio)`}
          {historyHref ? (
            <>
              {" "}
              · <Link to={historyHref}>Historial de versiones</Link>
            </>
          ) : null}
        </p>
      ) : null}
      {children}
    </div>
  );
}
