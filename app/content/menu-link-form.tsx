import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ErrorSummary, Field, summaryErrors } from "~/components/forms";

export interface MenuLinkFormValues {
  label: string;
  href: string;
  position: string;
}

/** A menu link's fields (label, target, order), for adding and for editing. Works without JS. */
export function MenuLinkForm({
  id,
  action,
  defaultValue,
  lastResult,
  hidden,
  submitLabel,
  errorTitle,
}: {
  id: string;
  action: string;
  defaultValue: MenuLinkFormValues;
  lastResult?: SubmissionResult<string[]>;
  hidden?: Record<string, string>;
  submitLabel: string;
  errorTitle: string;
}) {
  const [form, fields] = useForm<MenuLinkFormValues>({ id, lastResult, defaultValue, shouldValidate: "onSubmit" });
  return (
    <>
      <ErrorSummary
        title={errorTitle}
        errors={summaryErrors([fields.label, fields.href, fields.position])}
        formErrors={form.errors}
        focusKey={lastResult}
      />
      <Form method="post" action={action} {...getFormProps(form)} className="form">
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Field meta={fields.label} label="Etiqueta" hint="El texto que se ve en el menú (80 caracteres como máximo)." required />
        <Field
          meta={fields.href}
          label="Destino"
          hint="Una ruta del sitio que empieza con / (por ejemplo /transparencia) o una dirección que empieza con https://."
          spellCheck={false}
          autoComplete="off"
          required
        />
        <Field meta={fields.position} label="Orden" hint="Los enlaces se muestran de menor a mayor (0 a 999)." inputMode="numeric" required />
        <div className="form-actions">
          <button type="submit" name="intent" value="save" className="button">
            {submitLabel}
          </button>
        </div>
      </Form>
    </>
  );
}
