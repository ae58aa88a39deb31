import { useForm, type SubmissionResult } from "@conform-to/react";
import { staffAccessOf } from "~/staff/access-registry";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { refuse } from "~/actions/outcome";
import { DEFAULT_INTENT, publicAction, publicIntent } from "~/actions/pipeline.server";
import { OneTimeCodeField, PasswordSignInForm, secretFieldKey } from "~/components/credential-fields";
import { ErrorSummary, summaryErrors, formProps } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { db } from "~/db.server";
import { STAFF_HOME_PATH } from "~/staff/guard.server";
import { createStaffSession, getPendingStaff, getStaffUser } from "~/staff/session.server";
import { verifyStaffCode, verifyStaffPassword } from "~/staff/sign-in.server";
import { staffCodeStepSchema, staffPasswordStepSchema } from "~/staff/staff-forms";
import adminStyles from "~/styles/admin.css";
import formStyles from "~/styles/forms.css";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";

// The sign-in page is for visitors who are not signed in yet.
export const staffAccess = staffAccessOf("routes/admin_.login");

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: adminStyles },
];

export const meta: MetaFunction = () => [{ title: "Acceso del personal | HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

function returnPath(value: unknown): string {
  const path = safeRedirectPath(value, STAFF_HOME_PATH);
  // Only back into the staff area, never to the login page itself.
  return (path === "/admin" || path.startsWith("/admin/")) && !path.startsWith("/admin/login") ? path : STAFF_HOME_PATH;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = returnPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getStaffUser(request)) throw redirect(redirectTo, { status: 303 });
  const pending = await getPendingStaff(request);
  return { stage: pending ? ("code" as const) : ("password" as const), redirectTo };
}

/** The password step, then the code step (intent "code"); each counts its attempt before checking. */
export const action = (args: ActionFunctionArgs) => {
  const passwordStep = publicIntent({
    schema: staffPasswordStepSchema,
    hideFields: ["password"],
    step: (ctx, { value }) => verifyStaffPassword(db, { email: value.email, password: value.password, clientAddress: ctx.clientAddress }),
    done: async ({ staff }, { value, args: { request } }) => {
      const cookie = await createStaffSession(request, staff.id, "contrasena");
      const back = returnPath(value.redirectTo);
      return redirect(`/admin/login?redirectTo=${encodeURIComponent(back)}`, { status: 303, headers: { "Set-Cookie": cookie } });
    },
  });
  return publicAction({
    intents: {
      [DEFAULT_INTENT]: passwordStep,
      password: passwordStep,
      code: publicIntent({
        schema: staffCodeStepSchema,
        hideFields: ["code"],
        // The password step expired (5 minutes) or was never done: start again, before any message.
        precheck: async (_fields, { request }) => {
          if (!(await getPendingStaff(request)))
            throw await redirectWithToast("/admin/login", {
              type: "error",
              description: "Pasaron más de 5 minutos. Escriba de nuevo su correo y contraseña.",
            });
          return {};
        },
        step: async (ctx, { value, args: { request } }) => {
          const pending = await getPendingStaff(request);
          if (!pending) return refuse(400, "Pasaron más de 5 minutos. Escriba de nuevo su correo y contraseña.");
          const outcome = await verifyStaffCode(db, { staff: pending, code: value.code, clientAddress: ctx.clientAddress });
          return outcome.ok ? { ok: true as const, pending } : outcome;
        },
        done: async ({ pending }, { value, args: { request } }) => {
          const cookie = await createStaffSession(request, pending.id, "activa");
          return redirectWithToast(
            returnPath(value.redirectTo),
            { type: "success", description: `Bienvenido(a), ${pending.name}.` },
            { headers: { "Set-Cookie": cookie } },
          );
        },
      }),
    },
  })(args);
};

export default function StaffLoginPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The step a refusal answers is its intent; without one, the page's own stage.
  const answered = actionData ? (actionData.intent === "code" ? ("code" as const) : ("password" as const)) : null;
  const stage = answered ?? loaderData.stage;
  return (
    <div className="container page form-page">
      <h1>Acceso del personal</h1>
      {stage === "code" ? (
        <CodeForm redirectTo={loaderData.redirectTo} lastResult={answered === "code" ? actionData?.result : undefined} />
      ) : (
        <PasswordForm redirectTo={loaderData.redirectTo} lastResult={answered === "password" ? actionData?.result : undefined} />
      )}
    </div>
  );
}

function PasswordForm({ redirectTo, lastResult }: { redirectTo: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<z.input<typeof staffPasswordStepSchema>>({ id: "acceso-personal", lastResult, shouldValidate: "onSubmit" });
  return (
    <>
      <p>Para el personal del hospital que administra el sitio. Si usted es participante de un curso, use el acceso de participantes.</p>
      <PasswordSignInForm
        form={form}
        email={fields.email}
        password={fields.password}
        lastResult={lastResult}
        action="/admin/login"
        emailAutoComplete="username"
        pendingLabel="Verificando…"
        submitLabel="Continuar"
      >
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
      </PasswordSignInForm>
    </>
  );
}

function CodeForm({ redirectTo, lastResult }: { redirectTo: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<z.input<typeof staffCodeStepSchema>>({ id: "codigo-personal", lastResult, shouldValidate: "onSubmit" });
  return (
    <>
      <p>Escriba el código de 6 dígitos que muestra ahora su aplicación de autenticación. Cada código sirve una sola vez.</p>
      <ErrorSummary title="No pudimos verificar el código" errors={summaryErrors([fields.code])} formErrors={form.errors} focusKey={lastResult} />
      <Form method="post" action="/admin/login" {...formProps(form)} className="form">
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <OneTimeCodeField meta={fields.code} key={`code-${secretFieldKey(lastResult)}`} label="Código de verificación" />
        <div className="form-actions">
          <SubmitButton formActionPath="/admin/login" pendingLabel="Verificando…">
            Entrar
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}
