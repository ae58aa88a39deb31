import { CHECKIN_METHOD_LABELS } from "~/completion/attendance";
import { DOCUMENT_KIND_LABELS, DOCUMENT_STATUS_LABELS } from "~/accounts/documents";
import { DIRECTION_LEVEL_LABELS } from "~/content/direction-levels";
import { DEPARTMENT_FIELD_LABELS, TIPO_DEPARTAMENTO_LABELS } from "~/content/department-forms";
import { MENU_TITLES } from "~/content/menus";
import { SNAPSHOT_FIELD_LABELS } from "~/content/page-forms";
import { PROFILE_FIELD_LABELS, RESEARCH_UNIT_FIELD_LABELS, RESEARCH_UNIT_KINDS } from "~/content/seeded-record-forms";
import { ENROLMENT_MODALITY_LABELS, MODALITY_LABELS } from "~/courses/modality";
import { ENROLMENT_STATUS_LABELS } from "~/enrolment/enrolment-labels";
import {
  DONATION_FILE_LABELS,
  DONATION_LIST_STATE_LABELS,
  INVOICE_PRESENCE_LABELS,
  LEDGER_PURPOSE_LABELS,
  LEDGER_STATUS_LABELS,
  VERIFICATION_LABELS,
} from "~/finance/finance-labels";
import { CARD_STATUS_LABELS, OFFLINE_METHOD_LABELS } from "./teaching/format";
import { STAFF_ROLE_LABELS } from "./staff";

/**
 * The one registry of the audit log's words (issue 21): every entity and action code that
 * `recordAudit` writes anywhere in app/, and every field name its before/after carry, in Spanish.
 * The Bitácora builds its sentences ("Ana Pérez (Comunicación) restauró la versión 1 de la página
 * «Daño Cero»"), its change lists and its filters from here. `tests/unit/audit-registry.test.ts`
 * reads the code base with the TypeScript checker and fails when a code or a field has no label
 * here, so a new one cannot reach the log unlabelled. Client-safe (no server imports).
 */

