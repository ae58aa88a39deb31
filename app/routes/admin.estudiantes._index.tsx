import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { staffAccessOf } from "~/staff/access-registry";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DOCUMENT_STATUS_LABELS } from "~/accounts/documents";
import { listCourseOptions } from "~/courses/course-admin.server";
import { isProfile, PROFILE_LABELS, PROFILES } from "~/courses/pricing";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import { listParticipants, participantCursor } from "~/staff/teaching/participants-admin.server";
import { countLabel, readCursor } from "~/utils/keyset-paging.server";
import teachingStyles from "~/styles/teaching.css";
import { countOf } from "~/utils/plural";
import { StaffTable } from "~/components/staff-table";
import { FilterInput, filterOptions, FilterSelect, ListFilters } from "~/components/list-filters";
import { KeysetPagination, keysetHref, KeysetCursorError } from "~/components/pagination";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const staffAccess = staffAccessOf("routes/admin.estudiantes._index");

export const meta: MetaFunction = () => [{ title: "Estudiantes | Área del personal | HIMFG" }];

const DOCUMENT_FILTERS = ["pendiente", "aprobado", "rechazado"] as const;
const PROFILE_OPTIONS = filterOptions(PROFILES, (profile) => PROFILE_LABELS[profile]);
const PAYMENT_OPTIONS = [{ value: "fuera_de_linea", label: "Esperan pago fuera de línea" }];
const DOCUMENT_OPTIONS = filterOptions(DOCUMENT_FILTERS, (status) => `Con alguno ${DOCUMENT_STATUS_LABELS[status].toLowerCase()}`);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const url = new URL(request.url);
  const profile = url.searchParams.get("perfil");
  const documents = url.searchParams.get("documentos");
  const course = url.searchParams.get("curso");
  const payment = url.searchParams.get("pago");
  const filters = {
    q: url.searchParams.get("q")?.slice(0, 100) ?? "",
    profile: isProfile(profile) ? profile : null,
    documents: (DOCUMENT_FILTERS as readonly string[]).includes(documents ?? "") ? (documents as (typeof DOCUMENT_FILTERS)[number]) : null,
    courseId: course && /^\d{1,9}$/.test(course) ? Number(course) : null,
    awaitingOffline: payment === "fuera_de_linea",
  };
  const cursor = readCursor(url.searchParams, participantCursor);
  const courses = await listCourseOptions(db, filters.courseId);
  if (!cursor.ok) {
    return data({ filters, courses, cursorError: cursor.problem.form.join(" "), page: null }, { status: 400 });
  }
  const page = await listParticipants(db, filters, cursor.position);
  return { filters, courses, cursorError: null, page: { ...page, totalLabel: countLabel(page.total, "participante", "participantes") } };
}

export default function AdminParticipants() {
  const { page, filters, courses, cursorError } = useLoaderData<typeof loader>();
  const courseOptions = courses.map((course) => ({ value: course.id, label: course.name }));
  const participants = page?.rows ?? [];
  const query = {
    q: filters.q,
    perfil: filters.profile,
    documentos: filters.documents,
    curso: filters.courseId,
    pago: filters.awaitingOffline ? "fuera_de_linea" : null,
  };
  return (
    <div className="container page staff-page">
      <h1>Estudiantes</h1>
      <p>
        <Link to="/admin/revision">Documentos por revisar</Link>
      </p>
      <ListFilters label="Buscar y filtrar participantes">
        <FilterInput id="q" label="Buscar por nombre, correo o número de participante" value={filters.q} />
        <FilterSelect id="perfil" label="Perfil" value={filters.profile} anyLabel="Todos" options={PROFILE_OPTIONS} />
        <FilterSelect id="documentos" label="Documentos" value={filters.documents} anyLabel="Cualquier estado" options={DOCUMENT_OPTIONS} />
        <FilterSelect id="curso" label="Curso" value={filters.courseId} anyLabel="Todos" options={courseOptions} />
        <FilterSelect
          id="pago"
          label="Pago"
          value={filters.awaitingOffline ? "fuera_de_linea" : null}
          anyLabel="Cualquiera"
          options={PAYMENT_OPTIONS}
        />
      </ListFilters>
      {cursorError || !page ? (
        <KeysetCursorError message={cursorError} firstPage={keysetHref("/admin/estudiantes", query)} />
      ) : (
        <>
          <p role="status">{page.totalLabel}</p>
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
                      p.pending ? countOf(p.pending, { one: "pendiente", other: "pendientes" }) : null,
                      p.rejected ? countOf(p.rejected, { one: "rechazado", other: "rechazados" }) : null,
                      p.approved ? countOf(p.approved, { one: "aprobado", other: "aprobados" }) : null,
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
          <KeysetPagination label="Páginas de participantes" path="/admin/estudiantes" filters={query} previous={page.previous} next={page.next} />
        </>
      )}
    </div>
  );
}
