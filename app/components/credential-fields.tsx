import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { FormEventHandler, ReactNode } from "react";
import { ErrorSummary, Field, summaryErrors, type FieldMeta, formProps } from "./forms";
import { SubmitButton } from "./submit-button";

/**
 * The fields of the sign-in, registration, set-up and password-reset forms (participants' and
 * staff's), so that every credentials form asks the same way: the same labels, autocomplete
 * tokens (password managers), and never a password or code put back after a failed submit.
 */

/** The page script's data-message-* attributes for a field (app/enhance/form-checks.ts). */
type PageScriptChecks = { [attribute: `data-${string}`]: string | undefined };

/**
 * Changes whenever the action answers with new errors. Used as the React key of a secret field
 * (password, code): the field is uncontrolled and its value is never sent back (omitValue), so
 * after a failed submit it must remount, or the browser would keep what was typed in it.
 */
export function secretFieldKey(lastResult: { error?: unknown } | undefined): string {
  return JSON.stringify(lastResult?.error ?? null);
}

/** "Correo electrónico": `autoComplete="username"` where it is the account name of a sign-in form. */
export function EmailField({ meta, autoComplete = "email", ...checks }: { meta: FieldMeta; autoComplete?: "email" | "username" } & PageScriptChecks) {
  return <Field meta={meta} label="Correo electrónico" type="email" autoComplete={autoComplete} required spellCheck={false} {...checks} />;
}

/**
 * A password field. `current-password` for signing in; `new-password` (with the policy in
 * `hint` and `minLength`) for choosing one, so password managers offer to generate and save it.
 * Give it `key={secretFieldKey(lastResult)}`.
 */
export function PasswordField({
  meta,
  label = "Contraseña",
  autoComplete,
  hint,
  minLength,
  ...checks
}: {
  meta: FieldMeta;
  label?: string;
  autoComplete: "current-password" | "new-password";
  hint?: string;
  minLength?: number;
} & PageScriptChecks) {
  return (
    <Field meta={meta} label={label} type="password" autoComplete={autoComplete} hint={hint} required minLength={minLength} omitValue {...checks} />
  );
}

/**
 * The 6-digit code of an authenticator app (staff two-step verification). Spaces are allowed
 * ("123 456", as apps show it); the server strips them. Give it `key={secretFieldKey(lastResult)}`.
 */
export function OneTimeCodeField({ meta, label }: { meta: FieldMeta; label: string }) {
  return (
    <Field
      meta={meta}
      label={label}
      hint="6 dígitos, por ejemplo 123456."
      type="text"
      inputMode="numeric"
      pattern="[0-9 ]*"
      autoComplete="one-time-code"
      maxLength={7}
      required
      omitValue
      className="field--short"
    />
  );
}

/**
 * The e-mail and password sign-in form (participants at /userlogin, staff at /admin/login): the
 * error summary, the hidden inputs the page adds (`children`: redirectTo, the step), the two
 * fields (the password is emptied after a refused try) and the button.
 */
export function PasswordSignInForm({
  form,
  email,
  password,
  lastResult,
  action,
  emailAutoComplete,
  pendingLabel,
  submitLabel,
  children,
}: {
  form: { id: string; errors?: string[]; onSubmit?: FormEventHandler<HTMLFormElement>; noValidate: boolean };
  email: FieldMeta;
  password: FieldMeta;
  lastResult: SubmissionResult<string[]> | undefined;
  action: string;
  emailAutoComplete?: "email" | "username";
  pendingLabel: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <ErrorSummary title="No pudimos iniciar su sesión" errors={summaryErrors([email, password])} formErrors={form.errors} focusKey={lastResult} />
      <Form method="post" action={action} {...formProps(form)} className="form">
        {children}
        <EmailField meta={email} autoComplete={emailAutoComplete} />
        <PasswordField meta={password} key={`password-${secretFieldKey(lastResult)}`} autoComplete="current-password" />
        <div className="form-actions">
          <SubmitButton formActionPath={action} pendingLabel={pendingLabel}>
            {submitLabel}
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}
