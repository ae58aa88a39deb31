import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { staffAction } from "~/actions/pipeline.server";
import { siteOrigin } from "~/config.server";
import { ErrorSummary, Field, RadioGroup, summaryErrors } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { getAdminCourse } from "~/courses/course-admin.server";
import { ENROLMENT_MODALITY_LABELS, enrolmentModalitiesOf } from "~/courses/modality";
import { formatMoney, PROFILE_LABELS } from "~/courses/pricing";
import { db } from "~/db.server";
import { ENROLMENT_STATUS_LABELS } from "~/enrolment/enrolment-labels";
import { requireStaff } from "~/staff/guard.server";
import { staffAccessOf } from "~/staff/access-registry";
import { roleAllows } from "~/staff/staff";
import { courseEnrolmentCursor, enrolParticipantManually, listCourseEnrolmentPage } from "~/staff/teaching/enrolments-admin.server";
import { MODALITY_CHOICE_LABELS } from "~/staff/teaching/format";
import { idParam } from "~/staff/teaching/route-helpers.server";
import { redirectWithToast } from "~/utils/toast.server";
import teachingStyles from "~/styles/teaching.css";
import { StaffTable } from "~/components/staff-table";
import { KeysetPagination, KeysetCursorError } from "~/components/pagination";
import { readCursor } from "~/utils/keyset-paging.server";

/** Who is enrolled in a course. The Teaching office; finance reaches payments and exports from here. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const staffAccess = staffAccessOf("routes/admin.cursos.$courseId.inscripciones");
const ENROLLERS = ["ensenanza"] as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Inscripciones: ${data?.course.name ?? "curso"} | Área del personal | HIMFG` },
];

const manualSchema = z.object({
  participant_id: z
    .number({ error: "Escriba el número de participante (6 dígitos)." })
    .int("Escriba el número de participante (6 dígitos).")
    .min(450000, "Escriba un número de participante válido.")
    .max(899999, "Escriba un número de participante válido."),
  modality: z.enum(["presencial", "en_linea"], { error: "Elija la modalidad." }),
  reason: z
    .string({ error: "Escriba el motivo de la inscripción manual (por ejemplo, ponente invitado)." })
    .trim()
    .min(1, "Escriba el motivo de la inscripción manual (por ejemplo, ponente invitado).")
    .max(500, "El motivo es demasiado largo (máximo 500 caracteres)."),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, staffAccess);
  const courseId = idParam(params.courseId);
  const course = await getAdminCourse(db, courseId);
  if (!course) throw new Response("No encontrado", { status: 404 });
  const view = {
    course: {
      id: course.course_id,
      name: course.course_name,
      modalityId: course.modality_id,
      capacity: course.course_max_range,
      archived: Boolean(course.archived_at),
    },
    canEnrol: roleAllows(staff.role, ENROLLERS),
  };
  const cursor = readCursor(new URL(request.url).searchParams, courseEnrolmentCursor);
  if (!cursor.ok) return data({ ...view, page: null, cursorError: cursor.problem.form.join(" ") }, { status: 400 });
  return { ...view, page: await listCourseEnrolmentPage(db, courseId, cursor.position), cursorError: null };
}

/** Manual enrolment of a participant by staff, with a reason. */
export const action = (args: ActionFunctionArgs) =>
  staffAction({
    access: ENROLLERS,
    schema: manualSchema,
    step: (ctx, { value, args }) =>
      enrolParticipantManually(db, ctx, {
        participantId: value.participant_id,
        courseId: idParam(args.params.courseId),
        modality: value.modality,
        reason: value.reason,
        origin: siteOrigin(),
      }),
    done: (_outcome, { args }) =>
      redirectWithToast(`/admin/cursos/${idParam(args.params.courseId)}/inscripciones`, {
        type: "success",
        description: "Inscribimos al participante y le enviamos su acceso por correo.",
      }),
  })(args);

export default function CourseEnrolments() {
  const { course, page, cursorError, canEnrol } = useLoaderData<typeof loader>();
  const enrolments = page?.rows ?? [];
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<{ participant_id: string; modality: string; reason: string }>({
    id: "manual-enrolment",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
  const path = `/admin/cursos/${course.id}/inscripciones`;
  const modalities = enrolmentModalitiesOf(course.modalityId).map((value) => ({ value, label: ENROLMENT_MODALITY_LABELS[value] }));
  return (
    <div className="container page staff-page">
      <p>
        <Link to="/admin/cursos">← Cursos</Link>
      </p>
      <h1>Inscripciones: {course.name}</h1>
      <p>
        Lista de asistencia con precios, pagos y fechas:{" "}
        <a href={`/admin/cursos/${course.id}/exportar?formato=csv`} download>
          descargar CSV
        </a>{" "}
        ·{" "}
        <a href={`/admin/cursos/${course.id}/exportar?formato=xlsx`} download>
          descargar Excel (XLSX)
        </a>
        · <Link to={`/admin/cursos/${course.id}/lista-de-espera`}>lista de espera</Link>
      </p>
      {cursorError ? <KeysetCursorError message={cursorError} firstPage={path} /> : null}
      {page && enrolments.length > 0 ? (
        <>
          <StaffTable
            caption={<>{page.total === 1 ? "1 inscripción" : `${new Intl.NumberFormat("es-MX").format(page.total)} inscripciones`}</>}
            columns={["Participante", "Perfil", "Modalidad", "Estado", "Importe", "Pago", "Lugar"]}
          >
            {enrolments.map((row) => (
              <tr key={row.enrolmentId}>
                <th scope="row">
                  <Link to={`/admin/estudiantes/${row.participantId}`}>{row.name}</Link>{" "}
                  <span className="staff-table__aside">({row.participantId})</span>
                </th>
                <td>{PROFILE_LABELS[row.profile]}</td>
                <td>{MODALITY_CHOICE_LABELS[row.modality]}</td>
                <td>{ENROLMENT_STATUS_LABELS[row.status]}</td>
                <td>{formatMoney(row.amountCentavos)}</td>
                <td>
                  <Link to={`/admin/pagos/${row.enrolmentId}`}>
                    {row.payment}
                    <span className="visually-hidden"> (pagos de {row.name})</span>
                  </Link>
                </td>
                <td>{row.seat}</td>
              </tr>
            ))}
          </StaffTable>
          <KeysetPagination label="Páginas de inscripciones" path={path} filters={{}} previous={page.previous} next={page.next} />
        </>
      ) : page ? (
        <p>Nadie se ha inscrito todavía.</p>
      ) : null}

      {canEnrol && !course.archived ? (
        <section aria-labelledby="manual-title">
          <h2 id="manual-title">Inscribir a un participante</h2>
          <p>Sin cobro, por ejemplo a un ponente. Recibirá por correo su documento de acceso.</p>
          <Form method="post" action={path} {...getFormProps(form)} noValidate className="staff-form">
            <ErrorSummary
              title="Revise la inscripción"
              errors={summaryErrors([fields.participant_id, fields.modality, fields.reason])}
              formErrors={form.errors}
              focusKey={actionData}
            />
            <Field meta={fields.participant_id} label="Número de participante" inputMode="numeric" required />
            <RadioGroup meta={fields.modality} legend="Modalidad" options={modalities} inline required />
            <Field meta={fields.reason} label="Motivo" maxLength={500} hint="Por ejemplo: ponente invitado." required />
            <SubmitButton formActionPath={path} pendingLabel="Inscribiendo…">
              Inscribir
            </SubmitButton>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