/** A row's before/after, parsed. */
export interface AuditChange {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditEntityInfo {
  /** The filter's words: what records of this kind are called, in the plural. */
  label: string;
  /** The record in a sentence, with its article: "la página", "el curso". */
  noun: string;
  /** The record's name follows the noun in «»; false for people ("invitó a Ana Pérez"). */
  quoted?: boolean;
  /** Field labels of this kind of record, over the shared ones. */
  fields?: Record<string, string>;
  /** Value labels of this kind of record's fields, over the shared ones. */
  values?: Record<string, Record<string, string>>;
  /** The record's words from the row itself when its table no longer has it (a payment → its enrolment). */
  unnamed?: (change: AuditChange) => string | null;
}

export interface AuditActionInfo {
  /** The kind of record it acts on (the filter groups the actions by it). */
  entity: string;
  /** The filter's words: "Restaurar una versión de una página". */
  label: string;
  /** What the person did, before the record: "editó", "restauró la versión 1 de". */
  verb: string | ((change: AuditChange) => string);
  /** Words after the record: " al carrusel", " (CSV, 120 filas)". */
  tail?: (change: AuditChange) => string;
  /** The record is the person who acted (their own set-up): the sentence does not name it again. */
  self?: boolean;
  /** Fields the sentence already says, left out of the list of changes. */
  said?: readonly string[];
}

/** A payment's or refund's record when the tables no longer say: the enrolment or donation the row names. */
const paidFor = ({ before, after }: AuditChange): string | null => {
  const enrolment = after?.enrolment_id ?? before?.enrolment_id;
  const donation = after?.donation_id ?? before?.donation_id;
  if (typeof enrolment === "number") return `la inscripción núm. ${enrolment}`;
  if (typeof donation === "number") return `el donativo núm. ${donation}`;
  return null;
};

const PAGE_STATUS_VALUES = { borrador: "Borrador", publicada: "Publicada", programada: "Programada" };

/** Every kind of record the log names. */
export const AUDIT_ENTITIES: Record<string, AuditEntityInfo> = {
  content_page: { label: "Páginas de información", noun: "la página", fields: SNAPSHOT_FIELD_LABELS, values: { status: PAGE_STATUS_VALUES } },
  department_page: {
    label: "Páginas de direcciones y departamentos",
    noun: "la página de dirección",
    fields: DEPARTMENT_FIELD_LABELS,
    values: { status: PAGE_STATUS_VALUES, tipo_departamento: TIPO_DEPARTAMENTO_LABELS },
  },
  research_unit: {
    label: "Unidades de investigación",
    noun: "la unidad de investigación",
    fields: RESEARCH_UNIT_FIELD_LABELS,
    values: { status: PAGE_STATUS_VALUES, unit_kind: RESEARCH_UNIT_KINDS },
  },
  profile_page: {
    label: "Perfiles de dirección",
    noun: "el perfil de dirección",
    fields: PROFILE_FIELD_LABELS,
    values: { status: PAGE_STATUS_VALUES },
  },
  banner: { label: "Banners del carrusel", noun: "el banner", fields: { heading: "Encabezado", link: "Enlace" } },
  gallery_image: { label: "Imágenes de las galerías", noun: "la imagen" },
  gallery: { label: "Textos de las galerías", noun: "la galería", fields: { description: "Descripción", intro: "Introducción" } },
  menu_link: { label: "Enlaces de los menús", noun: "el enlace", fields: { label: "Texto del enlace", href: "Destino", position: "Orden" } },
  direction_node: { label: "Áreas del organigrama", noun: "el área", fields: { href: "Dirección de su página", page: "Su página" } },
  document_collection: { label: "Colecciones de documentos", noun: "la colección" },
  document_group: { label: "Grupos de documentos", noun: "el grupo de documentos" },
  document_item: { label: "Documentos publicados", noun: "el documento", fields: { group: "Grupo" } },
  library_panel: { label: "Apartados de la Hemerobiblioteca", noun: "el apartado de la Hemerobiblioteca", fields: { label: "Nombre del apartado" } },
  site_settings: { label: "Ajustes del sitio", noun: "los ajustes del sitio" },
  backup: {
    label: "Respaldos de la base de datos",
    noun: "el respaldo",
    fields: { ok: "Revisión de integridad", error: "Error", size: "Tamaño en bytes" },
    values: { ok: { true: "Correcta", false: "Falló" } },
  },
  mail_delivery: {
    label: "Correos enviados por el sitio",
    noun: "el correo",
    fields: { subject: "Asunto" },
    values: { status: { en_espera: "En espera", enviado: "Enviado", fallido: "Fallido" } },
  },
  staff_member: {
    label: "Personal",
    noun: "la persona del personal",
    quoted: false,
    values: { status: { invitada: "Invitada", activa: "Activa", inactiva: "Dada de baja" } },
  },
  course: {
    label: "Cursos",
    noun: "el curso",
    fields: {
      rows: "Filas exportadas",
      hours: "Horas",
      required_attendance_percent: "Asistencia requerida (%)",
      signatories: "Firmantes",
      closed: "Lista de espera cerrada",
      offerHours: "Horas que se aparta el lugar ofrecido",
    },
  },
  waitlist_entry: {
    label: "Listas de espera",
    noun: "el lugar en la lista de espera",
    fields: { courseId: "Curso", position: "Lugar en la fila", reason: "Motivo" },
  },
  constancia: {
    label: "Constancias",
    noun: "la constancia",
    fields: {
      folio: "Folio",
      kind: "Tipo",
      grade: "Calificación",
      participant_name: "Nombre en la constancia",
      revoked_at: "Revocada el",
      revocation_reason: "Motivo de la revocación",
      replaced_by_folio: "Reemplazada por el folio",
    },
    values: { kind: { asistencia: "De asistencia", acreditacion: "De acreditación" } },
  },
  enrolment: {
    label: "Inscripciones",
    noun: "la inscripción",
    fields: { course_day: "Día del curso", method: "Forma de registro", checked_in_at: "Hora de registro", removed_at: "Retirado el" },
    values: { status: ENROLMENT_STATUS_LABELS, method: CHECKIN_METHOD_LABELS },
  },
  offline_payment: { label: "Pagos fuera de línea", noun: "el pago fuera de línea", unnamed: paidFor },
  payment_attempt: { label: "Pagos con tarjeta", noun: "el pago con tarjeta", values: { status: CARD_STATUS_LABELS }, unnamed: paidFor },
  refund: { label: "Reembolsos", noun: "el reembolso", unnamed: paidFor },
  participant_document: { label: "Documentos de participantes", noun: "el documento del participante", values: { status: DOCUMENT_STATUS_LABELS } },
  donation: { label: "Donativos", noun: "el donativo", values: { status: DONATION_LIST_STATE_LABELS } },
  invoice_request: { label: "Solicitudes de factura", noun: "la solicitud de factura" },
  ledger: { label: "Libro de pagos", noun: "el libro de pagos", values: { status: LEDGER_STATUS_LABELS } },
  payment_report_upload: { label: "Reportes del banco revisados", noun: "el reporte del banco" },
  payment_report: { label: "Conciliaciones aplicadas", noun: "el reporte del banco" },
};

// ---------------------------------------------------------------- the sentence's pieces

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : typeof value === "number" ? String(value) : null);
const count = (value: unknown): string | null => (typeof value === "number" ? value.toLocaleString("es-MX") : null);
const money = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN" });
/** "$1,200.00" from centavos, or null. */
export function formatCentavos(value: unknown): string | null {
  return typeof value === "number" && Number.isFinite(value) ? money.format(value / 100) : null;
}

