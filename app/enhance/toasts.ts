/** How long a non-error toast stays (errors stay until dismissed). */
export const AUTO_DISMISS_MS = 8000;

function addCloseButton(doc: Document, toast: HTMLElement) {
  if (toast.querySelector(".toast__close")) return;
  const close = doc.createElement("button");
  close.type = "button";
  close.className = "toast__close";
  close.innerHTML = '<span aria-hidden="true">×</span><span class="visually-hidden">Cerrar aviso</span>';
  close.addEventListener("click", () => toast.remove());
  toast.append(close);
  if (!toast.classList.contains("toast--error")) window.setTimeout(() => toast.remove(), AUTO_DISMISS_MS);
}

/**
 * The server's flashed toast on a page that does not hydrate: a close button, and non-error
 * messages leave after a while — what the React Toaster does on hydrated pages.
 */
export function enhanceToasts(doc: Document) {
  doc.querySelectorAll<HTMLElement>(".toaster [data-testid='toast']").forEach((toast) => addCloseButton(doc, toast));
}

/**
 * A toast from the page script (the markup of the React Toaster): an error is an alert that stays
 * until closed. A toast with the same `key` replaces the last one instead of piling up.
 */
export function showToast(doc: Document, toast: { type: "error" | "info" | "success"; title?: string; description: string; key?: string }) {
  const list = doc.querySelector(".toaster__list");
  if (!list) return;
  if (toast.key) list.querySelector(`[data-toast-key="${toast.key}"]`)?.remove();
  const element = doc.createElement("div");
  element.className = `toast toast--${toast.type}`;
  if (toast.type === "error") element.setAttribute("role", "alert");
  element.dataset.testid = "toast";
  if (toast.key) element.dataset.toastKey = toast.key;
  const body = doc.createElement("div");
  body.className = "toast__body";
  if (toast.title) body.append(paragraph(doc, "toast__title", toast.title));
  body.append(paragraph(doc, "toast__description", toast.description));
  element.append(body);
  addCloseButton(doc, element);
  list.append(element);
}

function paragraph(doc: Document, className: string, text: string) {
  const p = doc.createElement("p");
  p.className = className;
  p.textContent = text;
  return p;
}
