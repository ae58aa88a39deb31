import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { staffAction, uploadBody } from "~/actions/pipeline.server";
import { staffAccessOf } from "~/staff/access-registry";
import { requireStaff } from "~/staff/guard.server";
import { CourseForm } from "~/staff/teaching/course-form-view";
import { COURSE_FILE_RULES, COURSE_FILES_TOO_LARGE, courseFormIntent } from "~/staff/teaching/course-route.server";
import { redirectWithToast } from "~/utils/toast.server";
import teachingStyles from "~/styles/teaching.css";
import { COURSE_FORM_MAX_BYTES } from "~/staff/teaching/admin-uploads.server";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = COURSE_FORM_MAX_BYTES;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const staffAccess = staffAccessOf("routes/admin.cursos.nuevo");

export const meta: MetaFunction = () => [{ title: "Nuevo curso | Área del personal | HIMFG" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return null;
}

export const action = staffAction({
  access: staffAccess,
  read: uploadBody(COURSE_FILE_RULES, { maxBytes: maxBodyBytes, tooLarge: COURSE_FILES_TOO_LARGE }),
  ...courseFormIntent(
    () => null,
    (saved) => redirectWithToast(`/admin/cursos/${saved.courseId}`, { type: "success", description: "Guardamos el curso." }),
  ),
});

export default function NewCourse() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="container page staff-page">
      <p>
        <Link to="/admin/cursos">← Cursos</Link>
      </p>
      <h1>Nuevo curso</h1>
      <CourseForm
        action="/admin/cursos/nuevo"
        defaults={{ capacity_wording: "personas", course_max_range: "0", course_price: "0", course_student_price: "0", course_employee_price: "0" }}
        lastResult={actionData?.result}
        submitLabel="Guardar curso"
      />
    </div>
  );
}
