import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, Field, summaryErrors } from "~/components/forms";
import { TextAreaField } from "~/components/forms";
import { StaffEditorPage } from "~/components/staff-editor-page";
import { db } from "~/db.server";
import { saveGalleryTexts } from "~/gallery/gallery-editor.server";
import { galleryTextsSchema } from "~/gallery/gallery-forms.server";
import { staffAction } from "~/actions/pipeline.server";
import { galleryNamed } from "~/gallery/gallery.server";
import { galleryStaffLoader } from "~/gallery/gallery-routes.server";
import { now } from "~/utils/clock.server";
import { redirectWithToast } from "~/utils/toast.server";
import { staffAccessOf } from "~/staff/access-registry";

// The title, description and introduction of a gallery's public page (issue 12).
export const staffAccess = staffAccessOf("routes/admin.galerias.$gallery.textos");

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Textos de ${data?.gallery.title ?? "la galería"} | Área del personal HIMFG` },
  { name: "robots", content: "noindex, nofollow" },
];

export const loader = galleryStaffLoader(staffAccess);

export const action = (args: ActionFunctionArgs) => {
  const name = () => galleryNamed(args.params.gallery);
  return staffAction({
    access: staffAccess,
    schema: galleryTextsSchema,
    step: (ctx, { value }) => saveGalleryTexts(db, name(), value, ctx.actor, ctx.requestId, now()),
    done: (outcome) => redirectWithToast(`/admin/galerias/${name()}`, { type: "success", description: outcome.message }, { status: 303 }),
  })(args);
};

export default function GalleryTexts() {
  const { gallery } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<{ title: string; description: string; intro: string }>({
    id: "textos-galeria",
    lastResult: actionData?.result,
    defaultValue: { title: gallery.title, description: gallery.description, intro: gallery.intro },
    shouldValidate: "onSubmit",
  });
  return (
    <StaffEditorPage
      backTo={`/admin/galerias/${gallery.name}`}
      backLabel={<>Volver a {gallery.title}</>}
      heading={<>Textos de la galería «{gallery.title}»</>}
    >
      <p>
        Página pública: <a href={gallery.path}>{gallery.path}</a> (la dirección no cambia).
      </p>
      <ErrorSummary
        title="No pudimos guardar los textos"
        errors={summaryErrors([fields.title, fields.description, fields.intro])}
        formErrors={form.errors}
        focusKey={actionData?.result}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="form">
        <Field meta={fields.title} label="Título" required />
        <Field meta={fields.description} label="Descripción" hint="La que muestran los buscadores (300 caracteres como máximo)." required />
        <TextAreaField meta={fields.intro} label="Introducción" hint="El texto que se lee arriba de las imágenes." rows={6} />
        <div className="form-actions">
          <button type="submit" className="button">
            Guardar los textos
          </button>
        </div>
      </Form>
    </StaffEditorPage>
  );
}
