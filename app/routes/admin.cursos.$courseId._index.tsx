import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { DEFAULT_INTENT, staffAction, staffIntent, uploadBody } from "~/actions/pipeline.server";
import { ErrorSummary } from "~/components/forms";
import { getAdminCourse, removeCourse, setCourseEnrolmentOpen } from "~/courses/course-admin.server";
import { centavosToPesos } from "~/courses/course-form";
import { db } from "~/db.server";
import { staffAccessOf } from "~/staff/access-registry";
import { requireStaff } from "~/staff/guard.server";
import { CourseForm } from "~/staff/teaching/course-form-view";
import { coursePagePath, publicFilePath } from "~/staff/teaching/format";
import { COURSE_FILE_RULES, COURSE_FILES_TOO_LARGE, courseFormIntent } from "~/staff/teaching/course-route.server";
import { idParam } from "~/staff/teaching/route-helpers.server";
import { redirectWithToast } from "~/utils/toast.server";
import teachingStyles from "~/styles/teaching.css";
import { COURSE_FORM_MAX_BYTES } from "~/staff/teaching/admin-uploads.server";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = COURSE_FORM_MAX_BYTES;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const staffAccess = staffAccessOf("routes/admin.cursos.$courseId._index");

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.course.course_name ?? "Curso"} | Área del personal | HIMFG` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const course = await getAdminCourse(db, idParam(params.courseId));
  if (!course) throw new Response("No encontrado", { status: 404 });
  return { course };
}

const pathOf = (courseId: number) => `/admin/cursos/${courseId}`;
const courseIdOf = ({ params }: { params: { courseId?: string } }) => idParam(params.courseId);

/** Open or close enrolment in one click. */
const setOpen = (open: boolean) =>
  staffIntent({
    schema: z.object({}),
    step: (ctx, { args }) => setCourseEnrolmentOpen(db, ctx, courseIdOf(args), open),
    done: (outcome, { args }) => redirectWithToast(pathOf(courseIdOf(args)), { type: "success", description: outcome.message }),
  });

/** Save the form (the page's main form, no intent), open/close enrolment, or remove (archive when it has enrolments). */
export const action = staffAction({
  access: staffAccess,
  read: uploadBody(COURSE_FILE_RULES, { maxBytes: maxBodyBytes, tooLarge: COURSE_FILES_TOO_LARGE }),
  intents: {
    [DEFAULT_INTENT]: courseFormIntent(courseIdOf, (saved) =>
      redirectWithToast(pathOf(saved.courseId), { type: "success", description: "Guardamos los cambios del curso." }),
    ),
    abrir: setOpen(true),
    cerrar: setOpen(false),
    retirar: staffIntent({
      schema: z.object({}),
      step: (ctx, { args }) => removeCourse(db, ctx, courseIdOf(args)),
      done: (outcome, { args }) =>
        redirectWithToast(outcome.archived ? pathOf(courseIdOf(args)) : "/admin/cursos", { type: "success", description: outcome.message }),
    }),
  },
});

export default function EditCourse() {
  const { course } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const path = `/admin/cursos/${course.course_id}`;
  const open = course.course_able === 1;
  // A refused «Abrir», «Cerrar» or «Retirar» (the course form shows its own messages).
  const actionMessages = actionData?.intent ? (actionData.result.error?.[""] ?? []) : [];
  return (
    <div className="container page staff-page">
      <p>
        <Link to="/admin/cursos">← Cursos</Link>
      </p>
      <h1>{course.course_name}</h1>
      {course.archived_at ? <p className="staff-notice">Este curso está archivado: no aparece en el catálogo ni acepta inscripciones.</p> : null}
      <ul className="staff-actions">
        <li>
          <Link to={`${path}/inscripciones`}>Inscripciones y lista de asistencia</Link>
        </li>
        {course.course_url && !course.archived_at ? (
          <li>
            <a href={coursePagePath(course.course_url)}>Ver la página pública del curso</a>
          </li>
        ) : null}
      </ul>
      {actionMessages.length ? (
        <ErrorSummary title="No pudimos hacer el cambio" errors={[]} formErrors={actionMessages} focusKey={actionData} />
      ) : null}
      {course.archived_at ? null : (
        <div className="staff-actions">
          <Form method="post" action={path}>
            <p>Inscripciones: {open ? "abiertas" : "cerradas"}.</p>
            <button type="submit" name="intent" value={open ? "cerrar" : "abrir"} className="button button--secondary">
              {open ? "Cerrar inscripciones" : "Abrir inscripciones"}
            </button>
          </Form>
          <Form method="post" action={path}>
            <p>Un curso con inscripciones se archiva; uno sin inscripciones se elimina.</p>
            <button type="submit" name="intent" value="retirar" className="button button--secondary">
              Retirar el curso
            </button>
          </Form>
        </div>
      )}
      <h2>Datos del curso</h2>
      <CourseForm
        action={path}
        lastResult={actionData?.intent ? undefined : actionData?.result}
        defaults={{
          course_name: course.course_name,
          course_summary: course.course_summary,
          course_start_date: course.course_start_date,
          course_finish_date: course.course_finish_date,
          course_price: centavosToPesos(course.course_price),
          course_student_price: centavosToPesos(course.course_student_price),
          course_employee_price: centavosToPesos(course.course_employee_price),
          course_url: course.course_url ?? undefined,
          course_password: course.course_password ?? undefined,
          course_able: open ? "1" : undefined,
          course_max_range: String(course.course_max_range),
          modality_id: String(course.modality_id),
          month_id: String(course.month_id),
          capacity_wording: course.capacity_wording,
          venue: course.venue ?? undefined,
          online_access_url: course.online_access_url ?? undefined,
        }}
        files={{
          image: course.course_image_file_id ? { href: publicFilePath(course.course_image_file_id), label: "ver imagen" } : null,
          pdf: course.course_pdf_file_id ? { href: publicFilePath(course.course_pdf_file_id), label: "ver programa" } : null,
        }}
        submitLabel="Guardar cambios"
      />
    </div>
  );
}