/** " (versión 5)" when the row keeps the revision it wrote. */
const version = ({ after }: AuditChange) => (typeof after?.revision === "number" ? ` (versión ${after.revision})` : "");
/** "restauró la versión 1 de" */
const restored = ({ after }: AuditChange) =>
  typeof after?.restoredFrom === "number" ? `restauró la versión ${after.restoredFrom} de` : "restauró una versión anterior de";
/** " (XLSX, 120 filas)" for an export. */
const exported = ({ after }: AuditChange) => {
  const format = text(after?.format)?.toUpperCase();
  const rows = count(after?.rows);
  const parts = [format, rows === null ? null : `${rows} ${after?.rows === 1 ? "fila" : "filas"}`].filter(Boolean);
  return parts.length ? ` (${parts.join(", ")})` : "";
};
/** " (día 2027-04-05)" for an attendance change. */
const attendanceDay = ({ after, before }: AuditChange) => {
  const day = text(after?.course_day) ?? text(before?.course_day);
  return day ? ` (día ${day})` : "";
};
const moved = ({ after }: AuditChange) =>
  after?.direction === "subir" ? " un lugar hacia arriba" : after?.direction === "bajar" ? " un lugar hacia abajo" : " de lugar";
/** "de" + "el curso" → "del curso", "a" + "el menú" → "al menú" (Spanish contractions). */
export function withPreposition(preposition: "a" | "de", phrase: string): string {
  return phrase.startsWith("el ") ? `${preposition === "a" ? "al" : "del"} ${phrase.slice(3)}` : `${preposition} ${phrase}`;
}
const MENU_PLACES: Record<string, string> = {
  anonimo: "el menú principal de los visitantes sin sesión",
  sesion: "el menú principal de los participantes con sesión",
  pie: "el pie de página",
};
const menuOf = (change: AuditChange) => {
  const menu = text(change.after?.menu) ?? text(change.before?.menu);
  return menu && Object.hasOwn(MENU_PLACES, menu) ? MENU_PLACES[menu]! : "su menú";
};

const REVISED = ["restoredFrom", "revision"] as const;
const EXPORT = ["format", "rows"] as const;
const MOVE = ["direction", "order"] as const;
/** A course's own id and timestamps: the sentence names the course and says when. */
const COURSE_ROW = ["course_id", "created_at", "updated_at"] as const;

/** The four kinds of page with revisions share their actions (record-editor.server.ts, scheduled-publication.server.ts). */
function revisedRecordActions(entity: string, prefix: string, things: string): Record<string, AuditActionInfo> {
  return {
    [`${prefix}.create`]: { entity, label: `Crear ${things}`, verb: "creó", tail: version, said: REVISED },
    [`${prefix}.update`]: { entity, label: `Editar ${things}`, verb: "editó", tail: version, said: REVISED },
    [`${prefix}.restore`]: { entity, label: `Restaurar una versión de ${things}`, verb: restored, tail: version, said: REVISED },
    [`${prefix}.publish_scheduled`]: {
      entity,
      label: `Publicación programada de ${things}`,
      verb: "publicó, a la hora programada,",
      said: ["status"],
    },
    // Pending revisions of a published record (decision 0033): the live version stays public.
    [`${prefix}.save_pending`]: {
      entity,
      label: `Guardar cambios pendientes de ${things}`,
      verb: "guardó cambios pendientes, sin tocar la versión publicada, de",
      tail: version,
      said: REVISED,
    },
    [`${prefix}.discard_pending`]: { entity, label: `Descartar los cambios pendientes de ${things}`, verb: "descartó los cambios pendientes de" },
    [`${prefix}.unpublish`]: { entity, label: `Retirar de la publicación ${things}`, verb: "retiró de la publicación", said: ["status"] },
  };
}

