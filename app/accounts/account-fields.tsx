import { Field, RadioGroup, SelectField, type FieldMeta } from "~/components/forms";
import { GRADE_OPTIONS, INSTITUTION_OPTIONS, MEXICAN_STATES, OTHER } from "./account-options";
import { AGE_CHECKS, FIELD_MESSAGES, PHONE_PATTERN } from "./field-messages";

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
 * and in the profile). Without JavaScript both show, the text field with a hint saying when to
 * fill it, and the server applies the same rule; with the page script the text field shows only
 * while "Otro" is chosen (data-show-if, app/enhance/conditional-fields.ts) and is then required.
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
  messages,
}: ChoiceWithOtherProps & {
  label: string;
  otherLabel: string;
  otherOptionLabel: string;
  otherHint: string;
  options: readonly string[];
  otherInput: { maxLength: number; autoComplete?: string };
  messages: { missing: string; otherMissing: string };
}) {
  return (
    <>
      <SelectField
        meta={select}
        label={label}
        hint={hint}
        options={[...options, { value: OTHER, label: otherOptionLabel }]}
        required={required}
        data-required={required ? undefined : ""}
        data-message-missing={messages.missing}
      />
      <div data-show-if={`${select.name}=${OTHER}`} data-js-hidden={initialChoice === OTHER ? undefined : ""}>
        <Field meta={other} label={otherLabel} hint={otherHint} data-required="" data-message-missing={messages.otherMissing} {...otherInput} />
      </div>
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
      messages={{ missing: FIELD_MESSAGES.grade, otherMissing: FIELD_MESSAGES.gradeOther }}
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
      messages={{ missing: FIELD_MESSAGES.institution, otherMissing: FIELD_MESSAGES.institutionOther }}
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
      missingMessage={FIELD_MESSAGES.graduated}
    />
  );
}

/** The state of residence (data/mexican-states), in registration and in the profile. */
export function StateOfResidenceField({ meta }: { meta: FieldMeta }) {
  return (
    <SelectField
      meta={meta}
      label="Estado de residencia"
      options={MEXICAN_STATES}
      autoComplete="address-level1"
      required
      data-message-missing={FIELD_MESSAGES.state}
    />
  );
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

/** The age in whole years, with the browser-side checks of the page script (register, profile). */
export function AgeField({ meta, className }: { meta: FieldMeta; className?: string }) {
  return (
    <Field
      meta={meta}
      label="Edad (años cumplidos)"
      inputMode="numeric"
      className={className}
      required
      {...AGE_CHECKS}
      data-message-missing={FIELD_MESSAGES.age}
      data-message-invalid={FIELD_MESSAGES.age}
      data-message-range={FIELD_MESSAGES.ageRange}
    />
  );
}

/** A 10-digit telephone, with the browser-side checks of the page script (register, profile). */
export function PhoneField({ meta, hint }: { meta: FieldMeta; hint: string }) {
  return (
    <Field
      meta={meta}
      label="Teléfono"
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      hint={hint}
      required
      data-pattern={PHONE_PATTERN}
      data-message-missing={FIELD_MESSAGES.phone}
      data-message-invalid={FIELD_MESSAGES.phoneInvalid}
    />
  );
}
