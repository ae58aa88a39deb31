import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorSummary, Field, SelectField, summaryErrors } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import type { DirectionLevel } from "~/db.server";
import { DIRECTION_LEVEL_LABELS } from "./direction-levels";

/**
 * The form of a node of the directions tree (name, address, parent, order; the level for a new
 * node), shared by the screen that edits a node and the one that adds one. Client-safe.
 */

export interface DirectionFormValues {
  name: string;
  slug: string;
  parentId: string;
  position: string;
  level?: string;
}

export interface ParentOption {
  value: string;
  label: string;
}

const NEW_LEVELS: DirectionLevel[] = ["direccion", "subdireccion", "departamento", "servicio"];

export function DirectionNodeForm({
  id,
  action,
  errorTitle,
  submitLabel,
  defaultValue,
  lastResult,
  parents,
  slugField,
  withLevel = false,
}: {
  id: string;
  action: string;
  errorTitle: string;
  submitLabel: string;
  defaultValue: DirectionFormValues;
  lastResult: SubmissionResult<string[]> | undefined;
  parents: ParentOption[];
  /** How the address shows: an editable field (with its hint), or a fixed text (null field). */
  slugField: { editable: true; hint: string } | { editable: false; note: ReactNode; keep: string | null };
  withLevel?: boolean;
}) {
  const [form, fields] = useForm<DirectionFormValues>({ id, lastResult, defaultValue, shouldValidate: "onSubmit" });
  const shown = [fields.name, slugField.editable ? fields.slug : undefined, withLevel ? fields.level : undefined, fields.parentId, fields.position];
  return (
    <>
      <ErrorSummary title={errorTitle} errors={summaryErrors(shown)} formErrors={form.errors} focusKey={lastResult} />
      <Form method="post" action={action} {...getFormProps(form)} className="form">
        <Field meta={fields.name} label="Nombre" required />
        {slugField.editable ? (
          <Field meta={fields.slug} label="Dirección corta (slug)" hint={slugField.hint} spellCheck={false} autoComplete="off" required />
        ) : (
          <>
            {slugField.keep !== null ? <input type="hidden" name={fields.slug.name} value={slugField.keep} /> : null}
            <p>{slugField.note}</p>
          </>
        )}
        {withLevel ? (
          <SelectField
            meta={fields.level}
            label="Tipo de área"
            hint="Una dirección principal no depende de otra área; bajo una dirección van subdirecciones, bajo éstas departamentos y bajo éstos servicios."
            options={NEW_LEVELS.map((level) => ({ value: level, label: DIRECTION_LEVEL_LABELS[level] }))}
            required
          />
        ) : null}
        <SelectField
          meta={fields.parentId}
          label="Depende de"
          hint="Sin área superior, es una dirección principal y aparece en el menú de cada página."
          options={parents}
          placeholder="(Ninguna: dirección principal)"
        />
        <Field meta={fields.position} label="Orden entre las áreas hermanas" hint="De menor a mayor (0 a 999)." inputMode="numeric" required />
        <div className="form-actions">
          <SubmitButton formActionPath={action} pendingLabel="Guardando…">
            {submitLabel}
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}

/** The frame of the directions editor's screens: the way back to the tree, the title and what the screen does. */
export function DirectionEditorPage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <div className="container page">
      <p>
        <Link to="/admin/direcciones">Volver a las direcciones</Link>
      </p>
      <h1>{title}</h1>
      <p>{lead}</p>
      {children}
    </div>
  );
}
