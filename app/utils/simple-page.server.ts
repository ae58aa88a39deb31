/**
 * A small self-contained Spanish HTML page for answers given outside the React layout: resource
 * routes (files) and the Express layer (forgery guard, malformed URLs, last-resort errors).
 */
export function simplePage(title: string, message: string, requestId?: string): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
  return `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)} | HIMFG</title></head><body><main><h1>${escape(title)}</h1><p>${escape(message)}</p>${requestId ? `<p>Folio de error: <code>${escape(requestId)}</code></p>` : ""}<p><a href="/">Ir a la página de inicio</a></p></main></body></html>`;
}

/** The 404 of resource routes (they have no React layout to render the site's error page). */
export function resourceNotFound(): Response {
  return new Response(
    simplePage("No encontramos esta página", "Es posible que la dirección esté mal escrita o que el archivo ya no esté disponible."),
    { status: 404, headers: { "Content-Type": "text/html; charset=utf-8" } },
  );
}
