import { useForm, type SubmissionResult } from "@conform-to/react";
import { staffAccessOf } from "~/staff/access-registry";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { publicAction } from "~/actions/pipeline.server";
import { MIN_PASSWORD_LENGTH } from "~/accounts/password-policy";
import { OneTimeCodeField, PasswordField, secretFieldKey } from "~/components/credential-fields";
import { ErrorSummary, summaryErrors, formProps } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { db } from "~/db.server";
import { STAFF_HOME_PATH } from "~/staff/guard.server";
import { createStaffSession } from "~/staff/session.server";
import { STAFF_ROLE_LABELS } from "~/staff/staff";
import { SETUP_LINK_INVALID, staffSetupSchema } from "~/staff/staff-forms";
import { completeStaffSetup, findValidSetupToken } from "~/staff/staff-members.server";
import { totpQrSvg, totpUri } from "~/staff/totp.server";
import adminStyles from "~/styles/admin.css";
import formStyles from "~/styles/forms.css";
import { TOKEN_PAGE_HEADERS } from "~/utils/cache-control";
import { redirectWithToast } from "~/utils/toast.server";

// Opened from the set-up link by someone who has no password yet: the token is the credential.
export const staffAccess = staffAccessOf("routes/admin_.configurar");

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: adminStyles },
];

export const meta: MetaFunction = () => [{ title: "Configurar su acceso | Personal HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

// The set-up link's token and the TOTP secret: never stored, never in a Referer (decision 0032).
export { passCacheControl as headers } from "~/utils/cache-control";

function tokenOf(request: Request): string {
  return (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
}

async function setupView(token: string) {
  const info = await findValidSetupToken(db, token);
  if (!info) return null;
  const uri = totpUri(info.totpSecret, info.email);
  return { token, name: info.name, email: info.email, roleLabel: STAFF_ROLE_LABELS[info.role], secret: info.totpSecret, qrSvg: await totpQrSvg(uri) };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const view = await setupView(tokenOf(request));
  // The link itself must not leak through a Referer. (The form then posts with `Origin: null`,
  // which the forgery guard accepts with Sec-Fetch-Site: same-origin.)
  const headers = TOKEN_PAGE_HEADERS;
  if (!view) return data({ view: null, minLength: MIN_PASSWORD_LENGTH }, { status: 404, headers });
  return data({ view, minLength: MIN_PASSWORD_LENGTH }, { headers });
}

/** The set-up: a password and the first code, proven with the link's token (a public action: the token is the credential). */
export const action = (args: ActionFunctionArgs) =>
  publicAction({
    schema: staffSetupSchema,
    hideFields: ["password", "password_confirmation", "code"],
    step: (ctx, { value }) =>
      completeStaffSetup(db, { token: (value.token ?? "").slice(0, 200), password: value.password, code: value.code }, ctx.requestId),
    done: async ({ staff }, { args: { request } }) => {
      // Both factors were just proven: the member starts signed in.
      const cookie = await createStaffSession(request, staff.id, "activa");
      return redirectWithToast(
        STAFF_HOME_PATH,
        { type: "success", description: "Su acceso quedó configurado. Ya inició sesión." },
        { headers: { "Set-Cookie": cookie } },
      );
    },
  })(args);

export default function StaffSetupPage() {
  const { view, minLength } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result as SubmissionResult<string[]> | undefined;
  const [form, fields] = useForm<z.input<typeof staffSetupSchema>>({ id: "configurar-acceso", lastResult, shouldValidate: "onSubmit" });
  if (!view) {
    return (
      <div className="container page">
        <h1>Enlace no válido</h1>
        <p>{SETUP_LINK_INVALID}</p>
        <p>
          <Link to="/admin/login">Ir al acceso del personal</Link>
        </p>
      </div>
    );
  }
  const errorKey = secretFieldKey(lastResult);
  return (
    <div className="container page form-page">
      <h1>Configurar su acceso</h1>
      <p>
        {view.name} ({view.email}), función: {view.roleLabel}. Elija su contraseña y configure la verificación en dos pasos; las dos son obligatorias
        para el personal.
      </p>
      <ErrorSummary
        title="No pudimos configurar su acceso"
        errors={summaryErrors([fields.password, fields.password_confirmation, fields.code])}
        formErrors={form.errors}
        focusKey={lastResult}
      />
      <Form method="post" action={`/admin/configurar?token=${encodeURIComponent(view.token)}`} {...formProps(form)} className="form">
        <input type="hidden" name="token" value={view.token} />
        <h2>1. Contraseña</h2>
        <PasswordField
          meta={fields.password}
          key={`password-${errorKey}`}
          label="Contraseña nueva"
          hint={`Al menos ${minLength} caracteres; evite contraseñas comunes.`}
          autoComplete="new-password"
        />
        <PasswordField
          meta={fields.password_confirmation}
          key={`confirmation-${errorKey}`}
          label="Repita la contraseña"
          autoComplete="new-password"
        />

        <h2>2. Verificación en dos pasos</h2>
        <p>Escanee este código QR con su aplicación de autenticación (Google Authenticator, Microsoft Authenticator, FreeOTP…).</p>
        <div
          className="totp-qr"
          role="img"
          aria-label="Código QR para agregar su cuenta a la aplicación de autenticación"
          dangerouslySetInnerHTML={{ __html: view.qrSvg }}
        />
        <p>
          Si no puede escanearlo, agregue la cuenta a mano con esta clave (tipo «basada en tiempo»):{" "}
          <code className="totp-secret" data-testid="totp-secret">
            {view.secret}
          </code>
        </p>
        <OneTimeCodeField meta={fields.code} key={`code-${errorKey}`} label="Código que muestra la aplicación" />
        <div className="form-actions">
          <SubmitButton formActionPath="/admin/configurar" pendingLabel="Guardando…">
            Guardar y entrar
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