/** Every action the log records. */
export const AUDIT_ACTIONS: Record<string, AuditActionInfo> = {
  ...revisedRecordActions("content_page", "page", "una página"),
  ...revisedRecordActions("department_page", "department_page", "una página de dirección"),
  ...revisedRecordActions("research_unit", "research_unit", "una unidad de investigación"),
  ...revisedRecordActions("profile_page", "profile_page", "un perfil de dirección"),

  "banner.create": { entity: "banner", label: "Agregar un banner", verb: "agregó", tail: () => " al carrusel" },
  "banner.update": { entity: "banner", label: "Editar un banner", verb: "editó" },
  "banner.show": { entity: "banner", label: "Mostrar un banner", verb: "volvió a mostrar", said: ["visible"] },
  "banner.hide": { entity: "banner", label: "Ocultar un banner", verb: "ocultó", said: ["visible"] },
  "banner.move": { entity: "banner", label: "Cambiar de lugar un banner", verb: "cambió de lugar", tail: () => " en el carrusel" },

  "gallery_image.create": { entity: "gallery_image", label: "Agregar una imagen a una galería", verb: "agregó", tail: () => " a su galería" },
  "gallery_image.update": { entity: "gallery_image", label: "Editar una imagen de una galería", verb: "editó" },
  "gallery_image.show": { entity: "gallery_image", label: "Mostrar una imagen de una galería", verb: "volvió a mostrar", said: ["visible"] },
  "gallery_image.hide": { entity: "gallery_image", label: "Ocultar una imagen de una galería", verb: "ocultó", said: ["visible"] },
  "gallery_image.move": { entity: "gallery_image", label: "Cambiar de lugar una imagen", verb: "cambió de lugar", tail: () => " en su galería" },
  "gallery.update": { entity: "gallery", label: "Editar los textos de una galería", verb: "editó los textos de" },

  "menu_link.create": {
    entity: "menu_link",
    label: "Agregar un enlace a un menú",
    verb: "agregó",
    tail: (change) => ` ${withPreposition("a", menuOf(change))}`,
    said: ["menu"],
  },
  "menu_link.update": { entity: "menu_link", label: "Editar un enlace de un menú", verb: "editó" },
  "menu_link.delete": {
    entity: "menu_link",
    label: "Quitar un enlace de un menú",
    verb: "quitó",
    tail: (change) => ` ${withPreposition("de", menuOf(change))}`,
    said: ["menu"],
  },

  "direction_node.create": { entity: "direction_node", label: "Agregar un área", verb: "agregó" },
  "direction_node.update": { entity: "direction_node", label: "Editar un área", verb: "editó" },
  "direction_node.delete": { entity: "direction_node", label: "Borrar un área", verb: "borró", said: ["deleted"] },

  "document_collection.intro": { entity: "document_collection", label: "Editar la introducción de una colección", verb: "editó la introducción de" },
  "document_group.create": { entity: "document_group", label: "Agregar un grupo de documentos", verb: "agregó" },
  "document_group.rename": { entity: "document_group", label: "Cambiar el nombre de un grupo de documentos", verb: "cambió el nombre de" },
  "document_group.delete": { entity: "document_group", label: "Borrar un grupo de documentos", verb: "borró", said: ["deleted"] },
  "document_group.move": { entity: "document_group", label: "Cambiar de lugar un grupo de documentos", verb: "movió", tail: moved, said: MOVE },
  "document.upload": { entity: "document_item", label: "Subir un documento", verb: "subió" },
  "document.rename": { entity: "document_item", label: "Cambiar el nombre de un documento", verb: "cambió el nombre de" },
  "document.replace_file": { entity: "document_item", label: "Reemplazar el archivo de un documento", verb: "reemplazó el archivo de" },
  "document.remove": { entity: "document_item", label: "Retirar un documento", verb: "retiró" },
  "document.restore": { entity: "document_item", label: "Volver a publicar un documento", verb: "volvió a publicar" },
  "document.move": { entity: "document_item", label: "Cambiar de lugar un documento", verb: "movió", tail: moved, said: MOVE },

  "library_panel.update": { entity: "library_panel", label: "Editar un apartado de la Hemerobiblioteca", verb: "editó" },
  // Restorable history of the records without publication states (issue 23, decision 0048).
  "banner.restore": { entity: "banner", label: "Restaurar una versión de un banner", verb: restored, tail: version, said: REVISED },
  "gallery_image.restore": { entity: "gallery_image", label: "Restaurar una versión de una imagen", verb: restored, tail: version, said: REVISED },
  "menu_link.restore": { entity: "menu_link", label: "Restaurar una versión de un enlace de un menú", verb: restored, tail: version, said: REVISED },
  "library_panel.restore": {
    entity: "library_panel",
    label: "Restaurar una versión de un apartado de la Hemerobiblioteca",
    verb: restored,
    tail: version,
    said: REVISED,
  },
  "document_collection.restore": {
    entity: "document_collection",
    label: "Restaurar una versión de la introducción de una colección",
    verb: "restauró una versión anterior de la introducción de",
    tail: version,
    said: REVISED,
  },
  "settings.update": { entity: "site_settings", label: "Cambiar los ajustes del sitio", verb: "cambió" },
  "backup.create": { entity: "backup", label: "Respaldar la base de datos", verb: "respaldó la base de datos en" },
  "backup.download": { entity: "backup", label: "Descargar un respaldo", verb: "descargó" },
  "mail.retry": { entity: "mail_delivery", label: "Reintentar un correo que falló", verb: "reintentó el envío de" },

  "staff.invite": { entity: "staff_member", label: "Invitar a una persona al personal", verb: "invitó a", tail: () => " al área del personal" },
  "staff.setup": {
    entity: "staff_member",
    label: "Configurar el acceso propio",
    verb: "configuró su acceso al área del personal (contraseña y segundo paso)",
    self: true,
    said: ["password", "totp"],
  },
  "staff.setup_link": { entity: "staff_member", label: "Enviar un nuevo enlace de configuración", verb: "envió un nuevo enlace de configuración a" },
  "staff.role_change": { entity: "staff_member", label: "Cambiar la función de una persona", verb: "cambió la función de" },
  "staff.deactivate": { entity: "staff_member", label: "Dar de baja a una persona", verb: "dio de baja a" },

  "curso.crear": { entity: "course", label: "Crear un curso", verb: "creó", said: COURSE_ROW },
  "curso.editar": { entity: "course", label: "Editar un curso", verb: "editó", said: COURSE_ROW },
  "curso.abrir": { entity: "course", label: "Abrir las inscripciones de un curso", verb: "abrió las inscripciones de", said: ["course_able"] },
  "curso.cerrar": { entity: "course", label: "Cerrar las inscripciones de un curso", verb: "cerró las inscripciones de", said: ["course_able"] },
  "curso.archivar": { entity: "course", label: "Archivar un curso", verb: "archivó", said: COURSE_ROW },
  "curso.eliminar": { entity: "course", label: "Eliminar un curso", verb: "eliminó", said: COURSE_ROW },
  "lista_espera.reordenar": { entity: "waitlist_entry", label: "Mover a alguien en una lista de espera", verb: "movió" },
  "lista_espera.ajustes": { entity: "course", label: "Ajustar la lista de espera de un curso", verb: "ajustó la lista de espera de" },
  "asistencia.exportar": {
    entity: "course",
    label: "Exportar la lista de asistencia",
    verb: "exportó la lista de asistencia de",
    tail: exported,
    said: EXPORT,
  },
  // The knowledge evaluation (issue 25, app/completion/evaluation-builder.server.ts).
  "evaluacion.configurar": { entity: "course", label: "Configurar la evaluación de un curso", verb: "configuró la evaluación de" },
  "evaluacion.agregar_pregunta": { entity: "course", label: "Agregar una pregunta a la evaluación", verb: "agregó una pregunta a la evaluación de" },
  "evaluacion.quitar_pregunta": { entity: "course", label: "Quitar una pregunta de la evaluación", verb: "quitó una pregunta de la evaluación de" },
  "evaluacion.exportar": {
    entity: "course",
    label: "Exportar los resultados de la evaluación",
    verb: "exportó los resultados de la evaluación y la encuesta de",
    tail: exported,
    said: EXPORT,
  },

  "curso.ajustar_constancias": {
    entity: "course",
    label: "Ajustar las constancias de un curso",
    verb: "ajustó las horas, la asistencia requerida y los firmantes de las constancias de",
  },
  "constancia.emitir": { entity: "constancia", label: "Emitir una constancia", verb: "emitió", said: ["folio"] },
  "constancia.revocar": { entity: "constancia", label: "Revocar una constancia", verb: "revocó" },
  "constancia.reemitir": { entity: "constancia", label: "Reemitir una constancia tras corregir el nombre", verb: "reemitió" },
  "asistencia.exportar_dias": {
    entity: "course",
    label: "Exportar la asistencia por día",
    verb: "exportó la asistencia por día de",
    tail: exported,
    said: EXPORT,
  },
  "asistencia.registrar": { entity: "enrolment", label: "Registrar la entrada a un curso", verb: "registró la entrada de", tail: attendanceDay },
  "asistencia.marcar": { entity: "enrolment", label: "Marcar la asistencia a mano", verb: "marcó a mano la asistencia de", tail: attendanceDay },
  "asistencia.retirar": {
    entity: "enrolment",
    label: "Retirar un registro de asistencia",
    verb: "retiró el registro de asistencia de",
    tail: attendanceDay,
  },

  "inscripcion.manual": { entity: "enrolment", label: "Inscribir a mano", verb: "registró a mano" },
  "inscripcion.inscribir_con_pago_fuera_de_linea": {
    entity: "enrolment",
    label: "Inscribir con pago fuera de línea",
    verb: "registró, con pago fuera de línea,",
  },
  "inscripcion.confirmar_por_revision": {
    entity: "enrolment",
    label: "Confirmar una inscripción al aprobar sus documentos",
    verb: "confirmó",
    tail: () => " al aprobar sus documentos",
  },
  "inscripcion.confirmar_por_pago": {
    entity: "enrolment",
    label: "Confirmar una inscripción por un pago fuera de línea",
    verb: "confirmó",
    tail: () => " con un pago fuera de línea",
  },
  "inscripcion.cancelar_sin_cupo": {
    entity: "enrolment",
    label: "Cancelar una inscripción sin cupo",
    verb: "canceló",
    tail: () => " por falta de cupo (el pago queda por reembolsar)",
  },

  "pago.registrar_fuera_de_linea": {
    entity: "offline_payment",
    label: "Registrar un pago fuera de línea",
    verb: ({ after }) =>
      `registró un pago fuera de línea${formatCentavos(after?.amount_centavos) ? ` de ${formatCentavos(after?.amount_centavos)}` : ""} para`,
    said: ["amount_centavos", "enrolment_id"],
  },
  "pago.confirmar_manual": {
    entity: "payment_attempt",
    label: "Confirmar a mano un pago con tarjeta",
    verb: "confirmó a mano el pago con tarjeta de",
  },
  "pago.rechazar": { entity: "payment_attempt", label: "Rechazar un pago con tarjeta", verb: "rechazó el pago con tarjeta de" },
  "pago.reembolsar": {
    entity: "refund",
    label: "Registrar un reembolso",
    verb: ({ after }) => `registró un reembolso${formatCentavos(after?.amount_centavos) ? ` de ${formatCentavos(after?.amount_centavos)}` : ""} para`,
    said: ["amount_centavos", "enrolment_id", "donation_id"],
  },
  "pago.conciliacion.revisar": { entity: "payment_report_upload", label: "Revisar un reporte del banco", verb: "subió para revisar" },
  "pago.conciliar": { entity: "payment_report", label: "Aplicar una conciliación", verb: "aplicó la conciliación de", said: ["actor", "file_name"] },
  "pagos.exportar": { entity: "ledger", label: "Exportar el libro de pagos", verb: "exportó", tail: exported, said: EXPORT },

  "documento.ver": { entity: "participant_document", label: "Abrir el documento de un participante", verb: "abrió" },
  "documento.aprobar": { entity: "participant_document", label: "Aprobar el documento de un participante", verb: "aprobó" },
  "documento.rechazar": { entity: "participant_document", label: "Rechazar el documento de un participante", verb: "rechazó" },

  "donativos.exportar": { entity: "donation", label: "Exportar la lista de donativos", verb: "exportó", tail: exported, said: EXPORT },
  "donativo.archivo.ver": {
    entity: "donation",
    label: "Abrir un archivo de un donativo",
    verb: ({ after }) => {
      const kind = text(after?.archivo);
      return kind && kind in DONATION_FILE_LABELS
        ? `abrió la ${DONATION_FILE_LABELS[kind as keyof typeof DONATION_FILE_LABELS].toLowerCase()} de`
        : "abrió un archivo de";
    },
    said: ["archivo"],
  },
  "factura.marcar": {
    entity: "invoice_request",
    label: "Marcar una solicitud como facturada",
    verb: "marcó como facturada",
    tail: ({ after }) => (text(after?.cfdi_folio) ? ` con el folio ${text(after?.cfdi_folio)}` : ""),
  },
  "factura.constancia.ver": {
    entity: "invoice_request",
    label: "Abrir la constancia fiscal de una solicitud",
    verb: "abrió la constancia fiscal de",
  },
};

