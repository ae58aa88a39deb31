/**
 * The Hemerobiblioteca's eight panels: their ids (the ?panel= values) in page order. Their labels
 * and texts live in the database (library_panels, migration 0022) and are edited by the
 * communications office at /admin/hemerobiblioteca.
 */
export const LIBRARY_PANEL_IDS = ["reglamento", "servicios", "colecciones", "catalogo", "revistas", "bases-de-datos", "ligas", "contacto"] as const;

export type LibraryPanelId = (typeof LIBRARY_PANEL_IDS)[number];

export function isLibraryPanel(value: string | null | undefined): value is LibraryPanelId {
  return (LIBRARY_PANEL_IDS as readonly string[]).includes(value ?? "");
}
