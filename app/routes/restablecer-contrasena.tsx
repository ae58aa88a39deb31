import type { SubmissionResult } from "@conform-to/react";
import { usePlainForm } from "~/components/plain-form";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { passwordResetSchema } from "~/accounts/account-forms.server";
import { INVALID_RESET_LINK } from "~/accounts/account-options";
import { findValidResetToken, resetPassword } from "~/accounts/password-reset.server";
import { publicAction } from "~/actions/pipeline.server";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { PasswordField, secretFieldKey } from "~/components/credential-fields";
import { ErrorSummary, summaryErrors, formProps } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { db } from "~/db.server";
import formStyles from "~/styles/forms.css";
import { TOKEN_PAGE_HEADERS } from "~/utils/cache-control";
import { privatePageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import type { PageHandle } from "~/enhance/page-handle";

/** A plain form: plain HTML plus the page script, no React in the browser (decisions 0027, 0029). */
export const handle: PageHandle = { hydrate: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

// A token in the address: never stored by a shared cache or the back-forward cache, never in a Referer.
export { passCacheControl as headers } from "~/utils/cache-control";

export const meta = privatePageMeta({
  title: "Elegir una nueva contraseña",
  description: "Elija una nueva contraseña para su cuenta de cursos.",
  path: "/restablecer-contrasena",
});

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = (await findValidResetToken(db, token)) !== null;
  // The token is the credential: no-referrer keeps it out of any Referer (even the origin's own);
  // the request log records paths without their query.
  return data({ token: valid ? token : "", valid }, { headers: TOKEN_PAGE_HEADERS });
}

/** The new password with a valid token (resetPassword); the passwords never come back in the form. */
export const action = (args: ActionFunctionArgs) =>
  publicAction({
    schema: passwordResetSchema,
    hideFields: ["password", "password_confirmation"],
    step: (_ctx, { value }) => resetPassword(db, value.token, value.password),
    done: () =>
      redirectWithToast("/userlogin", {
        type: "success",
        title: "Contraseña actualizada",
        description: "Inicie sesión con su nueva contraseña. Por seguridad cerramos todas sus sesiones abiertas.",
      }),
  })(args);

export default function PasswordResetPage() {
  const { token, valid } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result as SubmissionResult<string[]> | undefined;
  const [form, fields] = usePlainForm<z.input<typeof passwordResetSchema>>({ id: "restablecer", lastResult, shouldValidate: "onSubmit" });
  const resetKey = secretFieldKey(lastResult);

  return (
    <div className="container page form-page">
      <Breadcrumbs
        items={[
          { label: "Iniciar sesión", href: "/userlogin" },
          { label: "Nueva contraseña", href: "/restablecer-contrasena" },
        ]}
      />
      <h1>Elegir una nueva contraseña</h1>
      {!valid && !lastResult ? (
        <>
          <p className="notice notice--warning" data-testid="invalid-reset-link">
            {INVALID_RESET_LINK}
          </p>
          <p>
            <Link to="/recuperar-contrasena" className="button">
              Solicitar un enlace nuevo
            </Link>
          </p>
        </>
      ) : (
        <>
          <ErrorSummary
            title="Revise el formulario"
            errors={summaryErrors([fields.password, fields.password_confirmation])}
            formErrors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]}
            focusKey={lastResult}
          />
          <Form method="post" action="/restablecer-contrasena" {...formProps(form)} className="form">
            <input type="hidden" name="token" value={token || (typeof fields.token.initialValue === "string" ? fields.token.initialValue : "")} />
            <PasswordField
              meta={fields.password}
              key={`p-${resetKey}`}
              label="Nueva contraseña"
              autoComplete="new-password"
              hint="Al menos 8 caracteres. Evite contraseñas comunes."
              minLength={8}
            />
            <PasswordField
              meta={fields.password_confirmation}
              key={`c-${resetKey}`}
              label="Confirme la nueva contraseña"
              autoComplete="new-password"
            />
            <div className="form-actions">
              <SubmitButton formActionPath="/restablecer-contrasena" pendingLabel="Guardando…">
                Guardar contraseña
              </SubmitButton>
            </div>
          </Form>
        </>
      )}
    </div>
  );
}