// ---------------------------------------------------------------- fields and values

/** Field names shared by every kind of record (a kind's own labels take precedence). */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  // Pages and records with revisions.
  ...SNAPSHOT_FIELD_LABELS,
  restoredFrom: "Versión restaurada",
  revision: "Versión",
  pendingRevision: "Versión pendiente",
  replacedPending: "Versión pendiente reemplazada",
  droppedPending: "Versión pendiente descartada",
  scheduledRevision: "Versión programada",
  // Banners and galleries.
  altText: "Texto alternativo",
  author: "Autor",
  caption: "Pie de foto",
  gallery: "Galería",
  heading: "Encabezado",
  imageFileId: "Imagen",
  link: "Enlace",
  order: "Orden",
  visible: "Visible",
  visibleFrom: "Visible desde",
  visibleUntil: "Visible hasta",
  description: "Descripción",
  intro: "Introducción",
  // Menus, directions, documents, library.
  menu: "Menú",
  label: "Nombre",
  href: "Dirección",
  position: "Posición",
  name: "Nombre",
  slug: "Nombre en la dirección",
  level: "Nivel",
  parentId: "Área superior",
  pageId: "Página",
  page: "Página",
  redirect: "Redirección",
  deleted: "Borrado",
  collection: "Colección",
  group: "Grupo",
  place: "Lugar",
  fileId: "Archivo",
  contentType: "Tipo de archivo",
  bytes: "Tamaño",
  formerAddress: "Dirección anterior del archivo",
  removedAt: "Retirado el",
  direction: "Movimiento",
  from: "Desde",
  to: "Hasta",
  // Staff.
  email: "Correo electrónico",
  role: "Función",
  password: "Contraseña",
  totp: "Segundo paso",
  // Courses (columns of `courses`).
  course_name: "Nombre del curso",
  course_summary: "Resumen",
  course_content: "Contenido",
  course_start_date: "Fecha de inicio",
  course_finish_date: "Fecha de término",
  course_price: "Precio (externos)",
  course_student_price: "Precio (estudiantes)",
  course_employee_price: "Precio (personal del HIMFG)",
  course_max_range: "Cupo",
  capacity_wording: "Cupo expresado en",
  course_able: "Inscripciones abiertas",
  course_url: "Dirección del curso",
  course_image_file_id: "Imagen",
  course_pdf_file_id: "Programa (PDF)",
  course_password: "Contraseña del curso",
  course_id: "Curso",
  modality_id: "Modalidad",
  month_id: "Mes",
  online_access_url: "Enlace de acceso en línea",
  venue: "Sede",
  archived_at: "Archivado el",
  created_at: "Creado el",
  updated_at: "Actualizado el",
  format: "Formato",
  rows: "Filas",
  filters: "Filtros",
  // Enrolments, payments, refunds, documents, donations, invoices.
  participant_id: "Participante",
  enrolment_id: "Inscripción",
  donation_id: "Donativo",
  modality: "Modalidad",
  reason: "Motivo",
  amount_centavos: "Importe",
  price_centavos: "Precio",
  paid_centavos: "Importe pagado",
  below_price_reason: "Motivo del importe menor al precio",
  method: "Forma de pago",
  paid_on: "Pagado el",
  reference: "Referencia",
  receipt_file_id: "Comprobante",
  offline_intent_at: "Eligió pagar fuera de línea el",
  refund_reason: "Motivo del reembolso pendiente",
  refund: "Reembolso",
  refunded: "Reembolsado",
  source: "Origen del pago",
  enrolment_status: "Estado de la inscripción",
  donation_status: "Estado del donativo",
  status: "Estado",
  verification: "Verificación",
  referencia: "Referencia del banco",
  codigo_aut: "Código de autorización",
  confirmed_by: "Confirmado por",
  purpose: "Concepto",
  kind: "Documento",
  rejection_reason: "Motivo del rechazo",
  archivo: "Archivo",
  cfdi_folio: "Folio del CFDI",
  invoiced_at: "Facturada el",
  invoiced_by: "Facturada por",
  invoice: "Factura",
  course: "Curso",
  // Reconciliation.
  actor: "Quién",
  file_name: "Archivo",
  file_id: "Archivo guardado",
  sha256: "Huella SHA-256",
  columns: "Columnas",
  period: "Periodo",
  counts: "Cuentas",
  matched: "Coinciden",
  mismatched: "Otro importe",
  unknown: "Desconocidos",
  missing_from_bank: "Ausentes del reporte",
  missingFromBank: "Ausentes del reporte",
  declined: "Declinados",
  settled_without_charge: "Cerrados sin cargo",
  settledWithoutCharge: "Cerrados sin cargo",
  unchanged: "Sin cambios",
  changed: "Cambiados",
  id: "Número",
  // Site settings (app/settings/settings.ts, EDITABLE_SETTINGS).
  institutionName: "Nombre de la institución",
  institutionAcronym: "Siglas",
  addressStreet: "Calle y número",
  addressNeighbourhood: "Colonia",
  addressBorough: "Alcaldía o municipio",
  addressCity: "Ciudad",
  addressPostalCode: "Código postal",
  phone: "Teléfono",
  socialLinks: "Redes sociales",
  url: "Dirección",
  donationBankName: "Banco (donativos)",
  donationAccountHolder: "Titular de la cuenta (donativos)",
  donationClabe: "CLABE (donativos)",
  courseBankName: "Banco (cursos)",
  courseAccountHolder: "Titular de la cuenta (cursos)",
  courseClabe: "CLABE (cursos)",
  teachingPhone: "Teléfono de la Dirección de Enseñanza",
  teachingEmail: "Correo de la Dirección de Enseñanza",
  transparencyPlatformUrl: "Plataforma Nacional de Transparencia",
  sessionVideoEmbedUrl: "Video de la sesión clínico patológica",
  // The knowledge evaluation (issue 25).
  passing_grade: "Calificación aprobatoria",
  attempts_allowed: "Intentos permitidos",
  opens_at: "Abre el",
  closes_at: "Cierra el",
  question_id: "Pregunta núm.",
  prompt: "Pregunta",
  options: "Opciones",
  correct_option: "Opción correcta",
};

