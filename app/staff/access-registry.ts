import { ANY_STAFF, PUBLIC_STAFF_ROUTE, type StaffAccess, type StaffRole } from "./staff";

/**
 * THE ONE ACCESS REGISTRY of the staff area (issue 23, decision 0047): every route module under
 * /admin by its Remix route id, the roles that may use it and, for the pages the staff navigation
 * links to, the link (its text, its group, its line on the dashboard). Both sides read it:
 *
 * - a route module exports `staffAccess = staffAccessOf("routes/admin.…")` and its loader and
 *   action pass it to `requireStaff` (tests/integration/admin-route-walk.test.ts walks them over
 *   HTTP; tests/integration/access-registry.test.ts checks each module's `staffAccess` is its
 *   entry's, also for modules that still write the list out);
 * - the staff navigation and the dashboard (`STAFF_LINKS` in navigation.ts) are the entries with
 *   a `nav`, in this order, with the entry's roles: a link cannot show to a role its page refuses.
 *
 * Client-safe: no server imports.
 */
export type StaffNavGroup = "inicio" | "ensenanza" | "contenido" | "finanzas" | "administracion";

export const STAFF_NAV_GROUP_LABELS: Record<StaffNavGroup, string> = {
  inicio: "Inicio",
  ensenanza: "Enseñanza",
  contenido: "Contenido del sitio",
  finanzas: "Finanzas",
  administracion: "Administración",
};

export interface StaffNavEntry {
  /** The page the link opens (this entry's route). */
  href: string;
  /** The link's text in the staff navigation. */
  label: string;
  /** The link's text on the dashboard when it differs (the seed's "Curso"). */
  dashboardLabel?: string;
  description: string;
  group: StaffNavGroup;
}

export interface StaffRouteEntry {
  roles: StaffAccess;
  nav?: StaffNavEntry;
}

const TEACHING = ["ensenanza"] as const;
const TEACHING_AND_FINANCE = ["ensenanza", "finanzas"] as const;
const CONTENT = ["comunicacion"] as const;
const FINANCE = ["finanzas"] as const;
const ADMIN = ["admin"] as const;

