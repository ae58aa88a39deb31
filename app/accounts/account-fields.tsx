import { useEffect, useState } from "react";
import { Field, RadioGroup, SelectField, type FieldMeta } from "~/components/forms";
import { GRADE_OPTIONS, INSTITUTION_OPTIONS, MEXICAN_STATES, OTHER } from "./account-options";

interface ChoiceWithOtherProps {
  select: FieldMeta;
  other: FieldMeta;
  /** The option chosen when the form renders ("Otro" when the stored value is free text). */
  initialChoice: string;
  required?: boolean;
  hint?: string;
}

/**
 * A list with an "Otro" choice and its free-text field (grade and institution, in registration
 * and in the profile). With JavaScript the text field shows only when "Otro" is chosen; without
 * it both show, with a hint, and the server applies the same rule.
 */
function ChoiceWithOther({
  select,
  other,
  initialChoice,
  required,
  hint,
  label,
  otherLabel,
  otherOptionLabel,
  otherHint,
  options,
  otherInput,
}: ChoiceWithOtherProps & {
  label: string;
  otherLabel: string;
  otherOptionLabel: string;
  otherHint: string;
  options: readonly string[];
  otherInput: { maxLength: number; autoComplete?: string };
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [choice, setChoice] = useState(initialChoice);
  return (
    <>
      <SelectField
        meta={select}
        label={label}
        hint={hydrated ? undefined : hint}
        options={[...options, { value: OTHER, label: otherOptionLabel }]}
        onChange={(event) => setChoice(event.currentTarget.value)}
        required={required}
      />
      {!hydrated || choice === OTHER ? <Field meta={other} label={otherLabel} hint={hydrated ? undefined : otherHint} {...otherInput} /> : null}
    </>
  );
}

export function GradeFields(props: ChoiceWithOtherProps) {
  return (
    <ChoiceWithOther
      {...props}
      label="Grado"
      otherLabel="Otro grado"
      otherOptionLabel="Otro (escríbalo)"
      otherHint="Solo si eligió «Otro» en Grado."
      options={GRADE_OPTIONS}
      otherInput={{ maxLength: 100 }}
    />
  );
}

export function InstitutionFields(props: ChoiceWithOtherProps) {
  return (
    <ChoiceWithOther
      {...props}
      label="Institución"
      otherLabel="Otra institución"
      otherOptionLabel="Otra (escríbala)"
      otherHint="Solo si eligió «Otra» en Institución."
      options={INSTITUTION_OPTIONS}
      otherInput={{ maxLength: 150, autoComplete: "organization" }}
    />
  );
}

/** "¿Es egresado(a)?": Sí / No, asked in registration and in the profile. */
export function GraduatedField({ meta }: { meta: FieldMeta }) {
  return (
    <RadioGroup
      meta={meta}
      legend="¿Es egresado(a)?"
      options={[
        { value: "SÍ", label: "Sí" },
        { value: "NO", label: "No" },
      ]}
      required
      inline
    />
  );
}

/** The state of residence (data/mexican-states), in registration and in the profile. */
export function StateOfResidenceField({ meta }: { meta: FieldMeta }) {
  return <SelectField meta={meta} label="Estado de residencia" options={MEXICAN_STATES} autoComplete="address-level1" required />;
}

type DetailField =
  | "student_age"
  | "student_phone"
  | "student_graduated"
  | "student_nationality"
  | "student_state"
  | "student_grade"
  | "student_grade_other"
  | "student_institution"
  | "student_institution_other";

/**
 * The participant's details that registration and the profile both ask for, in the order the
 * forms show them (after the name), for the error summary: it must list errors in form order.
 */
export function participantDetailFields(fields: Record<DetailField, FieldMeta>): FieldMeta[] {
  return [
    fields.student_age,
    fields.student_phone,
    fields.student_graduated,
    fields.student_nationality,
    fields.student_state,
    fields.student_grade,
    fields.student_grade_other,
    fields.student_institution,
    fields.student_institution_other,
  ];
}
