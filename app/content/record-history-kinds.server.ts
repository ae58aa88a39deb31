import type { HistoryRecordKind } from "./record-history.server";

/**
 * The definitions of the records whose history the one history screen shows beside the pages'
 * (issue 23): what a version keeps, how the screen names each field, where the editor is. The
 * labels are the editors' own field labels.
 */
const text = (value: unknown) => (typeof value === "string" ? value : "");

export const BANNER_HISTORY: HistoryRecordKind = {
  entity: "banner",
  table: "banners",
  keyColumn: "id",
  labels: {
    image_file_id: "Imagen",
    alt_text: "Texto alternativo",
    title: "Encabezado",
    link_url: "Enlace",
    visible_from: "Visible desde",
    visible_until: "Visible hasta",
  },
  byLine: [],
  auditEntity: "banner",
  title: (row) => text(row.title) || text(row.alt_text),
  editHref: (row) => `/admin/banners/${String(row.id)}`,
  stampColumn: "updated_at",
};

export const GALLERY_IMAGE_HISTORY: HistoryRecordKind = {
  entity: "gallery_image",
  table: "gallery_items",
  keyColumn: "id",
  labels: { image_file_id: "Imagen", title: "Título", author: "Autor", caption: "Pie de foto", alt_text: "Texto alternativo" },
  alsoKept: ["width", "height"],
  byLine: [],
  auditEntity: "gallery_image",
  title: (row) => text(row.title),
  editHref: (row) => `/admin/galerias/${text(row.gallery)}/${String(row.id)}`,
  extraColumns: ["gallery"],
};

export const MENU_LINK_HISTORY: HistoryRecordKind = {
  entity: "menu_link",
  table: "menu_links",
  keyColumn: "id",
  labels: { label: "Etiqueta", href: "Destino", position: "Orden" },
  byLine: [],
  auditEntity: "menu_link",
  title: (row) => text(row.label),
  editHref: (row) => `/admin/menus/${String(row.id)}`,
  stampColumn: "updated_at",
};

export const LIBRARY_PANEL_HISTORY: HistoryRecordKind = {
  entity: "library_panel",
  table: "library_panels",
  keyColumn: "id",
  labels: { label: "Nombre del apartado", body: "Contenido" },
  byLine: ["body"],
  auditEntity: "library_panel",
  title: (row) => text(row.label),
  editHref: (row) => `/admin/hemerobiblioteca/${text(row.id)}`,
  stampColumn: "updated_at",
};

export const COLLECTION_INTRO_HISTORY: HistoryRecordKind = {
  entity: "collection_intro",
  table: "document_collections",
  keyColumn: "key",
  labels: { intro: "Introducción" },
  byLine: ["intro"],
  auditEntity: "document_collection",
  title: (row) => text(row.title),
  editHref: (row) => `/admin/documentos/${text(row.key)}`,
  extraColumns: ["title"],
};