export const STAFF_ROUTES = {
  // The layout, the sign-in pages (open: they escape the layout with `admin_.`) and /admin itself.
  "routes/admin": { roles: ANY_STAFF },
  "routes/admin._index": { roles: ANY_STAFF },
  "routes/admin_.login": { roles: PUBLIC_STAFF_ROUTE },
  "routes/admin_.configurar": { roles: PUBLIC_STAFF_ROUTE },
  "routes/admin_.salir": { roles: PUBLIC_STAFF_ROUTE },

  // The pages the navigation links to, in the navigation's order.
  "routes/admin.dashboard": {
    roles: ANY_STAFF,
    nav: { href: "/admin/dashboard", label: "Inicio", description: "Resumen del día.", group: "inicio" },
  },
  "routes/admin.cursos._index": {
    roles: TEACHING_AND_FINANCE,
    nav: {
      href: "/admin/cursos",
      label: "Cursos",
      // The seed specification names the dashboard's links "Curso" and "Estudiantes".
      dashboardLabel: "Curso",
      description: "Crear, editar, abrir y cerrar cursos; inscripciones y exportaciones.",
      group: "ensenanza",
    },
  },
  "routes/admin.estudiantes._index": {
    roles: TEACHING,
    nav: {
      href: "/admin/estudiantes",
      label: "Estudiantes",
      description: "Participantes, sus documentos, inscripciones y pagos.",
      group: "ensenanza",
    },
  },
  "routes/admin.revision": {
    roles: TEACHING,
    nav: {
      href: "/admin/revision",
      label: "Documentos por revisar",
      description: "Los documentos que esperan revisión, primero los más antiguos.",
      group: "ensenanza",
    },
  },
  "routes/admin.contenido._index": {
    roles: CONTENT,
    nav: {
      href: "/admin/contenido",
      label: "Contenido",
      description: "Páginas del sitio: crear, editar, programar, historial y restaurar.",
      group: "contenido",
    },
  },
  "routes/admin.contenido.departamentos._index": {
    roles: CONTENT,
    nav: {
      href: "/admin/contenido/departamentos",
      label: "Páginas de direcciones",
      description: "Páginas de direcciones y departamentos: titular, textos, imágenes y personal.",
      group: "contenido",
    },
  },
  "routes/admin.contenido.investigacion._index": {
    roles: CONTENT,
    nav: {
      href: "/admin/contenido/investigacion",
      label: "Unidades de investigación",
      description: "Unidades y laboratorios de investigación: nombre, textos, líneas de investigación, responsable e imagen.",
      group: "contenido",
    },
  },
  "routes/admin.contenido.perfiles._index": {
    roles: CONTENT,
    nav: {
      href: "/admin/contenido/perfiles",
      label: "Perfiles de dirección",
      description: "Encabezado, textos e imágenes de las páginas de cada dirección (por ejemplo, /medica).",
      group: "contenido",
    },
  },
  "routes/admin.documentos._index": {
    roles: CONTENT,
    nav: {
      href: "/admin/documentos",
      label: "Documentos",
      description: "Transparencia, anuarios, adquisiciones, convocatorias y archivos: subir, ordenar, reemplazar y retirar.",
      group: "contenido",
    },
  },
  "routes/admin.hemerobiblioteca._index": {
    roles: CONTENT,
    nav: {
      href: "/admin/hemerobiblioteca",
      label: "Hemerobiblioteca",
      description: "Los ocho apartados de la Hemerobiblioteca.",
      group: "contenido",
    },
  },
  "routes/admin.banners._index": {
    roles: CONTENT,
    nav: {
      href: "/admin/banners",
      label: "Banners",
      description: "El carrusel de la página de inicio: agregar, ordenar, programar y ocultar.",
      group: "contenido",
    },
  },
  "routes/admin.galerias._index": {
    roles: CONTENT,
    nav: {
      href: "/admin/galerias",
      label: "Galerías",
      description: "Legado artístico, galería y Día del Niño: imágenes, pies de foto, orden y textos.",
      group: "contenido",
    },
  },
  "routes/admin.menus._index": {
    roles: CONTENT,
    nav: { href: "/admin/menus", label: "Menús", description: "Enlaces del menú principal y del pie de página.", group: "contenido" },
  },
  "routes/admin.direcciones._index": {
    roles: CONTENT,
    nav: {
      href: "/admin/direcciones",
      label: "Árbol de direcciones",
      description: "El árbol de direcciones: nombres, direcciones cortas, dependencia y orden.",
      group: "contenido",
    },
  },
  "routes/admin.ajustes": {
    roles: ADMIN,
    nav: {
      href: "/admin/ajustes",
      label: "Ajustes",
      description: "Nombre, domicilio, teléfono, correo, redes sociales y video de sesión.",
      group: "administracion",
    },
  },
  "routes/admin.pagos._index": {
    roles: FINANCE,
    nav: {
      href: "/admin/pagos",
      label: "Pagos",
      description: "Cada movimiento de dinero: pagos con tarjeta y fuera de línea, reembolsos y donativos; totales por día y por mes, y exportación.",
      group: "finanzas",
    },
  },
  "routes/admin.donativos._index": {
    roles: FINANCE,
    nav: {
      href: "/admin/donativos",
      label: "Donativos",
      description: "Donativos con tarjeta: filtros, detalle con sus archivos y exportación CSV o XLSX.",
      group: "finanzas",
    },
  },
  "routes/admin.conciliacion": {
    roles: FINANCE,
    nav: {
      href: "/admin/conciliacion",
      label: "Conciliación",
      description: "Reporte de Banorte (CSV o XLSX): revisar y aplicar; confirmar o rechazar los pagos en verificación.",
      group: "finanzas",
    },
  },
  "routes/admin.facturas._index": {
    roles: FINANCE,
    nav: {
      href: "/admin/facturas",
      label: "Facturas",
      description: "Solicitudes de factura (CFDI) de inscripciones y donativos: marcar como facturada con el folio.",
      group: "finanzas",
    },
  },
  "routes/admin.personal": {
    roles: ADMIN,
    nav: {
      href: "/admin/personal",
      label: "Personal",
      description: "Invitar personal, cambiar su función o darlo de baja.",
      group: "administracion",
    },
  },
  "routes/admin.bitacora": {
    roles: ADMIN,
    nav: { href: "/admin/bitacora", label: "Bitácora", description: "Quién cambió qué y cuándo.", group: "administracion" },
  },
  "routes/admin.sistema": {
    roles: ADMIN,
    nav: {
      href: "/admin/sistema",
      label: "Sistema",
      description: "Versión, espacio en disco, respaldos, correos fallidos, tareas automáticas y certificado.",
      group: "administracion",
    },
  },

  // Pages under those (no link of their own).
  "routes/admin.cursos.nuevo": { roles: TEACHING },
  "routes/admin.cursos.$courseId._index": { roles: TEACHING },
  "routes/admin.cursos.$courseId.exportar": { roles: TEACHING_AND_FINANCE },
  "routes/admin.cursos.$courseId.inscripciones": { roles: TEACHING_AND_FINANCE },
  // A course's completion (issue 25): attendance, evaluation, constancias.
  "routes/admin.cursos.$courseId.asistencia": { roles: TEACHING },
  "routes/admin.cursos.$courseId.asistencia_.exportar": { roles: TEACHING },
  "routes/admin.cursos.$courseId.evaluacion._index": { roles: TEACHING },
  "routes/admin.cursos.$courseId.evaluacion.exportar": { roles: TEACHING },
  "routes/admin.cursos.$courseId.evaluacion.resultados": { roles: TEACHING },
  "routes/admin.cursos.$courseId.constancias": { roles: TEACHING },
  "routes/admin.cursos.$courseId.lista-de-espera": { roles: TEACHING },
  "routes/admin.estudiantes.$participantId._index": { roles: TEACHING },
  "routes/admin.estudiantes.$participantId.documentos.$documentId": { roles: TEACHING },
  "routes/admin.pagos.$enrolmentId": { roles: TEACHING_AND_FINANCE },
  "routes/admin.pagos.comprobantes.$paymentId": { roles: TEACHING_AND_FINANCE },
  "routes/admin.pagos.exportar": { roles: FINANCE },
  "routes/admin.donativos.$donationId._index": { roles: FINANCE },
  "routes/admin.donativos.$donationId.archivos.$kind": { roles: FINANCE },
  "routes/admin.donativos.exportar": { roles: FINANCE },
  "routes/admin.facturas.$requestId.constancia": { roles: FINANCE },
  "routes/admin.sistema.respaldos.$archivo": { roles: ADMIN },
  "routes/admin.contenido.nueva": { roles: CONTENT },
  "routes/admin.contenido.$pageId": { roles: CONTENT },
  "routes/admin.contenido.($kind).$pageId_.historial": { roles: CONTENT },
  "routes/admin.contenido.($kind).$pageId_.publicacion": { roles: CONTENT },
  "routes/admin.contenido.departamentos.$pageId": { roles: CONTENT },
  "routes/admin.contenido.investigacion.$pageId": { roles: CONTENT },
  "routes/admin.contenido.investigacion.nueva": { roles: CONTENT },
  "routes/admin.contenido.perfiles.$pageId": { roles: CONTENT },
  "routes/admin.contenido.perfiles.nueva": { roles: CONTENT },
  "routes/admin.documentos.$collection": { roles: CONTENT },
  "routes/admin.documentos.$collection_.$itemId": { roles: CONTENT },
  "routes/admin.hemerobiblioteca.$panelId": { roles: CONTENT },
  "routes/admin.banners.nuevo": { roles: CONTENT },
  "routes/admin.banners.$bannerId": { roles: CONTENT },
  "routes/admin.galerias.$gallery._index": { roles: CONTENT },
  "routes/admin.galerias.$gallery.nueva": { roles: CONTENT },
  "routes/admin.galerias.$gallery.$itemId": { roles: CONTENT },
  "routes/admin.galerias.$gallery.textos": { roles: CONTENT },
  "routes/admin.menus.$linkId": { roles: CONTENT },
  "routes/admin.direcciones.nueva": { roles: CONTENT },
  "routes/admin.direcciones.$nodeId": { roles: CONTENT },
} as const satisfies Record<string, StaffRouteEntry>;

export type StaffRouteId = keyof typeof STAFF_ROUTES;

/** A route module's `staffAccess`: its entry's roles (typed as the entry writes them). */
export function staffAccessOf<Id extends StaffRouteId>(id: Id): (typeof STAFF_ROUTES)[Id]["roles"] {
  return STAFF_ROUTES[id].roles;
}

/** The linked entries in the navigation's order, each with the roles of the page it opens. */
export function staffNavEntries(): (StaffNavEntry & { roles: readonly StaffRole[] })[] {
  const entries: (StaffNavEntry & { roles: readonly StaffRole[] })[] = [];
  for (const entry of Object.values(STAFF_ROUTES) as StaffRouteEntry[]) {
    if (entry.nav && entry.roles !== PUBLIC_STAFF_ROUTE) entries.push({ ...entry.nav, roles: entry.roles });
  }
  return entries;
}
