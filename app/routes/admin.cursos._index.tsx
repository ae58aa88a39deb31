import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { staffAction, staffIntent } from "~/actions/pipeline.server";
import { ErrorSummary } from "~/components/forms";
import { MONTHS, parseMonthParam } from "~/courses/catalogue";
import { MODALITY_IDS, MODALITY_LABELS, parseModalityId } from "~/courses/modality";
import { courseCursor, listAdminCourses, setCourseEnrolmentOpen } from "~/courses/course-admin.server";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import { staffAccessOf } from "~/staff/access-registry";
import { roleAllows } from "~/staff/staff";
import { coursePagePath, formatDay } from "~/staff/teaching/format";
import { redirectWithToast } from "~/utils/toast.server";
import teachingStyles from "~/styles/teaching.css";
import { StaffTable } from "~/components/staff-table";
import { FilterInput, filterOptions, FilterSelect, ListFilters } from "~/components/list-filters";
import { KeysetPagination, keysetHref, KeysetCursorError } from "~/components/pagination";
import { countLabel, readCursor } from "~/utils/keyset-paging.server";

/** Courses: the Teaching office edits them; finance may read them. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const staffAccess = staffAccessOf("routes/admin.cursos._index");
const EDITORS = ["ensenanza"] as const;

export const meta: MetaFunction = () => [{ title: "Cursos | Área del personal | HIMFG" }];

const MONTH_OPTIONS = MONTHS.map((month, index) => ({ value: index, label: month }));
const OPEN_OPTIONS = [
  { value: "abiertos", label: "Abiertas" },
  { value: "cerrados", label: "Cerradas" },
];
const MODALITY_OPTIONS = filterOptions(MODALITY_IDS, (id) => MODALITY_LABELS[id]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, staffAccess);
  const url = new URL(request.url);
  const open = url.searchParams.get("estado");
  const modality = url.searchParams.get("modalidad");
  const filters = {
    q: url.searchParams.get("q")?.slice(0, 100) ?? "",
    month: parseMonthParam(url.searchParams.get("mes")),
    open: open === "abiertos" || open === "cerrados" ? (open as "abiertos" | "cerrados") : null,
    modality: parseModalityId(modality),
    archived: url.searchParams.get("archivados") === "1",
  };
  const canEdit = roleAllows(staff.role, EDITORS);
  const cursor = readCursor(url.searchParams, courseCursor);
  if (!cursor.ok) return data({ page: null, cursorError: cursor.problem.form.join(" "), filters, canEdit }, { status: 400 });
  const page = await listAdminCourses(db, filters, cursor.position);
  return { page: { ...page, totalLabel: countLabel(page.total, "curso", "cursos") }, cursorError: null, filters, canEdit };
}

const courseChoice = z.object({ courseId: z.coerce.number().int().positive().max(999_999_999_999) });

/** Back to the same filtered list (without Remix's ?index marker). */
function listAddress(request: Request): string {
  const search = new URL(request.url).searchParams;
  search.delete("index");
  const query = search.toString();
  return `/admin/cursos${query ? `?${query}` : ""}`;
}

const setOpen = (open: boolean) =>
  staffIntent({
    schema: courseChoice,
    step: (ctx, { value }) => setCourseEnrolmentOpen(db, ctx, value.courseId, open),
    done: (outcome, { args }) => redirectWithToast(listAddress(args.request), { type: "success", description: outcome.message }),
  });

/** Open or close enrolment in one click (intent=abrir|cerrar, courseId): the Teaching office only. */
export const action = (args: ActionFunctionArgs) => staffAction({ access: EDITORS, intents: { abrir: setOpen(true), cerrar: setOpen(false) } })(args);

export default function AdminCourses() {
  const { page, cursorError, filters, canEdit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const courses = page?.rows ?? [];
  const query = {
    q: filters.q,
    mes: filters.month,
    estado: filters.open,
    modalidad: filters.modality,
    archivados: filters.archived ? "1" : null,
  };
  return (
    <div className="container page staff-page">
      <h1>Cursos</h1>
      {canEdit ? (
        <p>
          <Link to="/admin/cursos/nuevo" className="button">
            Nuevo curso
          </Link>
        </p>
      ) : null}
      <ListFilters label="Buscar y filtrar cursos">
        <FilterInput id="q" label="Buscar por nombre o dirección" value={filters.q} />
        <FilterSelect id="mes" label="Mes" value={filters.month} anyLabel="Todos" options={MONTH_OPTIONS} />
        <FilterSelect id="estado" label="Inscripciones" value={filters.open} anyLabel="Abiertas y cerradas" options={OPEN_OPTIONS} />
        <FilterSelect id="modalidad" label="Modalidad" value={filters.modality} anyLabel="Todas" options={MODALITY_OPTIONS} />
        <div className="field field--checkbox">
          <input id="archivados" name="archivados" type="checkbox" value="1" defaultChecked={filters.archived} />
          <label htmlFor="archivados">Ver archivados</label>
        </div>
      </ListFilters>

      <ErrorSummary title="No pudimos hacer el cambio" errors={[]} formErrors={actionData?.result.error?.[""] ?? []} focusKey={actionData} />
      {cursorError || !page ? <KeysetCursorError message={cursorError} firstPage={keysetHref("/admin/cursos", query)} /> : null}
      {page ? <p role="status">{page.totalLabel}</p> : null}
      {courses.length > 0 ? (
        <StaffTable
          caption={<>Cursos{filters.archived ? " archivados" : ""}</>}
          columns={["Curso", "Fechas", "Mes", "Modalidad", "Inscripciones", "Inscritos", "Acciones"]}
        >
          {courses.map((course) => (
            <tr key={course.id}>
              <th scope="row">
                {canEdit ? <Link to={`/admin/cursos/${course.id}`}>{course.name}</Link> : course.name}
                {course.courseUrl && !course.archived ? (
                  <>
                    {" "}
                    <a href={coursePagePath(course.courseUrl)} className="staff-table__aside">
                      (ver página pública<span className="visually-hidden"> de {course.name}</span>)
                    </a>
                  </>
                ) : null}
              </th>
              <td>
                {formatDay(course.startDate)} – {formatDay(course.finishDate)}
              </td>
              <td>{MONTHS[course.monthId]}</td>
              <td>{MODALITY_LABELS[course.modalityId]}</td>
              <td>{course.archived ? "Archivado" : course.open ? "Abiertas" : "Cerradas"}</td>
              <td>
                <Link to={`/admin/cursos/${course.id}/inscripciones`}>
                  {course.confirmed} confirmadas de {course.liveEnrolments}
                  <span className="visually-hidden"> en {course.name}</span>
                </Link>
              </td>
              <td>
                {canEdit && !course.archived ? (
                  <Form method="post">
                    <input type="hidden" name="courseId" value={course.id} />
                    <button type="submit" name="intent" value={course.open ? "cerrar" : "abrir"} className="button button--secondary">
                      {course.open ? "Cerrar inscripciones" : "Abrir inscripciones"}
                      <span className="visually-hidden"> de {course.name}</span>
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : page ? (
        <p>No hay cursos con estos filtros.</p>
      ) : null}
      {page ? <KeysetPagination label="Páginas de cursos" path="/admin/cursos" filters={query} previous={page.previous} next={page.next} /> : null}
    </div>
  );
}
