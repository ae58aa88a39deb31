import { Link } from "@remix-run/react";

/** The history screen's segment of each record kind without publication states (issue 23). */
export type HistorySegment = "banners" | "galerias" | "menus" | "hemerobiblioteca" | "documentos";

/** The history address of a record: /admin/contenido/{segment}/{key}/historial. */
export function historyHref(segment: HistorySegment, key: number | string): string {
  return `/admin/contenido/${segment}/${key}/historial`;
}

/** The editor's link to the record's history (who changed what, and «Restaurar»). */
export function HistoryLink({ segment, recordKey, children }: { segment: HistorySegment; recordKey: number | string; children: React.ReactNode }) {
  return (
    <p>
      <Link to={historyHref(segment, recordKey)}>{children}</Link>
    </p>
  );
}
