import { useEffect, useRef, useState, type FormEventHandler, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { detectFileType, DOCUMENT_LIMITS, FILE_MESSAGES, MAX_UPLOAD_BYTES, UPLOAD_ACCEPT } from "~/accounts/documents";
import { notifyUploadFailure } from "./upload-failure";

/**
 * Accessible form fields wired to conform's field metadata: a visible label, an optional hint,
 * the error next to the field, aria-invalid, and aria-describedby pointing at the hint and the
 * error. They render the same on the server, so forms work without JavaScript.
 */
export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
  initialValue?: unknown;
}

/**
 * A conform form's id, submit handler and noValidate for `<Form {...formProps(form)}>`; unlike
 * conform's getFormProps it adds no aria-invalid/aria-describedby (the ErrorSummary names the errors).
 * A form of a page that does not hydrate (usePlainForm) has no submit handler.
 */
export function formProps(form: { id: string; onSubmit?: FormEventHandler<HTMLFormElement>; noValidate: boolean }) {
  return { id: form.id, onSubmit: form.onSubmit, noValidate: form.noValidate };
}

/**
 * The field's metadata read once into a plain object. Each read of a property of conform's
 * metadata builds its metadata anew (a Proxy, its ids, a copy of the subscription list), ~10 reads
 * per field, ~5 % of a form page's CPU (issue 22); the components below read each property once.
 */
function readMeta(meta: FieldMeta): FieldMeta {
  const { id, name, errorId, descriptionId, errors, initialValue } = meta;
  return { id, name, errorId, descriptionId, errors, initialValue };
}

function describedBy(meta: FieldMeta, hint: ReactNode, hasError: boolean): string | undefined {
  const ids = [hint ? meta.descriptionId : null, hasError ? meta.errorId : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function initialText(meta: FieldMeta): string | undefined {
  return typeof meta.initialValue === "string" ? meta.initialValue : undefined;
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field__error">
      <span className="visually-hidden">Error: </span>
      {errors.join(" ")}
    </p>
  );
}

function Hint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="field__hint">
      {children}
    </p>
  );
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "defaultValue"> {
  meta: FieldMeta;
  label: ReactNode;
  hint?: ReactNode;
  /** Never put the value back (passwords). */
  omitValue?: boolean;
}

export function Field({ meta: fieldMeta, label, hint, omitValue, className, ...input }: FieldProps) {
  const meta = readMeta(fieldMeta);
  const invalid = Boolean(meta.errors?.length);
  return (
    <div className={["field", invalid ? "field--invalid" : null, className].filter(Boolean).join(" ")}>
      <label htmlFor={meta.id} className="field__label">
        {label}
      </label>
      <Hint id={meta.descriptionId}>{hint}</Hint>
      <FieldError id={meta.errorId} errors={meta.errors} />
      <input
        id={meta.id}
        name={meta.name}
        defaultValue={omitValue ? undefined : initialText(meta)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(meta, hint, invalid)}
        className="field__input"
        {...input}
      />
    </div>
  );
}

/** A multi-line field wired like Field (label, hint, error, aria). */
export function TextAreaField({ meta, label, hint, rows }: { meta: FieldMeta; label: string; hint?: string; rows: number }) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <div className={["field", invalid ? "field--invalid" : null].filter(Boolean).join(" ")}>
      <label htmlFor={meta.id} className="field__label">
        {label}
      </label>
      <Hint id={meta.descriptionId}>{hint}</Hint>
      <FieldError id={meta.errorId} errors={meta.errors} />
      <textarea
        id={meta.id}
        name={meta.name}
        rows={rows}
        defaultValue={initialText(meta)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(meta, hint, invalid)}
        className="field__input field__textarea"
      />
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "defaultValue"> {
  meta: FieldMeta;
  label: ReactNode;
  hint?: ReactNode;
  options: readonly (string | { value: string; label: string })[];
  /** The first, empty choice ("Elija una opción"). */
  placeholder?: string;
}

