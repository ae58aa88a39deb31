import type { SubmissionResult } from "@conform-to/react";
import { usePlainForm } from "~/components/plain-form";
import type { ActionFunctionArgs, LinksFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import type { z } from "zod";
import { passwordRecoverySchema } from "~/accounts/account-forms.server";
import { requestPasswordReset } from "~/accounts/password-reset.server";
import { consumeResetRequest, resetThrottleMessage } from "~/accounts/rate-limit.server";
import { tooManyAttempts } from "~/actions/outcome";
import { publicAction } from "~/actions/pipeline.server";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { EmailField } from "~/components/credential-fields";
import { ErrorSummary, summaryErrors, formProps } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";
import formStyles from "~/styles/forms.css";
import { privatePageMeta } from "~/utils/seo";
import type { PageHandle } from "~/enhance/page-handle";

/** A plain form: plain HTML plus the page script, no React in the browser (decisions 0027, 0029). */
export const handle: PageHandle = { hydrate: false };

export { passRetryAfter as headers } from "~/utils/retry-after";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

export const meta = privatePageMeta({
  title: "Recuperar contraseña",
  description: "Reciba por correo electrónico un enlace para elegir una nueva contraseña.",
  path: "/recuperar-contrasena",
});

/** A reset link by mail; the same answer whether or not the address has an account. */
export const action = (args: ActionFunctionArgs) =>
  publicAction({
    schema: passwordRecoverySchema,
    step: async (ctx, { value }) => {
      // Counted before anything is looked up or mailed: a flood does not become a flood of mail.
      const throttle = await consumeResetRequest(db, value.student_email, ctx.clientAddress);
      if (!throttle.allowed) return tooManyAttempts(resetThrottleMessage(throttle), throttle.retryAfterSeconds);
      // The link's origin comes from configuration only, never from the request (decision 0014).
      await requestPasswordReset(db, value.student_email, siteOrigin());
      return { ok: true };
    },
    done: (_done, { value, reply }) => ({ intent: null, result: reply({ resetForm: true }), sentTo: value.student_email }),
  })(args);

export default function PasswordRecoveryPage() {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.result as SubmissionResult<string[]> | undefined;
  const sentTo = actionData && "sentTo" in actionData ? actionData.sentTo : null;
  const [form, fields] = usePlainForm<z.input<typeof passwordRecoverySchema>>({ id: "recuperar", lastResult, shouldValidate: "onSubmit" });

  return (
    <div className="container page form-page">
      <Breadcrumbs
        items={[
          { label: "Iniciar sesión", href: "/userlogin" },
          { label: "Recuperar contraseña", href: "/recuperar-contrasena" },
        ]}
      />
      <h1>Recuperar contraseña</h1>
      {sentTo ? (
        <div className="notice" role="status" data-testid="reset-requested">
          <p>
            Si <strong>{sentTo}</strong> corresponde a una cuenta, en unos minutos recibirá un correo con un enlace para elegir una nueva contraseña.
            El enlace vence en 1 hora y solo se puede usar una vez.
          </p>
          <p>Revise también su carpeta de correo no deseado.</p>
        </div>
      ) : (
        <p>Escriba el correo electrónico con el que se registró y le enviaremos un enlace para elegir una nueva contraseña.</p>
      )}

      <ErrorSummary title="Revise el formulario" errors={summaryErrors([fields.student_email])} formErrors={form.errors} focusKey={lastResult} />

      <Form method="post" action="/recuperar-contrasena" {...formProps(form)} className="form">
        <EmailField meta={fields.student_email} />
        <div className="form-actions">
          <SubmitButton formActionPath="/recuperar-contrasena" pendingLabel="Enviando…">
            Enviar enlace
          </SubmitButton>
        </div>
      </Form>
      <ul className="form-links">
        <li>
          <Link to="/userlogin">Volver a iniciar sesión</Link>
        </li>
      </ul>
    </div>
  );
}
