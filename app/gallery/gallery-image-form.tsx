import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ErrorSummary, Field, summaryErrors, type FieldMeta } from "~/components/forms";
import { AdminFileField } from "~/components/admin-file-field";
import { fileLimits } from "~/files/file-limits";

export interface GalleryImageFormValues {
  title: string;
  author: string;
  caption: string;
  altText: string;
}

type GalleryImageFields = Partial<GalleryImageFormValues> & { imagen?: unknown };

/** An image of a gallery (new and edit): a plain multipart post that works without JavaScript. */
export function GalleryImageForm({
  id,
  action,
  defaultValue,
  lastResult,
  currentImage,
  submitLabel,
}: {
  id: string;
  action: string;
  defaultValue: GalleryImageFormValues;
  lastResult?: SubmissionResult<string[]>;
  currentImage?: { src: string; alt: string; width: number; height: number } | null;
  submitLabel: string;
}) {
  const [form, fields] = useForm<GalleryImageFields>({ id, lastResult, defaultValue, shouldValidate: "onSubmit" });
  const imageField = fields.imagen as FieldMeta;
  return (
    <>
      <ErrorSummary
        title="No pudimos guardar la imagen"
        errors={summaryErrors([imageField, fields.title, fields.author, fields.caption, fields.altText])}
        formErrors={form.errors}
        focusKey={lastResult}
      />
      <Form method="post" encType="multipart/form-data" action={action} {...getFormProps(form)} noValidate className="form">
        {currentImage ? (
          <figure className="media-current">
            <img src={currentImage.src} alt={currentImage.alt} width={currentImage.width} height={currentImage.height} />
            <figcaption>Imagen actual</figcaption>
          </figure>
        ) : null}
        <AdminFileField
          meta={imageField}
          label={currentImage ? "Reemplazar la imagen (opcional)" : "Imagen"}
          hint={`${fileLimits(["JPG", "PNG", "WebP"], 2)}.`}
          accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
        />
        <Field meta={fields.title} label="Título" required />
        <Field meta={fields.author} label="Autor (opcional)" />
        <Field meta={fields.caption} label="Pie de foto" hint="La descripción que acompaña la imagen (400 caracteres como máximo)." required />
        <Field
          meta={fields.altText}
          label="Texto alternativo"
          hint="Lo que muestra la imagen, para quien no puede verla (400 caracteres como máximo)."
          required
        />
        <div className="form-actions">
          <button type="submit" className="button">
            {submitLabel}
          </button>
        </div>
      </Form>
    </>
  );
}
