/**
 * Staff identity shared by the server and the browser (no server imports here): the roles, their
 * Spanish names, and how a route declares who may use it (decision 0015).
 */
export const STAFF_ROLES = ["admin", "ensenanza", "comunicacion", "finanzas"] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export type StaffUser = { id: number; email: string; name: string; role: StaffRole };

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Administración",
  ensenanza: "Dirección de Enseñanza",
  comunicacion: "Comunicación",
  finanzas: "Finanzas",
};

/** What each role may do, for the staff screen and the README. */
export const STAFF_ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  admin: "Todo: personal, configuración, bitácora y todas las pantallas de las demás funciones.",
  ensenanza: "Cursos, participantes, revisión de documentos, inscripciones, pagos y exportaciones.",
  comunicacion: "Contenido del sitio (páginas, avisos, carrusel).",
  finanzas: "Pagos, donativos, solicitudes de factura y exportaciones; consulta de cursos sin editarlos.",
};

/** Every staff role: for pages any signed-in staff member may open (the dashboard, the layout). */
export const ANY_STAFF = STAFF_ROLES;

/**
 * A route under /admin that is open to visitors who are not signed in (sign-in, set-up link).
 * Only these may declare it; the route walk test checks everything else is guarded.
 */
export const PUBLIC_STAFF_ROUTE = "publica" as const;

/** What an `app/routes/admin*.tsx` module exports as `staffAccess`. */
export type StaffAccess = readonly StaffRole[] | typeof PUBLIC_STAFF_ROUTE;

/** True when the role may use a route that allows `allowed` (admin may use every staff route). */
export function roleAllows(role: StaffRole, allowed: readonly StaffRole[]): boolean {
  return role === "admin" || allowed.includes(role);
}
