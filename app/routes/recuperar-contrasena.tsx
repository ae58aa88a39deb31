import { useForm, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import type { z } from "zod";
import { parseWithZod, passwordRecoverySchema } from "~/accounts/account-forms.server";
import { requestPasswordReset } from "~/accounts/password-reset.server";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ErrorSummary, Field, summaryErrors } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { readConfig } from "~/config.server";
import { db } from "~/db.server";
import formStyles from "~/styles/forms.css";
import { pageMeta, rootOrigin } from "~/utils/seo";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Recuperar contraseña",
    description: "Reciba por correo electrónico un enlace para elegir una nueva contraseña.",
    path: "/recuperar-contrasena",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: passwordRecoverySchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  const origin = readConfig().PUBLIC_URL?.replace(/\/$/, "") ?? new URL(request.url).origin;
  await requestPasswordReset(db, submission.value.student_email, origin);
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
            Si <strong>{actionData.sentTo}</strong> corresponde a una cuenta, en unos minutos recibirá un correo con un enlace para elegir
            una nueva contraseña. El enlace vence en 1 hora y solo se puede usar una vez.
          </p>
          <p>Revise también su carpeta de correo no deseado.</p>
        </div>
      ) : (
        <p>Escriba el correo electrónico con el que se registró y le enviaremos un enlace para elegir una nueva contraseña.</p>
      )}

      <ErrorSummary title="Revise el formulario" errors={summaryErrors([fields.student_email])} formErrors={form.errors} focusKey={lastResult} />

      <Form method="post" action="/recuperar-contrasena" id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} className="form">
        <Field meta={fields.student_email} label="Correo electrónico" type="email" autoComplete="email" required spellCheck={false} />
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
