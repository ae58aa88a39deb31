import { useForm, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import type { z } from "zod";
import { parseWithZod, passwordRecoverySchema } from "~/accounts/account-forms.server";
import { requestPasswordReset } from "~/accounts/password-reset.server";
import { consumeResetRequest, resetThrottleMessage } from "~/accounts/rate-limit.server";
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

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: passwordRecoverySchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  // Counted before anything is looked up or mailed: a flood does not become a flood of mail.
  const throttle = await consumeResetRequest(db, submission.value.student_email, context.clientAddress ?? "unknown");
  if (!throttle.allowed) {
    return data(
      { result: submission.reply({ formErrors: [resetThrottleMessage(throttle)] }), sentTo: null },
      { status: 429, headers: { "Retry-After": String(throttle.retryAfterSeconds) } },
    );
  }
  // The link's origin comes from configuration only, never from the request (decision 0014).
  await requestPasswordReset(db, submission.value.student_email, siteOrigin());
  // The same answer whether or not the address has an account.
  return { result: submission.reply({ resetForm: true }), sentTo: submission.value.student_email };
}

export default function PasswordRecoveryPage() {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.result as SubmissionResult<string[]> | undefined;
  const [form, fields] = useForm<z.input<typeof passwordRecoverySchema>>({ id: "recuperar", lastResult, shouldValidate: "onSubmit" });

  return (
    <div className="container page form-page">
      <Breadcrumbs
        items={[
          { label: "Iniciar sesión", href: "/userlogin" },
          { label: "Recuperar contraseña", href: "/recuperar-contrasena" },
        ]}
      />
      <h1>Recuperar contraseña</h1>
      {actionData?.sentTo ? (
        <div className="notice" role="status" data-testid="reset-requested">
          <p>
            Si <strong>{actionData.sentTo}</strong> corresponde a una cuenta, en unos minutos recibirá un correo con un enlace para elegir una nueva
            contraseña. El enlace vence en 1 hora y solo se puede usar una vez.
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
