import { roleAllows, type StaffRole } from "./staff";

/**
 * The staff area's pages, for the header and the dashboard: each link shows only to the roles
 * that may open it. The pages themselves check the role again (this list only hides links).
 */
export interface StaffLink {
  href: string;
  label: string;
  description: string;
  roles: readonly StaffRole[];
}

export const STAFF_LINKS: readonly StaffLink[] = [
  { href: "/admin/dashboard", label: "Inicio", description: "Resumen del día.", roles: ["ensenanza", "comunicacion", "finanzas"] },
  {
    href: "/admin/cursos",
    label: "Curso",
    description: "Crear, editar, abrir y cerrar cursos; inscripciones y exportaciones.",
    roles: ["ensenanza", "finanzas"],
  },
  { href: "/admin/estudiantes", label: "Estudiantes", description: "Participantes, sus documentos, inscripciones y pagos.", roles: ["ensenanza"] },
  {
    href: "/admin/contenido",
    label: "Contenido",
    description: "Páginas del sitio: crear, editar, programar, historial y restaurar.",
    roles: ["comunicacion"],
  },
  {
    href: "/admin/donativos",
    label: "Donativos",
    description: "Donativos con tarjeta: filtros, detalle con sus archivos y exportación CSV o XLSX.",
    roles: ["finanzas"],
  },
  {
    href: "/admin/facturas",
    label: "Facturas",
    description: "Solicitudes de factura (CFDI) de inscripciones y donativos: marcar como facturada con el folio.",
    roles: ["finanzas"],
  },
  { href: "/admin/personal", label: "Personal", description: "Invitar personal, cambiar su función o darlo de baja.", roles: ["admin"] },
  { href: "/admin/bitacora", label: "Bitácora", description: "Quién cambió qué y cuándo.", roles: ["admin"] },
];

export function linksFor(role: StaffRole): StaffLink[] {
  return STAFF_LINKS.filter((link) => roleAllows(role, link.roles));
}