/** Values shown in words, by field (a kind's own `values` take precedence). */
export const AUDIT_VALUE_LABELS: Record<string, Record<string, string>> = {
  role: STAFF_ROLE_LABELS,
  modality: ENROLMENT_MODALITY_LABELS,
  modality_id: MODALITY_LABELS as Record<string, string>,
  method: OFFLINE_METHOD_LABELS,
  kind: DOCUMENT_KIND_LABELS,
  verification: VERIFICATION_LABELS,
  purpose: LEDGER_PURPOSE_LABELS,
  menu: MENU_TITLES,
  level: DIRECTION_LEVEL_LABELS,
  archivo: DONATION_FILE_LABELS,
  invoice: INVOICE_PRESENCE_LABELS,
  enrolment_status: ENROLMENT_STATUS_LABELS,
  donation_status: DONATION_LIST_STATE_LABELS,
  direction: { subir: "Un lugar hacia arriba", bajar: "Un lugar hacia abajo" },
  capacity_wording: { plazas: "plazas", personas: "personas" },
  format: { csv: "CSV", xlsx: "XLSX" },
  source: { tarjeta: "Pago con tarjeta", fuera_de_linea: "Pago fuera de línea" },
};

/** Amounts kept in centavos. */
export const AUDIT_CENTAVOS_FIELDS: ReadonlySet<string> = new Set([
  "amount_centavos",
  "price_centavos",
  "paid_centavos",
  "course_price",
  "course_student_price",
  "course_employee_price",
]);

