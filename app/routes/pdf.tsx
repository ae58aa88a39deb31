import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getChosenCourseId, requireUser } from "~/accounts/session.server";
import { db } from "~/db.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * /pdf, the current site's "Descargar acceso de curso" (issue 20): the access PDF of the course
 * chosen in the catalogue. Signed out: sign-in, then back here. A confirmed enrolment of the
 * participant in the chosen course: 303 to its PDF, /payment/acceso/<id>.pdf, the one address that
 * serves it (owner-only, never cached), so a link or a bookmark to /pdf downloads the file without
 * another page. No course chosen, or no confirmed enrolment in it: the catalogue, with a toast.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const courseId = await getChosenCourseId(request);
  if (courseId === null) {
    throw await redirectWithToast("/ensenanza/offer", {
      type: "info",
      description: "Elija su curso en la oferta académica para descargar su documento de acceso.",
    });
  }
  const enrolment = await db
    .selectFrom("enrolments")
    .select("id")
    .where("participant_id", "=", user.id)
    .where("course_id", "=", courseId)
    .where("status", "=", "confirmada")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!enrolment) {
    throw await redirectWithToast("/ensenanza/offer", {
      type: "info",
      description:
        "Su documento de acceso estará disponible cuando su inscripción al curso esté confirmada. Puede revisar sus inscripciones en su perfil.",
    });
  }
  throw redirect(`/payment/acceso/${enrolment.id}.pdf`, { status: 303 });
}
