import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getAdminCourse, removeCourse, setCourseEnrolmentOpen } from "~/courses/course-admin.server";
import { centavosToPesos } from "~/courses/course-form";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { CourseForm } from "~/staff/teaching/course-form-view";
import { coursePagePath, publicFilePath } from "~/staff/teaching/format";
import { handleCourseForm } from "~/staff/teaching/course-route.server";
import { idParam, staffContextFor } from "~/staff/teaching/route-helpers.server";
import { redirectWithToast } from "~/utils/toast.server";
import teachingStyles from "~/styles/teaching.css";
import { COURSE_FORM_MAX_BYTES } from "~/staff/teaching/admin-uploads.server";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = COURSE_FORM_MAX_BYTES;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const staffAccess = ["ensenanza"] as const satisfies StaffAccess;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.course.course_name ?? "Curso"} | Área del personal | HIMFG` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const course = await getAdminCourse(db, idParam(params.courseId));
  if (!course) throw new Response("No encontrado", { status: 404 });
  return { course };
}

/** Save the form (default), open/close enrolment, or remove (archive when it has enrolments). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, staffAccess);
  const courseId = idParam(params.courseId);
  const intent = new URL(request.url).searchParams.get("intent");
  const path = `/admin/cursos/${courseId}`;
  if (intent === "abrir" || intent === "cerrar") {
    const outcome = await setCourseEnrolmentOpen(db, staffContextFor(staff, context), courseId, intent === "abrir");
    if (!outcome.ok) throw new Response(outcome.problem.form.join(" "), { status: outcome.status });
    return redirectWithToast(path, { type: "success", description: outcome.message });
  }
  if (intent === "retirar") {
    const outcome = await removeCourse(db, staffContextFor(staff, context), courseId);
    if (!outcome.ok) throw new Response(outcome.problem.form.join(" "), { status: outcome.status });
    return redirectWithToast(outcome.archived ? path : "/admin/cursos", { type: "success", description: outcome.message });
  }
  const outcome = await handleCourseForm(request, context, staff, courseId);
  if (!outcome.ok) return data({ result: outcome.result }, { status: outcome.status });
  return redirectWithToast(path, { type: "success", description: "Guardamos los cambios del curso." });
}

export default function EditCourse() {
  const { course } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const path = `/admin/cursos/${course.course_id}`;
  const open = course.course_able === 1;
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
      {course.archived_at ? null : (
        <div className="staff-actions">
          <Form method="post" action={`${path}?intent=${open ? "cerrar" : "abrir"}`}>
            <p>Inscripciones: {open ? "abiertas" : "cerradas"}.</p>
            <button type="submit" className="button button--secondary">
              {open ? "Cerrar inscripciones" : "Abrir inscripciones"}
            </button>
          </Form>
          <Form method="post" action={`${path}?intent=retirar`}>
            <p>Un curso con inscripciones se archiva; uno sin inscripciones se elimina.</p>
            <button type="submit" className="button button--secondary">
              Retirar el curso
            </button>
          </Form>
        </div>
      )}
      <h2>Datos del curso</h2>
      <CourseForm
        action={path}
        lastResult={actionData?.result}
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
