import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { staffAction } from "~/actions/pipeline.server";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, Field, summaryErrors, type FieldMeta } from "~/components/forms";
import { db } from "~/db.server";
import { MAX_SOCIAL_LINKS } from "~/settings/settings";
import { getEditableSettings, siteSettingsSchema, updateSiteSettings, type EditableSettings } from "~/settings/settings-editor.server";
import { requireStaff } from "~/staff/guard.server";
import { staffAccessOf } from "~/staff/access-registry";
import { redirectWithToast } from "~/utils/toast.server";
import siteEditorStyles from "~/styles/site-editor.css";

// The site settings: name, address, phone, e-mail, social links, session video (issue 12; admin only).
export const staffAccess = staffAccessOf("routes/admin.ajustes");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: siteEditorStyles }];

export const meta: MetaFunction = () => [{ title: "Ajustes del sitio | Área del personal HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return { settings: await getEditableSettings(db) };
}

export const action = (args: ActionFunctionArgs) =>
  staffAction({
    access: staffAccess,
    schema: siteSettingsSchema,
    step: (ctx, { value }) => updateSiteSettings(db, value, ctx.actor, ctx.requestId),
    done: (outcome) => redirectWithToast("/admin/ajustes", { type: "success", description: outcome.message }, { status: 303 }),
  })(args);

/** The form's values: the settings, with the social links as rows. */
type Values = EditableSettings;

/**
 * Conform names list fields' ids after their names ("ajustes-socialLinks[0].url"); "[" is not
 * allowed in the error summary's "#id" links, so these rows get plain ids.
 */
function plainIds(meta: FieldMeta): FieldMeta {
  const plain = (id: string) => id.replace(/[[\].]+/g, "-");
  // Conform's metadata are getters (a spread would lose the errors and the value): copy each.
  return {
    id: plain(meta.id),
    name: meta.name,
    errorId: plain(meta.errorId),
    descriptionId: plain(meta.descriptionId),
    errors: meta.errors,
    initialValue: meta.initialValue,
  };
}

export default function SiteSettingsPage() {
  const { settings } = useLoaderData<typeof loader>();
  // A saved change remounts the form with the stored values.
  return <SettingsForm key={JSON.stringify(settings)} settings={settings} />;
}

function SettingsForm({ settings }: ReturnType<typeof useLoaderData<typeof loader>>) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.result as SubmissionResult<string[]> | undefined;
  // Two blank rows to add a network without JavaScript; blank rows are ignored on save.
  const socialRows = [...settings.socialLinks, { name: "", url: "" }, { name: "", url: "" }].slice(0, MAX_SOCIAL_LINKS);
  const [form, fields] = useForm<Values>({
    id: "ajustes",
    lastResult,
    defaultValue: { ...settings, socialLinks: socialRows },
    shouldValidate: "onSubmit",
  });
  const social = fields.socialLinks.getFieldList();
  const socialMetas: FieldMeta[] = social.flatMap((row) => {
    const rowFields = row.getFieldset();
    return [plainIds(rowFields.name), plainIds(rowFields.url)];
  });
  return (
    <div className="container page">
      <h1>Ajustes del sitio</h1>
      <p>Lo que muestran el encabezado y el pie de cada página y la sesión clínico patológica. Cada cambio queda en la bitácora.</p>
      <ErrorSummary
        title="No pudimos guardar los ajustes"
        errors={summaryErrors([
          fields.institutionName,
          fields.institutionAcronym,
          fields.addressStreet,
          fields.addressNeighbourhood,
          fields.addressBorough,
          fields.addressCity,
          fields.addressPostalCode,
          fields.phone,
          fields.email,
          fields.socialLinks,
          ...socialMetas,
          fields.sessionVideoEmbedUrl,
          fields.donationBankName,
          fields.donationAccountHolder,
          fields.donationClabe,
          fields.courseBankName,
          fields.courseAccountHolder,
          fields.courseClabe,
          fields.teachingPhone,
          fields.teachingEmail,
        ])}
        formErrors={form.errors}
        focusKey={lastResult}
      />
      <Form method="post" action="/admin/ajustes" {...getFormProps(form)} className="form">
        <fieldset className="site-editor__group">
          <legend>Institución</legend>
          <Field meta={fields.institutionName} label="Nombre" autoComplete="organization" required />
          <Field meta={fields.institutionAcronym} label="Siglas" required />
        </fieldset>
        <fieldset className="site-editor__group">
          <legend>Domicilio</legend>
          <Field meta={fields.addressStreet} label="Calle y número" autoComplete="address-line1" required />
          <Field meta={fields.addressNeighbourhood} label="Colonia" autoComplete="address-line2" required />
          <Field meta={fields.addressBorough} label="Alcaldía o municipio" required />
          <Field meta={fields.addressCity} label="Ciudad" autoComplete="address-level1" required />
          <Field meta={fields.addressPostalCode} label="Código postal" autoComplete="postal-code" inputMode="numeric" required />
        </fieldset>
        <fieldset className="site-editor__group">
          <legend>Contacto</legend>
          <Field meta={fields.phone} label="Teléfono" hint="Con sus 10 dígitos, por ejemplo 55 5228 9917." type="tel" autoComplete="tel" required />
          <Field meta={fields.email} label="Correo electrónico" type="email" autoComplete="email" spellCheck={false} required />
        </fieldset>
        <fieldset className="site-editor__group">
          <legend>Redes sociales</legend>
          <p className="field__hint">Deje en blanco el nombre y la dirección de una fila para quitarla. Las direcciones empiezan con https://.</p>
          {social.map((row, index) => {
            const rowFields = row.getFieldset();
            return (
              <div key={row.key} className="site-editor__row">
                <Field meta={plainIds(rowFields.name)} label={`Red social ${index + 1}: nombre`} />
                <Field meta={plainIds(rowFields.url)} label={`Red social ${index + 1}: dirección`} type="url" spellCheck={false} />
              </div>
            );
          })}
        </fieldset>
        <Field
          meta={fields.sessionVideoEmbedUrl}
          label="Video de la sesión clínico patológica"
          hint="La dirección para insertar de YouTube (https://www.youtube-nocookie.com/embed/…) u otra dirección https del video. Vacío: no se muestra video."
          type="url"
          spellCheck={false}
        />
        <fieldset className="site-editor__group">
          <legend>Donativos por transferencia</legend>
          <p className="field__hint">
            Se muestran en /donacion a quien dona sin JavaScript o más del máximo en línea. Vacíos: la página pide consultar a Finanzas.
          </p>
          <Field meta={fields.donationBankName} label="Banco" />
          <Field meta={fields.donationAccountHolder} label="Titular de la cuenta" />
          <Field meta={fields.donationClabe} label="CLABE" hint="18 dígitos." inputMode="numeric" spellCheck={false} />
        </fieldset>
        <fieldset className="site-editor__group">
          <legend>Pago de cursos por transferencia o ventanilla</legend>
          <p className="field__hint">
            Se muestran en la página de pago y en el perfil de quien elige pagar fuera de línea. Vacíos: la página pide llamar a la Dirección de
            Enseñanza.
          </p>
          <Field meta={fields.courseBankName} label="Banco" />
          <Field meta={fields.courseAccountHolder} label="Titular de la cuenta" />
          <Field meta={fields.courseClabe} label="CLABE" hint="18 dígitos." inputMode="numeric" spellCheck={false} />
        </fieldset>
        <fieldset className="site-editor__group">
          <legend>Contacto de la Dirección de Enseñanza</legend>
          <p className="field__hint">Para dudas de pagos e inscripciones a cursos. Vacíos: se usan el teléfono y el correo de contacto generales.</p>
          <Field
            meta={fields.teachingPhone}
            label="Teléfono de la Dirección de Enseñanza"
            hint="Con sus 10 dígitos; puede añadir «ext.»."
            type="tel"
          />
          <Field meta={fields.teachingEmail} label="Correo de la Dirección de Enseñanza" type="email" spellCheck={false} />
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button">
            Guardar los ajustes
          </button>
        </div>
      </Form>
    </div>
  );
}
