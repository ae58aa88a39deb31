import { roleAllows, type StaffRole } from "./staff";

/**
 * THE list of the staff area's pages a role sees: the staff frame's navigation (root.tsx) and the
 * dashboard's sections both read it through `linksFor`. Each link shows only to the roles that
 * may open it; `roles` must allow exactly the roles the target route's `staffAccess` allows
 * (tests/integration/staff-frame.test.ts compares them with the build's route modules). The pages
 * themselves check the role again: this list only hides links.
 */
export interface StaffLink {
  href: string;
  /** The link's text in the staff navigation. */
  label: string;
  /** The link's text on the dashboard when it differs (the seed's "Curso"). */
  dashboardLabel?: string;
  description: string;
  roles: readonly StaffRole[];
}

export const STAFF_LINKS: readonly StaffLink[] = [
  { href: "/admin/dashboard", label: "Inicio", description: "Resumen del día.", roles: ["ensenanza", "comunicacion", "finanzas"] },
  {
    href: "/admin/cursos",
    label: "Cursos",
    // The seed specification names the dashboard's links "Curso" and "Estudiantes".
    dashboardLabel: "Curso",
    description: "Crear, editar, abrir y cerrar cursos; inscripciones y exportaciones.",
    roles: ["ensenanza", "finanzas"],
  },
  { href: "/admin/estudiantes", label: "Estudiantes", description: "Participantes, sus documentos, inscripciones y pagos.", roles: ["ensenanza"] },
  {
    href: "/admin/revision",
    label: "Documentos por revisar",
    description: "Los documentos que esperan revisión, primero los más antiguos.",
    roles: ["ensenanza"],
  },
  {
    href: "/admin/contenido",
    label: "Contenido",
    description: "Páginas del sitio: crear, editar, programar, historial y restaurar.",
    roles: ["comunicacion"],
  },
  {
    href: "/admin/contenido/departamentos",
    label: "Páginas de direcciones",
    description: "Páginas de direcciones y departamentos: titular, textos, imágenes y personal.",
    roles: ["comunicacion"],
  },
  {
    href: "/admin/contenido/investigacion",
    label: "Unidades de investigación",
    description: "Unidades y laboratorios de investigación: nombre, textos, líneas de investigación, responsable e imagen.",
    roles: ["comunicacion"],
  },
  {
    href: "/admin/contenido/perfiles",
    label: "Perfiles de dirección",
    description: "Encabezado, textos e imágenes de las páginas de cada dirección (por ejemplo, /medica).",
    roles: ["comunicacion"],
  },
  {
    href: "/admin/documentos",
    label: "Documentos",
    description: "Transparencia, anuarios, adquisiciones, convocatorias y archivos: subir, ordenar, reemplazar y retirar.",
    roles: ["comunicacion"],
  },
  {
    href: "/admin/hemerobiblioteca",
    label: "Hemerobiblioteca",
    description: "Los ocho apartados de la Hemerobiblioteca.",
    roles: ["comunicacion"],
  },
  {
    href: "/admin/banners",
    label: "Banners",
    description: "El carrusel de la página de inicio: agregar, ordenar, programar y ocultar.",
    roles: ["comunicacion"],
  },
  {
    href: "/admin/galerias",
    label: "Galerías",
    description: "Legado artístico, galería y Día del Niño: imágenes, pies de foto, orden y textos.",
    roles: ["comunicacion"],
  },
  {
    href: "/admin/menus",
    label: "Menús",
    description: "Enlaces del menú principal y del pie de página.",
    roles: ["comunicacion"],
  },
  {
    href: "/admin/direcciones",
    label: "Árbol de direcciones",
    description: "El árbol de direcciones: nombres, direcciones cortas, dependencia y orden.",
    roles: ["comunicacion"],
  },
  {
    href: "/admin/ajustes",
    label: "Ajustes",
    description: "Nombre, domicilio, teléfono, correo, redes sociales y video de sesión.",
    roles: ["admin"],
  },
  {
    href: "/admin/pagos",
    label: "Pagos",
    description: "Cada movimiento de dinero: pagos con tarjeta y fuera de línea, reembolsos y donativos; totales por día y por mes, y exportación.",
    roles: ["finanzas"],
  },
  {
    href: "/admin/donativos",
    label: "Donativos",
    description: "Donativos con tarjeta: filtros, detalle con sus archivos y exportación CSV o XLSX.",
    roles: ["finanzas"],
  },
  {
    href: "/admin/conciliacion",
    label: "Conciliación",
    description: "Reporte de Banorte (CSV o XLSX): revisar y aplicar; confirmar o rechazar los pagos en verificación.",
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
  {
    href: "/admin/sistema",
    label: "Sistema",
    description: "Versión, espacio en disco, respaldos, correos fallidos, tareas automáticas y certificado.",
    roles: ["admin"],
  },
];

export function linksFor(role: StaffRole): StaffLink[] {
  return STAFF_LINKS.filter((link) => roleAllows(role, link.roles));
}

/** What the staff frame needs of a link: `end` when another link lives under it (Contenido). */
export interface StaffNavLink {
  href: string;
  label: string;
  end: boolean;
}

export function navigationFor(role: StaffRole): StaffNavLink[] {
  const links = linksFor(role);
  return links.map(({ href, label }) => ({ href, label, end: links.some((other) => other.href.startsWith(`${href}/`)) }));
}
