import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { participantAction } from "~/actions/pipeline.server";
import { requireUser, setChosenCourse } from "~/accounts/session.server";
import { db } from "~/db.server";
import { claimOffer, offerForToken } from "~/enrolment/waitlist.server";
import { formatMexicoCityDateTime } from "~/utils/mexico-city";

/** The link of a waitlist offer: the seat held for this participant, claimed with one button. */
export const meta: MetaFunction = () => [{ title: "Lugar apartado de la lista de espera | HIMFG" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const offer = await offerForToken(db, params.token ?? "");
  // Someone else's link says no more than an unknown one.
  if (!offer || offer.participantId !== user.id) throw new Response("No encontrado", { status: 404 });
  return data(
    { courseName: offer.courseName, live: offer.live, expiresAt: formatMexicoCityDateTime(offer.expiresAt) },
    { status: offer.live ? 200 : 410, headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } },
  );
}

export const action = (args: ActionFunctionArgs) =>
  participantAction({
    schema: z.object({}),
    step: (ctx, { args }) => claimOffer(db, { id: ctx.participant.id, profile: ctx.participant.profile }, args.params.token ?? ""),
    done: async (outcome, { args }) => {
      if (outcome.path !== "card") return redirect("/profile", { status: 303 });
      // The held seat continues in the usual payment page, in person.
      const cookie = await setChosenCourse(args.request, outcome.courseId, "presencial");
      return redirect("/payment", { status: 303, headers: { "Set-Cookie": cookie } });
    },
  })(args);

export default function WaitlistOffer() {
  const { courseName, live, expiresAt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = (actionData && "result" in actionData ? actionData.result?.error?.[""] : null) ?? [];
  return (
    <div className="container page">
      <h1>Lugar apartado: {courseName}</h1>
      {errors.length > 0 ? (
        <div role="alert" className="form-errors">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      {live ? (
        <>
          <p>Se liberó un lugar presencial y lo apartamos para usted hasta el {expiresAt}. Tómelo para continuar con su inscripción.</p>
          <Form method="post">
            <button type="submit" className="button">
              Tomar el lugar
            </button>
          </Form>
        </>
      ) : (
        <p>Esta oferta ya venció o ya se usó: el lugar pasó a la siguiente persona de la lista de espera.</p>
      )}
    </div>
  );
}
