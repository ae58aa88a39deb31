import type { SubmissionResult } from "@conform-to/react";
import { usePlainForm } from "~/components/plain-form";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { graduatedAnswerSchema } from "~/accounts/account-forms.server";
import type { Outcome } from "~/actions/outcome";
import { publicAction } from "~/actions/pipeline.server";
import { answerGraduated } from "~/accounts/participants.server";
import { getSessionParticipant, GRADUATED_QUESTION_PATH, type SessionUser } from "~/accounts/session.server";
import { ErrorSummary, formProps, RadioGroup, summaryErrors } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { db } from "~/db.server";
import formStyles from "~/styles/forms.css";
import { privatePageMeta } from "~/utils/seo";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import type { PageHandle } from "~/enhance/page-handle";

/** A plain form: plain HTML plus the page script, no React in the browser (decisions 0027, 0029). */
export const handle: PageHandle = { hydrate: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

export const meta = privatePageMeta({
  title: "¿Ya se graduó?",
  description: "Un dato pendiente de su registro en los cursos del Hospital Infantil de México Federico Gómez.",
  path: GRADUATED_QUESTION_PATH,
});

/**
 * The participant this question is for: signed in and without a graduated answer (registered
 * through the API without it). Anyone else is sent on: to sign in, or to where they were going.
 */
async function requireUnansweredUser(request: Request, redirectTo: unknown): Promise<SessionUser> {
  const signedIn = await getSessionParticipant(request);
  const url = new URL(request.url);
  if (!signedIn) throw redirect(`/userlogin?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, { status: 303 });
  if (!signedIn.graduatedUnknown) throw redirect(destination(redirectTo), { status: 303 });
  return signedIn.user;
}

/** Where the participant was going; never this page again. */
function destination(redirectTo: unknown): string {
  const path = safeRedirectPath(redirectTo, "/profile");
  return path.split(/[?#]/)[0] === GRADUATED_QUESTION_PATH ? "/profile" : path;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  await requireUnansweredUser(request, redirectTo);
  return { redirectTo: destination(redirectTo) };
}

/**
 * The answer. Its guard is the page's own (signed in AND unanswered; participantAction's guard
 * would send an unanswered participant back here), asked before any reply, also to a bad post.
 */
export const action = (args: ActionFunctionArgs) =>
  publicAction({
    schema: graduatedAnswerSchema,
    precheck: async (fields, { request }) => {
      await requireUnansweredUser(request, fields.get("redirectTo"));
      return {};
    },
    step: async (_ctx, { value, args: { request } }): Promise<Outcome> => {
      const user = await requireUnansweredUser(request, value.redirectTo);
      await answerGraduated(db, user.id, value.student_graduated);
      return { ok: true };
    },
    done: (_done, { value }) =>
      redirectWithToast(destination(value.redirectTo), { type: "success", description: "Gracias. Guardamos su respuesta." }),
  })(args);

export default function GraduatedQuestionPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result as SubmissionResult<string[]> | undefined;
  const [form, fields] = usePlainForm<z.input<typeof graduatedAnswerSchema>>({ id: "egresado", lastResult, shouldValidate: "onSubmit" });

  return (
    <div className="container page form-page">
      <h1>Antes de continuar</h1>
      <p>Su registro llegó sin este dato. Respóndalo para seguir; después podrá cambiarlo en su perfil.</p>
      <ErrorSummary title="Falta su respuesta" errors={summaryErrors([fields.student_graduated])} formErrors={form.errors} focusKey={lastResult} />
      <Form method="post" action={GRADUATED_QUESTION_PATH} {...formProps(form)} className="form">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <RadioGroup
          meta={fields.student_graduated}
          legend="¿Ya se graduó?"
          options={[
            { value: "SÍ", label: "Sí" },
            { value: "NO", label: "No" },
          ]}
          required
          inline
        />
        <div className="form-actions">
          <SubmitButton formActionPath={GRADUATED_QUESTION_PATH} pendingLabel="Guardando…">
            Guardar y continuar
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