export function SelectField({ meta: fieldMeta, label, hint, options, placeholder = "Elija una opción", className, ...select }: SelectFieldProps) {
  const meta = readMeta(fieldMeta);
  const invalid = Boolean(meta.errors?.length);
  return (
    <div className={["field", invalid ? "field--invalid" : null, className].filter(Boolean).join(" ")}>
      <label htmlFor={meta.id} className="field__label">
        {label}
      </label>
      <Hint id={meta.descriptionId}>{hint}</Hint>
      <FieldError id={meta.errorId} errors={meta.errors} />
      <select
        id={meta.id}
        name={meta.name}
        defaultValue={initialText(meta) ?? ""}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(meta, hint, invalid)}
        className="field__select"
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => {
          const { value, label: text } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </div>
  );
}

interface RadioGroupProps {
  meta: FieldMeta;
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly { value: string; label: string; hint?: string }[];
  required?: boolean;
  onValueChange?: (value: string) => void;
  inline?: boolean;
  /** The server's message when none is chosen, for the page script's checks (form-checks.ts). */
  missingMessage?: string;
}

/** Radios in a fieldset; the error summary links to the first radio (radioId(meta, first)). */
export function RadioGroup({ meta: fieldMeta, legend, hint, options, required, onValueChange, inline, missingMessage }: RadioGroupProps) {
  const meta = readMeta(fieldMeta);
  const invalid = Boolean(meta.errors?.length);
  const initial = initialText(meta);
  return (
    <fieldset
      className={["field", "field--radios", inline ? "field--inline" : null, invalid ? "field--invalid" : null].filter(Boolean).join(" ")}
      aria-describedby={describedBy(meta, hint, invalid)}
      data-message-missing={missingMessage}
    >
      <legend className="field__label">{legend}</legend>
      <Hint id={meta.descriptionId}>{hint}</Hint>
      <FieldError id={meta.errorId} errors={meta.errors} />
      <div className="radios">
        {options.map((option, index) => {
          const id = index === 0 ? meta.id : `${meta.id}-${index}`;
          return (
            <div className="radio" key={option.value}>
              {/* ARIA 1.2 makes aria-invalid global and screen readers announce it on each radio;
                  jsx-a11y follows the 1.3 draft, which moves it to radiogroup. */}
              {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props */}
              <input
                type="radio"
                id={id}
                name={meta.name}
                value={option.value}
                defaultChecked={initial === option.value}
                required={required}
                aria-invalid={invalid || undefined}
                aria-describedby={option.hint ? `${id}-hint` : undefined}
                onChange={onValueChange ? (event) => event.currentTarget.checked && onValueChange(option.value) : undefined}
              />
              <label htmlFor={id}>{option.label}</label>
              {option.hint ? (
                <p id={`${id}-hint`} className="radio__hint">
                  {option.hint}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

interface FileFieldProps {
  meta: FieldMeta;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  /** Required when the page script checks the form, not for the browser alone (a field shown by a condition). */
  requiredWithScript?: boolean;
  /** What the page script says when no file is chosen (the server's message for this field); FILE_MESSAGES.missing by default. */
  missingMessage?: string;
  /**
   * Called once the browser's check of a newly chosen file is done (its verdict is on the input as
   * data-refused). A form that validates in the browser re-checks the field here (`form.validate`):
   * left to the next blur, that re-check would run on the press of the submit button, and the
   * message it removes, just above the button, would move the button from under the pointer.
   */
  onChecked?: (name: string) => void;
}

/**
 * A document upload. In the browser the file is checked as soon as it is chosen (size, and its
 * real type from its first bytes), with a message at the field and the seed's upload-failure toast
 * ("Error al cargar el archivo, intente nuevamente"). A refused file stays
 * chosen but marked (data-refused, read by the form's check at submit), so its precise message
 * ("pesa más de 1 MB") stays until another file is chosen instead of turning into "Seleccione…".
 * Choosing another file clears what was said about the previous one at once: the browser's
 * message, the mark, and the form's last answer about this field. The server checks again by
 * content either way.
 */
export function FileField({ meta, label, hint, required, requiredWithScript, missingMessage, onChecked }: FileFieldProps) {
  // The browser's verdict on the file chosen now (null: nothing to say).
  const [clientError, setClientError] = useState<string | null>(null);
  // The form's errors as they were when another file was chosen: they were about the previous file.
  const [errorsBeforeChange, setErrorsBeforeChange] = useState<{ errors: FieldMeta["errors"] } | null>(null);
  const answerIsStale = errorsBeforeChange !== null && errorsBeforeChange.errors === meta.errors;
  const inputRef = useRef<HTMLInputElement>(null);
  const errors = clientError ? [clientError] : answerIsStale ? undefined : meta.errors;
  const invalid = Boolean(errors?.length);
  // A new answer from the form speaks for the file chosen now.
  useEffect(() => setClientError(null), [meta.errors]);
  // A refused file never leaves the browser: the form is not sent, and the field says why.
  useEffect(() => {
    const input = inputRef.current;
    const form = input?.form;
    if (!input || !form) return;
    const guard = (event: SubmitEvent) => {
      // A submit that asks not to be validated (conform's own re-checks of a field) sends nothing.
      if (!input.dataset.refused || (event.submitter as HTMLButtonElement | null)?.formNoValidate) return;
      event.preventDefault();
      setClientError(input.dataset.refused);
      input.focus();
    };
    form.addEventListener("submit", guard);
    return () => form.removeEventListener("submit", guard);
  }, []);

  async function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    delete input.dataset.refused;
    setClientError(null);
    setErrorsBeforeChange({ errors: meta.errors });
    let problem: string | null = null;
    if (file) {
      if (file.size === 0) problem = FILE_MESSAGES.empty;
      else if (file.size > MAX_UPLOAD_BYTES) problem = FILE_MESSAGES.tooLarge;
      else if (!detectFileType(new Uint8Array(await file.slice(0, 16).arrayBuffer()))) problem = FILE_MESSAGES.wrongType;
      // Another file was chosen while this one was being read: its own check decides.
      if (input.files?.[0] !== file) return;
    }
    setClientError(problem);
    if (problem) {
      input.dataset.refused = problem;
      notifyUploadFailure(`${file!.name}: ${problem}`);
    }
    onChecked?.(input.name);
  }

  return (
    <div className={["field", "field--file", invalid ? "field--invalid" : null].filter(Boolean).join(" ")}>
      <label htmlFor={meta.id} className="field__label">
        {label}
      </label>
      <Hint id={meta.descriptionId}>{hint ?? `${DOCUMENT_LIMITS}.`}</Hint>
      <div aria-live="polite">
        <FieldError id={meta.errorId} errors={errors} />
      </div>
      <input
        type="file"
        id={meta.id}
        name={meta.name}
        accept={UPLOAD_ACCEPT}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={[meta.descriptionId, invalid ? meta.errorId : null].filter(Boolean).join(" ")}
        className="field__file"
        // The page script's checks (app/enhance/form-checks.ts) on pages that do not hydrate.
        data-required={requiredWithScript ? "" : undefined}
        data-max-bytes={MAX_UPLOAD_BYTES}
        data-message-missing={missingMessage ?? FILE_MESSAGES.missing}
        ref={inputRef}
        onChange={onChange}
      />
    </div>
  );
}

export interface SummaryError {
  /** The id of the field to go to (the first radio of a group). */
  fieldId: string;
  message: string;
}

/**
 * The error summary at the top of a form: it takes focus when errors arrive (so screen readers
 * announce it and keyboard users start there) and links to each field.
 */
export function ErrorSummary({
  title,
  errors,
  formErrors,
  focusKey,
}: {
  title: string;
  errors: SummaryError[];
  formErrors?: string[];
  focusKey?: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const hasErrors = errors.length > 0 || Boolean(formErrors?.length);
  useEffect(() => {
    if (hasErrors) ref.current?.focus();
  }, [hasErrors, focusKey]);
  if (!hasErrors) return null;
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title" data-testid="error-summary">
      <h2 id="error-summary-title" className="error-summary__title">
        {title}
      </h2>
      {formErrors?.length ? (
        <ul className="error-summary__list">
          {formErrors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {errors.length ? (
        <ul className="error-summary__list">
          {errors.map((error) => (
            <li key={`${error.fieldId}:${error.message}`}>
              <a href={`#${error.fieldId}`}>{error.message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The summary entries for conform's fields, in the order the form shows them. */
export function summaryErrors(fields: readonly (FieldMeta | undefined)[]): SummaryError[] {
  return fields.flatMap((meta) => (meta?.errors ?? []).map((message) => ({ fieldId: meta!.id, message })));
}