/** Stored file ids (shown as "archivo 1a2b3c4d…", never as a link: some are private). */
export const AUDIT_FILE_FIELDS: ReadonlySet<string> = new Set([
  "imageFileId",
  "fileId",
  "file_id",
  "receipt_file_id",
  "course_image_file_id",
  "course_pdf_file_id",
  "image",
  "page_titular_photo",
  "page_first_image",
  "page_second_image",
  "page_banner_image",
  "banner_image_responsive",
]);

/** Keys whose values are never shown, whatever a caller put in the row: passwords, secrets, tokens, hashes. */
export const SENSITIVE_FIELD = /pass(word|phrase)|secret|token|hash|totp|clave_acceso/i;

/** "course_start_date" → "Course start date", "publishAt" → "Publish at": an unknown field still reads. */
export function readableKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

export function entityInfo(entity: string): AuditEntityInfo | undefined {
  return Object.hasOwn(AUDIT_ENTITIES, entity) ? AUDIT_ENTITIES[entity] : undefined;
}

export function actionInfo(action: string): AuditActionInfo | undefined {
  return Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action] : undefined;
}

/** A field's label for a kind of record: the kind's own, the shared one, or the key made readable. */
export function fieldLabel(entity: string, field: string): string {
  const own = entityInfo(entity)?.fields;
  if (own && Object.hasOwn(own, field)) return own[field]!;
  if (Object.hasOwn(AUDIT_FIELD_LABELS, field)) return AUDIT_FIELD_LABELS[field]!;
  return readableKey(field);
}

