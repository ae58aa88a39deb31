import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DOCUMENT_STATUS_LABELS } from "~/accounts/documents";
import { listAdminCourses } from "~/courses/course-admin.server";
import { isProfile, PROFILE_LABELS, PROFILES } from "~/courses/pricing";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { listParticipants } from "~/staff/teaching/participants-admin.server";
import teachingStyles from "~/styles/teaching.css";
import { StaffTable } from "~/components/staff-table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const staffAccess = ["ensenanza"] as const satisfies StaffAccess;

export const meta: MetaFunction = () => [{ title: "Estudiantes | Área del personal | HIMFG" }];

const DOCUMENT_FILTERS = ["pendiente", "aprobado", "rechazado"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const url = new URL(request.url);
  const profile = url.searchParams.get("perfil");
  const documents = url.searchParams.get("documentos");
  const course = url.searchParams.get("curso");
  const filters = {
    q: url.searchParams.get("q")?.slice(0, 100) ?? "",
    profile: isProfile(profile) ? profile : null,
    documents: (DOCUMENT_FILTERS as readonly string[]).includes(documents ?? "") ? (documents as (typeof DOCUMENT_FILTERS)[number]) : null,
    courseId: course && /^\d{1,9}$/.test(course) ? Number(course) : null,
  };
  const [participants, courses] = await Promise.all([listParticipants(db, filters), listAdminCourses(db, {})]);
  return { participants, filters, courses: courses.map((c) => ({ id: c.id, name: c.name })) };
}

export default function AdminParticipants() {
  const { participants, filters, courses } = useLoaderData<typeof loader>();
  return (
    <div className="container page staff-page">
      <h1>Estudiantes</h1>
      <p>
        <Link to="/admin/revision">Documentos por revisar</Link>
      </p>
      <Form method="get" className="staff-filters" aria-label="Buscar y filtrar participantes">
        <div className="field">
          <label htmlFor="q" className="field__label">
            Buscar por nombre, correo o número de participante
          </label>
          <input id="q" name="q" type="search" defaultValue={filters.q} className="field__input" />
        </div>
        <div className="field">
          <label htmlFor="perfil" className="field__label">
            Perfil
          </label>
          <select id="perfil" name="perfil" defaultValue={filters.profile ?? ""} className="field__select">
            <option value="">Todos</option>
            {PROFILES.map((profile) => (
              <option key={profile} value={profile}>
                {PROFILE_LABELS[profile]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="documentos" className="field__label">
            Documentos
          </label>
          <select id="documentos" name="documentos" defaultValue={filters.documents ?? ""} className="field__select">
            <option value="">Cualquier estado</option>
            {DOCUMENT_FILTERS.map((status) => (
              <option key={status} value={status}>
                Con alguno {DOCUMENT_STATUS_LABELS[status].toLowerCase()}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="curso" className="field__label">
            Curso
          </label>
          <select id="curso" name="curso" defaultValue={filters.courseId ?? ""} className="field__select">
            <option value="">Todos</option>
            {courses.map((course) => (
              <option key={course.id} value={course.id}>
                {course.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Filtrar
        </button>
      </Form>
      <p role="status">{participants.length === 1 ? "1 participante" : `${participants.length} participantes`}</p>
      {participants.length > 0 ? (
        <StaffTable caption={"Participantes"} columns={["Nombre", "Número", "Correo electrónico", "Perfil", "Documentos", "Inscripciones"]}>
          {participants.map((p) => (
            <tr key={p.id}>
              <th scope="row">
                <Link to={`/admin/estudiantes/${p.id}`}>{p.name}</Link>
              </th>
              <td>{p.id}</td>
              <td>{p.email}</td>
              <td>{PROFILE_LABELS[p.profile]}</td>
              <td>
                {[
                  p.pending ? `${p.pending} pendiente(s)` : null,
                  p.rejected ? `${p.rejected} rechazado(s)` : null,
                  p.approved ? `${p.approved} aprobado(s)` : null,
                ]
                  .filter(Boolean)
                  .join(", ") || "—"}
              </td>
              <td>{p.enrolments}</td>
            </tr>
          ))}
        </StaffTable>
      ) : (
        <p>No hay participantes con estos filtros.</p>
      )}
    </div>
  );
}
