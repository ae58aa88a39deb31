import { useNavigation } from "@remix-run/react";
import type { ButtonHTMLAttributes, ReactNode } from "react";

interface SubmitButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The form's action, to know whether this form is the one being submitted. */
  formActionPath: string;
  pendingLabel?: string;
  children: ReactNode;
}

/** A submit button that shows a spinner and a "working" label while its form is submitting. */
export function SubmitButton({ formActionPath, pendingLabel = "Enviando…", children, className, ...rest }: SubmitButtonProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction !== undefined && navigation.formAction.split("?")[0] === formActionPath;
  return (
    <button
      type="submit"
      {...rest}
      className={["button", className].filter(Boolean).join(" ")}
      aria-disabled={pending || undefined}
      data-pending={pending || undefined}
    >
      {pending ? (
        <>
          <span className="spinner" aria-hidden="true" />
          <span>{pendingLabel}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
