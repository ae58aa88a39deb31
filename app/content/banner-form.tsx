import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ErrorSummary, Field, summaryErrors, type FieldMeta } from "~/components/forms";
import { AdminFileField } from "~/components/admin-file-field";
import { fileLimits } from "~/files/file-limits";

export interface BannerFormValues {
  heading: string;
  altText: string;
  link: string;
  visibleFrom: string;
  visibleUntil: string;
}

type BannerFields = Partial<BannerFormValues> & { imagen?: unknown };

/**
 * The banner form (new and edit): a plain multipart post, so it works without JavaScript. On an
 * error the server answers with every message and the typed values (never the file).
 */
export function BannerForm({
  id,
  action,
  defaultValue,
  lastResult,
  currentImage,
  submitLabel,
}: {
  id: string;
  action: string;
  defaultValue: BannerFormValues;
  lastResult?: SubmissionResult<string[]>;
  currentImage?: { src: string; alt: string } | null;
  submitLabel: string;
}) {
  const [form, fields] = useForm<BannerFields>({ id, lastResult, defaultValue, shouldValidate: "onSubmit" });
  const imageField = fields.imagen as FieldMeta;
  return (
    <>
      <ErrorSummary
        title="No pudimos guardar el banner"
        errors={summaryErrors([imageField, fields.altText, fields.heading, fields.link, fields.visibleFrom, fields.visibleUntil])}
        formErrors={form.errors}
        focusKey={lastResult}
      />
      <Form method="post" encType="multipart/form-data" action={action} {...getFormProps(form)} noValidate className="form">
        {currentImage ? (
          <figure className="media-current">
            <img src={currentImage.src} alt={currentImage.alt} width={1200} height={400} />
            <figcaption>Imagen actual</figcaption>
          </figure>
        ) : null}
        <AdminFileField
          meta={imageField}
          label={currentImage ? "Reemplazar la imagen (opcional)" : "Imagen del banner"}
          hint={`${fileLimits(["JPG", "PNG", "WebP"], 2)}; se muestra en proporción 3:1 (por ejemplo 1200 × 400 píxeles).`}
          accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
        />
        <Field
          meta={fields.altText}
          label="Texto alternativo"
          hint="Lo que dice o muestra la imagen, para quien no puede verla (300 caracteres como máximo)."
          required
        />
        <Field meta={fields.heading} label="Encabezado (opcional)" hint="Nombra la diapositiva; si lo deja vacío se usa el texto alternativo." />
        <Field
          meta={fields.link}
          label="Enlace (opcional)"
          hint="Una página de este sitio que empiece con / (por ejemplo /ensenanza/offer) o una dirección que empiece con https://."
          spellCheck={false}
          autoComplete="off"
        />
        <Field
          meta={fields.visibleFrom}
          type="datetime-local"
          label="Visible desde (hora de la Ciudad de México, opcional)"
          hint="Si lo deja vacío, se ve desde ahora."
        />
        <Field
          meta={fields.visibleUntil}
          type="datetime-local"
          label="Visible hasta (hora de la Ciudad de México, opcional)"
          hint="Si lo deja vacío, se ve hasta que lo oculte."
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
