import { RichText } from "~/components/rich-text";
import { AdminFileField } from "~/components/admin-file-field";
import { Field, type FieldMeta } from "~/components/forms";
import { PAGE_IMAGE_ACCEPT } from "./department-forms";
import type { SafeHtml } from "./markdown.server";
import { TextAreaField } from "./page-editor-form";

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

export function EditorActions() {
  return (
    <div className="form-actions">
      <button type="submit" name="intent" value="preview" className="button button--secondary">
        Vista previa
      </button>
      <button type="submit" name="intent" value="save" className="button">
        Guardar cambios
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
