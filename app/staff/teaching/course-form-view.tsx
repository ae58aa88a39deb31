import { AdminFileField } from "~/components/admin-file-field";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { z } from "zod";
import { ErrorSummary, Field, RadioGroup, SelectField, summaryErrors, type FieldMeta } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { MODALITY_OPTIONS, MONTH_OPTIONS, type courseSchema } from "~/courses/course-form";
import { fileLimits } from "~/files/file-limits";

type CourseFields = z.input<typeof courseSchema> & { course_image?: unknown; course_pdf?: unknown };

export interface CourseFormDefaults {
  [name: string]: string | undefined;
}

/**
 * The course form (new and edit) with the seed's field names. Works without JavaScript: a plain
 * multipart post; on an error the server sends every message and the typed values back.
 */
export function CourseForm({
  action,
  defaults,
  lastResult,
  files,
  submitLabel,
}: {
  action: string;
  defaults: CourseFormDefaults;
  lastResult?: SubmissionResult<string[]> | null;
  files?: { image: { href: string; label: string } | null; pdf: { href: string; label: string } | null };
  submitLabel: string;
}) {
  const [form, fields] = useForm<CourseFields>({ id: "course-form", lastResult, defaultValue: defaults, shouldValidate: "onSubmit" });
  const errors = summaryErrors([
    fields.course_name,
    fields.course_summary,
    fields.course_start_date,
    fields.course_finish_date,
    fields.month_id,
    fields.modality_id,
    fields.venue,
    fields.course_max_range,
    fields.capacity_wording,
    fields.course_price,
    fields.course_student_price,
    fields.course_employee_price,
    fields.course_url,
    fields.online_access_url,
    fields.course_password,
    fields.course_image,
    fields.course_pdf,
  ] as FieldMeta[]);
  return (
    <Form method="post" encType="multipart/form-data" action={action} {...getFormProps(form)} noValidate className="staff-form">
      <ErrorSummary title="Revise el curso" errors={errors} formErrors={form.errors} focusKey={lastResult} />
      <fieldset className="staff-form__group">
        <legend>El curso</legend>
        <Field meta={fields.course_name} label="Nombre del curso" maxLength={200} required />
        <div className={["field", fields.course_summary.errors?.length ? "field--invalid" : null].filter(Boolean).join(" ")}>
          <label htmlFor={fields.course_summary.id} className="field__label">
            Descripción (la tarjeta del catálogo y la página del curso la muestran)
          </label>
          {fields.course_summary.errors?.length ? (
            <p id={fields.course_summary.errorId} className="field__error">
              <span className="visually-hidden">Error: </span>
              {fields.course_summary.errors.join(" ")}
            </p>
          ) : null}
          <textarea
            id={fields.course_summary.id}
            name={fields.course_summary.name}
            defaultValue={typeof fields.course_summary.initialValue === "string" ? fields.course_summary.initialValue : undefined}
            maxLength={600}
            rows={4}
            aria-invalid={fields.course_summary.errors?.length ? true : undefined}
            aria-describedby={fields.course_summary.errors?.length ? fields.course_summary.errorId : undefined}
            className="field__input"
          />
        </div>
        <Field meta={fields.course_start_date} label="Fecha de inicio" type="date" hint="AAAA-MM-DD" required />
        <Field meta={fields.course_finish_date} label="Fecha de término" type="date" hint="AAAA-MM-DD" required />
        <SelectField
          meta={fields.month_id}
          label="Mes del catálogo"
          options={MONTH_OPTIONS}
          hint="El mes de la oferta académica en que aparece."
          required
        />
      </fieldset>

      <fieldset className="staff-form__group">
        <legend>Modalidad y cupo</legend>
        <RadioGroup meta={fields.modality_id} legend="Modalidad" options={MODALITY_OPTIONS} required />
        <Field meta={fields.venue} label="Sede" hint="Obligatoria si el curso es presencial." maxLength={200} />
        <Field
          meta={fields.course_max_range}
          label="Cupo presencial"
          type="number"
          inputMode="numeric"
          min={0}
          hint="Lugares presenciales; 0 si es solo en línea."
          required
        />
        <RadioGroup
          meta={fields.capacity_wording}
          legend="Cómo muestra el cupo la tarjeta"
          options={[
            { value: "plazas", label: "Plazas" },
            { value: "personas", label: "Personas" },
          ]}
          inline
          required
        />
      </fieldset>

      <fieldset className="staff-form__group">
        <legend>Precios en pesos mexicanos</legend>
        <p className="field__hint">Con hasta dos decimales, por ejemplo 1500 o 1500.50. Escriba 0 si es gratuito para ese perfil.</p>
        <Field meta={fields.course_price} label="Precio para externos" inputMode="decimal" required />
        <Field meta={fields.course_student_price} label="Precio para estudiantes" inputMode="decimal" required />
        <Field meta={fields.course_employee_price} label="Precio para personal HIMFG" inputMode="decimal" required />
      </fieldset>

      <fieldset className="staff-form__group">
        <legend>Acceso y archivos</legend>
        <Field
          meta={fields.course_url}
          label="Dirección de la página del curso"
          hint="Se publica en /cursos2025/ seguida de esta dirección: minúsculas, números y guiones."
          maxLength={120}
        />
        <Field
          meta={fields.online_access_url}
          label="Liga de acceso en línea"
          hint="Solo la ven los participantes inscritos en línea. Empieza con https://"
          type="url"
        />
        <Field
          meta={fields.course_password}
          label="Contraseña del curso"
          hint="Solo la ven los participantes inscritos en línea."
          maxLength={100}
          autoComplete="off"
        />
        <AdminFileField
          meta={fields.course_image as FieldMeta}
          label="Imagen de la tarjeta"
          hint={`${fileLimits(["JPG", "PNG", "WebP"], 2)}.`}
          accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
          current={files?.image}
        />
        <AdminFileField
          meta={fields.course_pdf as FieldMeta}
          label="Programa del curso (PDF)"
          hint={`${fileLimits(["PDF"], 10)}.`}
          accept=".pdf,application/pdf"
          current={files?.pdf}
        />
      </fieldset>

      <div className="field field--checkbox">
        <input
          type="checkbox"
          id={fields.course_able.id}
          name={fields.course_able.name}
          value="1"
          defaultChecked={lastResult ? fields.course_able.initialValue === "1" : defaults.course_able === "1"}
        />
        <label htmlFor={fields.course_able.id}>Inscripciones abiertas (el curso acepta inscripciones en el catálogo)</label>
      </div>

      <SubmitButton formActionPath={action} pendingLabel="Guardando…">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