/** True when the field has a label of its own (the registry test's question). */
export function hasFieldLabel(entity: string, field: string): boolean {
  const own = entityInfo(entity)?.fields;
  return Boolean((own && Object.hasOwn(own, field)) || Object.hasOwn(AUDIT_FIELD_LABELS, field));
}

/** A value's words for a field of a kind of record, when it has some. */
export function valueLabel(entity: string, field: string, value: string): string | undefined {
  const own = entityInfo(entity)?.values?.[field];
  if (own && Object.hasOwn(own, value)) return own[value];
  const shared = Object.hasOwn(AUDIT_VALUE_LABELS, field) ? AUDIT_VALUE_LABELS[field] : undefined;
  return shared && Object.hasOwn(shared, value) ? shared[value] : undefined;
}

/** The filter's choices: kinds of record by their words, and each kind's actions. */
export function auditFilterChoices() {
  const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, "es");
  const entities = Object.entries(AUDIT_ENTITIES)
    .map(([value, info]) => ({ value, label: info.label }))
    .sort(byLabel);
  const actionGroups = entities.map((entity) => ({
    label: entity.label,
    options: Object.entries(AUDIT_ACTIONS)
      .filter(([, info]) => info.entity === entity.value)
      .map(([value, info]) => ({ value, label: info.label })),
  }));
  return { entities, actionGroups: actionGroups.filter((group) => group.options.length > 0) };
}
