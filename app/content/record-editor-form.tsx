import { getFormProps, useForm, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { RichText } from "~/components/rich-text";
import { AdminFileField } from "~/components/admin-file-field";
import { ErrorSummary, Field, RadioGroup, summaryErrors, TextAreaField, type FieldMeta } from "~/components/forms";
import { PAGE_IMAGE_ACCEPT } from "./department-forms";
import type { SafeHtml } from "./markdown.server";
import { publicationOptions, type PageStatus } from "./page-forms";
import { PUBLICATION_STATUS_TEXT } from "./record-list";
import { formatMexicoCityDateTime, instantToMexicoCityLocal } from "~/utils/mexico-city";

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
export function PublicationFields({ status, publishAt, published = false }: { status: FieldMeta; publishAt: FieldMeta; published?: boolean }) {
  return (
    <>
      <RadioGroup meta={status} legend="Publicación" options={publicationOptions(published)} required />
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

/** A published record's pending revision, as the editor shows it. */
export type PendingView = { number: number; status: PageStatus; publishAt: string | null } | null;

/**
 * What the editor says when it opens on a pending revision (decision 0033): which version it is,
 * that the published one stays visible until it is replaced (at its Mexico City time, or when
 * published), and «Descartar los cambios pendientes».
 */
export function PendingNotice({ pending, href }: { pending: PendingView; href: string }) {
  if (!pending) return null;
  return (
    <section aria-labelledby="cambios-pendientes" className="notice notice--warning pending-notice">
      <h2 id="cambios-pendientes">Cambios pendientes</h2>
      <p>
        {pending.status === "programada" && pending.publishAt
          ? `Está editando la versión ${pending.number}, programada para publicarse el ${formatMexicoCityDateTime(pending.publishAt)} (hora de la Ciudad de México). La versión publicada sigue visible en el sitio hasta que la programada la reemplace a esa hora.`
          : `Está editando la versión ${pending.number}, un borrador. La versión publicada sigue visible en el sitio hasta que publique estos cambios («Publicar ahora» y guardar).`}
      </p>
      <Form method="post" action={href} reloadDocument className="form-actions">
        <input type="hidden" name="intent" value="descartar" />
        <button type="submit" className="button button--secondary">
          Descartar los cambios pendientes
        </button>
        <span>El editor vuelve a la versión publicada; los cambios quedan en el historial.</span>
      </Form>
    </section>
  );
}

/** «Retirar de la publicación»: the one way to take a published record off the site (decision 0033). */
export function UnpublishSection({ published, href }: { published: boolean; href: string }) {
  if (!published) return null;
  return (
    <section aria-labelledby="retirar-publicacion" className="unpublish-section">
      <h2 id="retirar-publicacion">Retirar de la publicación</h2>
      <p>
        Deja de mostrarse en el sitio y en el buscador hasta que se vuelva a publicar (los menús que enlacen su dirección no cambian). Guardar un
        borrador o programar cambios nunca retira la versión publicada.
      </p>
      <Form method="post" action={href} reloadDocument>
        <input type="hidden" name="intent" value="retirar" />
        <button type="submit" className="button button--secondary">
          Retirar de la publicación
        </button>
      </Form>
    </section>
  );
}

/**
 * An editor screen of a record: the way back, the title, where the record shows (a link only
 * when it is public; otherwise its state) and its history, a pending revision's notice, then the
 * form and «Retirar de la publicación».
 */
export function RecordEditorScreen({
  back,
  title,
  where,
  historyHref,
  publication,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  where?: { label: string; paths: string[]; status: PageStatus };
  historyHref?: string;
  /** An edited record's publication: its pending revision and the address of its publication actions. */
  publication?: { pending: PendingView; href: string };
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
      {publication ? <PendingNotice pending={publication.pending} href={publication.href} /> : null}
      {children}
      {publication ? <UnpublishSection published={where?.status === "publicada"} href={publication.href} /> : null}
    </div>
  );
}

/**
 * An edited record's screen, for every kind of record: where it shows, its history and publication
 * addresses under `base` (`{base}/{id}/historial`, `…/publicacion`), and its form posting to
 * `{base}/{id}`, remounted when the record or its pending revision changes.
 */
export function RecordEditScreen({
  base,
  record,
  back,
  title,
  where,
  form,
}: {
  base: string;
  record: { id: number; live: { status: PageStatus }; pending: PendingView; updatedAt: string };
  back: { to: string; label: string };
  title: string;
  where: { label: string; paths: string[] };
  form: (props: { published: boolean; action: string }) => ReactNode;
}) {
  const href = `${base}/${record.id}`;
  return (
    <RecordEditorScreen
      back={back}
      title={title}
      where={{ ...where, status: record.live.status }}
      historyHref={`${href}/historial`}
      publication={{ pending: record.pending, href: `${href}/publicacion` }}
    >
      <Fragment key={`${record.updatedAt}|${record.pending?.number ?? ""}`}>
        {form({ published: record.live.status === "publicada", action: href })}
      </Fragment>
    </RecordEditorScreen>
  );
}

/**
 * A content record's form, for every kind: the error summary (its fields in page order), the
 * preview, and the multipart form posting to `action` with the kind's fields as children.
 */
export function RecordForm<Values extends Record<string, unknown>>({
  form,
  title,
  errors,
  lastResult,
  preview,
  action,
  children,
}: {
  form: FormMetadata<Values, string[]>;
  title: string;
  errors: readonly (FieldMeta | undefined)[];
  lastResult: unknown;
  preview: { title: string; sections: SafeHtml[] } | null | undefined;
  action: string;
  children: ReactNode;
}) {
  return (
    <>
      <ErrorSummary title={title} errors={summaryErrors(errors)} formErrors={form.errors} focusKey={lastResult} />
      <EditorPreviewSection preview={preview} />
      <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} className="form">
        {children}
      </Form>
    </>
  );
}

// ---------------------------------------------------------------- one form and two screens for every kind

type Preview = { title: string; sections: SafeHtml[] } | null | undefined;

/** What a kind's form is given: where it posts, its values, its current images, the last answer. */
export interface ContentRecordFormProps<Values> {
  action: string;
  /** A new record: no publication choice (it starts as a draft), and the save button says so. */
  isNew?: boolean;
  /** The record is published: the publication choices say what happens to the published version. */
  published?: boolean;
  defaultValue: Values;
  images: Record<string, CurrentImage>;
  lastResult?: SubmissionResult<string[]>;
  preview?: Preview;
}

type FieldsOf<Values extends Record<string, unknown>> = ReturnType<typeof useForm<Values>>[1];

/**
 * A content record's form (decision 0057): conform's form of the kind's values, the error summary
 * (the kind's fields in page order, then the publication choice), the preview, the kind's fields,
 * the publication choice (not for a new record) and «Vista previa» / the save button. Works without
 * JavaScript: "Vista previa" and conform's list buttons are submit buttons the server answers with
 * the same form, nothing stored.
 */
export function ContentRecordForm<Values extends Record<string, unknown>>({
  id,
  title,
  createLabel,
  props,
  errors,
  children,
}: {
  /** The form's id when editing, and when creating. */
  id: { edit: string; create?: string };
  /** The error summary's heading. */
  title: string;
  createLabel?: string;
  props: ContentRecordFormProps<Values>;
  errors: (fields: FieldsOf<Values>) => (FieldMeta | undefined)[];
  children: (fields: FieldsOf<Values>, form: FormMetadata<Values, string[]>) => ReactNode;
}) {
  const { action, isNew, published, defaultValue, lastResult, preview } = props;
  const [form, fields] = useForm<Values>({
    id: isNew ? (id.create ?? id.edit) : id.edit,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: "onSubmit",
  });
  const meta = fields as unknown as Record<"status" | "publishAt", FieldMeta>;
  return (
    <RecordForm
      form={form}
      title={title}
      errors={[...errors(fields), meta.status, meta.publishAt]}
      lastResult={lastResult}
      preview={preview}
      action={action}
    >
      {children(fields, form)}
      {isNew ? null : <PublicationFields status={meta.status} publishAt={meta.publishAt} published={published} />}
      <EditorActions submitLabel={isNew ? createLabel : undefined} />
    </RecordForm>
  );
}

/** One kind of content record on its screens: where its editor lives, its titles, its form and the form's values. */
export interface ContentRecordScreens<Found extends { id: number; live: { status: PageStatus }; pending: PendingView; updatedAt: string }, Values> {
  /** The editor's address (`{base}/{id}`, `{base}/nueva`), under the list's, which the way back names. */
  base: string;
  backLabel: string;
  editTitle: (record: Found) => string;
  where: (record: Found) => { label: string; paths: string[] };
  /** The form's values of a record, or of a new one (null). */
  values: (record: Found | null) => Values;
  Form: (props: ContentRecordFormProps<Values>) => ReactNode;
  /** Creating one (a draft), if the kind allows it: the screen's title and what it says first. */
  create?: { title: string; intro: string };
}

type ActionData = { result?: unknown; preview?: Preview } | undefined;
const lastResultOf = (actionData: ActionData) => actionData?.result as SubmissionResult<string[]> | undefined;

/** A record's editor screen: where it shows, its history and publication, the kind's form. */
export function ContentRecordEditScreen<Found extends { id: number; live: { status: PageStatus }; pending: PendingView; updatedAt: string }, Values>({
  kind,
  data,
  actionData,
}: {
  kind: ContentRecordScreens<Found, Values>;
  data: { record: Found; images: Record<string, CurrentImage> };
  actionData?: ActionData;
}) {
  const { Form } = kind;
  return (
    <RecordEditScreen
      base={kind.base}
      record={data.record}
      back={{ to: kind.base, label: kind.backLabel }}
      title={kind.editTitle(data.record)}
      where={kind.where(data.record)}
      form={(props) => (
        <Form
          {...props}
          defaultValue={kind.values(data.record)}
          images={data.images}
          lastResult={lastResultOf(actionData)}
          preview={actionData?.preview}
        />
      )}
    />
  );
}

/** The screen that creates a record of the kind (a draft), posting to `{base}/nueva`. */
export function ContentRecordNewScreen<Found extends { id: number; live: { status: PageStatus }; pending: PendingView; updatedAt: string }, Values>({
  kind,
  actionData,
}: {
  kind: ContentRecordScreens<Found, Values>;
  actionData?: ActionData;
}) {
  const { Form } = kind;
  return (
    <RecordEditorScreen back={{ to: kind.base, label: kind.backLabel }} title={kind.create?.title ?? ""}>
      <p>{kind.create?.intro}</p>
      <Form
        isNew
        action={`${kind.base}/nueva`}
        defaultValue={kind.values(null)}
        images={{}}
        lastResult={lastResultOf(actionData)}
        preview={actionData?.preview}
      />
    </RecordEditorScreen>
  );
}
