/** How long a non-error toast stays (errors stay until dismissed). */
export const AUTO_DISMISS_MS = 8000;

/**
 * The server's flashed toast on a page that does not hydrate: a close button, and non-error
 * messages leave after a while — what the React Toaster does on hydrated pages.
 */
export function enhanceToasts(doc: Document) {
  doc.querySelectorAll<HTMLElement>(".toaster [data-testid='toast']").forEach((toast) => {
    if (toast.querySelector(".toast__close")) return;
    const close = doc.createElement("button");
    close.type = "button";
    close.className = "toast__close";
    close.innerHTML = '<span aria-hidden="true">×</span><span class="visually-hidden">Cerrar aviso</span>';
    close.addEventListener("click", () => toast.remove());
    toast.append(close);
    if (!toast.classList.contains("toast--error")) window.setTimeout(() => toast.remove(), AUTO_DISMISS_MS);
  });
}
