import { useEffect, useState } from "react";
import { Field, SelectField, type FieldMeta } from "~/components/forms";
import { GRADE_OPTIONS, INSTITUTION_OPTIONS, OTHER } from "./account-options";

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
