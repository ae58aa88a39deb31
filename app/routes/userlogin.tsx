import type { SubmissionResult } from "@conform-to/react";
import { usePlainForm } from "~/components/plain-form";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { loginSchema } from "~/accounts/account-forms.server";
import { signIn } from "~/accounts/auth.server";
import { consumeLoginAttempt, TOO_MANY_ATTEMPTS_MESSAGE } from "~/accounts/rate-limit.server";
import { tooManyAttempts } from "~/actions/outcome";
import { publicAction } from "~/actions/pipeline.server";
import { isGraduatedUnknown } from "~/accounts/participants.server";
import { createUserSession, getChosenCourseId, getSessionUser, graduatedQuestionHref } from "~/accounts/session.server";
import { db } from "~/db.server";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { PasswordSignInForm } from "~/components/credential-fields";
import formStyles from "~/styles/forms.css";
import { privatePageMeta } from "~/utils/seo";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import type { PageHandle } from "~/enhance/page-handle";

/** A plain form: plain HTML plus the page script, no React in the browser (decisions 0027, 0029). */
export const handle: PageHandle = { hydrate: false };

export { passRetryAfter as headers } from "~/utils/retry-after";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

export const meta = privatePageMeta({
  title: "Iniciar sesión",
  description: "Inicie sesión para inscribirse a los cursos del Hospital Infantil de México Federico Gómez.",
  path: "/userlogin",
});

async function defaultDestination(request: Request) {
  return (await getChosenCourseId(request)) !== null ? "/payment" : "/profile";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  const user = await getSessionUser(request);
  if (user) throw redirect(safeRedirectPath(redirectTo, await defaultDestination(request)), { status: 303 });
  return { redirectTo: redirectTo ? safeRedirectPath(redirectTo, "") : "" };
}

/**
 * Sign-in: the attempt is counted (per account and per address) before the password is checked;
 * a full window refuses with 429 + Retry-After without checking anything.
 */
export const action = (args: ActionFunctionArgs) =>
  publicAction({
    schema: loginSchema,
    hideFields: ["student_password"],
    step: async (ctx, { value, args: { request } }) => {
      const attempt = await consumeLoginAttempt(db, value.student_email, ctx.clientAddress);
      if (!attempt.allowed) return tooManyAttempts(TOO_MANY_ATTEMPTS_MESSAGE, attempt.retryAfterSeconds);
      return signIn(request, attempt);
    },
    done: async ({ user }, { value, args: { request } }) => {
      // Decided before signing in: the new session replaces (and deletes) the current one.
      const destination = safeRedirectPath(value.redirectTo, await defaultDestination(request));
      const cookie = await createUserSession(user, { from: request });
      // Registered through the API without the graduated answer: it is asked before anything else.
      const unanswered = await isGraduatedUnknown(db, user.id);
      return redirectWithToast(
        unanswered ? graduatedQuestionHref(destination) : destination,
        { type: "success", description: `Bienvenido(a), ${user.name}.` },
        { headers: { "Set-Cookie": cookie } },
      );
    },
  })(args);

export default function LoginPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result as SubmissionResult<string[]> | undefined;
  const [form, fields] = usePlainForm<z.input<typeof loginSchema>>({ id: "inicio-sesion", lastResult, shouldValidate: "onSubmit" });
  const registerHref = "/register";

  return (
    <div className="container page form-page">
      <Breadcrumbs items={[{ label: "Iniciar sesión", href: "/userlogin" }]} />
      <h1>Iniciar sesión</h1>
      <p>Use el correo electrónico y la contraseña con los que se registró.</p>

      <PasswordSignInForm
        form={form}
        email={fields.student_email}
        password={fields.student_password}
        lastResult={lastResult}
        action="/userlogin"
        pendingLabel="Iniciando sesión…"
        submitLabel="Iniciar sesión"
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
      </PasswordSignInForm>

      <ul className="form-links">
        <li>
          <Link to="/recuperar-contrasena">¿Olvidó su contraseña?</Link>
        </li>
        <li>
          ¿Aún no tiene cuenta? <Link to={registerHref}>Regístrese</Link>
        </li>
      </ul>
    </div>
  );
}
