import { MODALITY } from "~/courses/modality";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { participantAction, participantIntent } from "~/actions/pipeline.server";
import { requireUser } from "~/accounts/session.server";
import { db } from "~/db.server";
import { freeSeats } from "~/enrolment/enrolment.server";
import { joinWaitlist, leaveWaitlist, waitlistPlaceOf, waitlistSettings } from "~/enrolment/waitlist.server";
import { idParam } from "~/staff/teaching/route-helpers.server";
import { formatMexicoCityDateTime } from "~/utils/mexico-city";
import { redirectWithToast } from "~/utils/toast.server";

/** A course's waitlist for the signed-in participant: join when the in-person seats are full, see the position, leave. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Lista de espera: ${data?.course.name ?? "curso"} | HIMFG` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const courseId = idParam(params.courseId);
  const course = await db
    .selectFrom("courses")
    .select(["course_id", "course_name", "course_able", "modality_id"])
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  if (!course || course.course_able !== 1) throw new Response("No encontrado", { status: 404 });
  const place = await waitlistPlaceOf(db, courseId, user.id);
  return data(
    {
      course: { id: course.course_id, name: course.course_name, online: course.modality_id !== MODALITY.PRESENCIAL },
      place: place ? { ...place, offerExpiresAt: place.offerExpiresAt ? formatMexicoCityDateTime(place.offerExpiresAt) : null } : null,
      seatsFree: await freeSeats(db, courseId),
      closed: (await waitlistSettings(db, courseId)).closed,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const empty = z.object({});
const here = (args: ActionFunctionArgs) => `/lista-de-espera/${idParam(args.params.courseId)}`;

export const action = (args: ActionFunctionArgs) =>
  participantAction({
    intents: {
      unirme: participantIntent({
        schema: empty,
        step: (ctx, { args }) => joinWaitlist(db, ctx.participant.id, idParam(args.params.courseId)),
        done: (outcome, { args }) =>
          redirectWithToast(here(args), { type: "success", description: `Está en la lista de espera, en el lugar ${outcome.position}.` }),
      }),
      salir: participantIntent({
        schema: empty,
        step: (ctx, { args }) => leaveWaitlist(db, ctx.participant.id, idParam(args.params.courseId)),
        done: (_outcome, { args }) => redirectWithToast(here(args), { type: "success", description: "Salió de la lista de espera." }),
      }),
    },
  })(args);

export default function CourseWaitlist() {
  const { course, place, seatsFree, closed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = (actionData && "result" in actionData ? actionData.result?.error?.[""] : null) ?? [];
  return (
    <div className="container page">
      <h1>Lista de espera: {course.name}</h1>
      {errors.length > 0 ? (
        <div role="alert" className="form-errors">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      {place?.status === "ofrecido" ? (
        <p>Se liberó un lugar presencial para usted: lo apartamos hasta el {place.offerExpiresAt}. Le enviamos por correo el enlace para tomarlo.</p>
      ) : place ? (
        <p>
          Está en la lista de espera, en el lugar <strong>{place.position}</strong>. Si se libera un lugar presencial y es su turno, le enviaremos un
          correo con un enlace que se lo aparta por tiempo limitado.
        </p>
      ) : seatsFree > 0 ? (
        <p>
          Aún hay lugares presenciales: <Link to="/payment">continúe con su inscripción</Link>.
        </p>
      ) : closed ? (
        <p>Los lugares presenciales se agotaron y la lista de espera de este curso está cerrada.</p>
      ) : (
        <p>Los lugares presenciales se agotaron. Puede unirse a la lista de espera: le avisaremos por correo si se libera un lugar.</p>
      )}
      <Form method="post">
        {place ? (
          <button type="submit" name="intent" value="salir" className="button button--secondary">
            Salir de la lista de espera
          </button>
        ) : seatsFree === 0 && !closed ? (
          <button type="submit" name="intent" value="unirme" className="button">
            Unirme a la lista de espera
          </button>
        ) : null}
      </Form>
      {course.online ? (
        <p>
          La modalidad en línea no tiene cupo: puede <Link to="/payment">inscribirse en línea</Link> ahora.
        </p>
      ) : null}
    </div>
  );
}
