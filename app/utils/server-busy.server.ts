import { simplePage } from "./simple-page.server";

/** How long an overloaded server asks a browser to wait before trying again (Retry-After). */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * 503 with Retry-After: the server is too busy to answer this request in time (decision 0031).
 * `refusedUnread`: a form post refused before any of its work (nothing was saved, so say so);
 * otherwise a page whose render missed its deadline (actions that write answer 303 before any
 * render, so this never hides a saved change).
 */
export function serverBusyResponse(options: { requestId?: string; refusedUnread?: boolean } = {}): Response {
  return new Response(serverBusyPage(options), {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Retry-After": String(BUSY_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
  });
}

export function serverBusyPage({ requestId, refusedUnread = false }: { requestId?: string; refusedUnread?: boolean } = {}): string {
  const retry = `Intente de nuevo en ${BUSY_RETRY_AFTER_SECONDS} segundos.`;
  return simplePage(
    "Hay muchas solicitudes en este momento",
    refusedUnread
      ? `El servidor está muy ocupado y no atendió su solicitud: no se guardó nada. ${retry}`
      : `El servidor está muy ocupado y no pudo terminar esta página a tiempo. ${retry}`,
    requestId,
  );
}
