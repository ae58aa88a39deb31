import { useEffect, useRef, useState } from "react";
import { AUTO_DISMISS_MS } from "~/enhance/toasts";

export interface ToastMessage {
  id: string;
  type: "success" | "error" | "info";
  title?: string;
  description: string;
}

const TOAST_EVENT = "himfg:toast";

/** Shows a message in the toast region from browser code (e.g. a file that is too large). */
export function showToast(toast: Omit<ToastMessage, "id"> & { id?: string }) {
  window.dispatchEvent(new CustomEvent<ToastMessage>(TOAST_EVENT, { detail: { id: toast.id ?? crypto.randomUUID(), ...toast } }));
}

/**
 * The toast region over every page. The server's flashed toast arrives in the root loader data
 * (so it renders without JavaScript too); browser code adds its own with showToast().
 */
export function Toaster({ serverToast }: { serverToast: ToastMessage | null }) {
  const [toasts, setToasts] = useState<ToastMessage[]>(serverToast ? [serverToast] : []);
  const [hydrated, setHydrated] = useState(false);
  const seen = useRef(new Set<string>(serverToast ? [serverToast.id] : []));

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (serverToast && !seen.current.has(serverToast.id)) {
      seen.current.add(serverToast.id);
      setToasts((current) => [...current, serverToast]);
    }
  }, [serverToast]);

  useEffect(() => {
    const onToast = (event: Event) => {
      const toast = (event as CustomEvent<ToastMessage>).detail;
      setToasts((current) => [...current.filter((t) => t.id !== toast.id), toast]);
    };
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, []);

  useEffect(() => {
    // Errors stay until dismissed; other messages leave after a while.
    const timers = toasts.filter((toast) => toast.type !== "error").map((toast) => window.setTimeout(() => dismiss(toast.id), AUTO_DISMISS_MS));
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [toasts]);

  function dismiss(id: string) {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }

  return (
    <section className="toaster" aria-label="Notificaciones">
      <div aria-live="polite" aria-relevant="additions text" className="toaster__list">
        {toasts.map((toast) => (
          // An error is an alert (read out at once); other messages wait their turn in the polite region.
          <div key={toast.id} className={`toast toast--${toast.type}`} role={toast.type === "error" ? "alert" : undefined} data-testid="toast">
            <div className="toast__body">
              {toast.title ? <p className="toast__title">{toast.title}</p> : null}
              <p className="toast__description">{toast.description}</p>
            </div>
            {hydrated ? (
              <button type="button" className="toast__close" onClick={() => dismiss(toast.id)}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">Cerrar aviso</span>
              </button>
            ) : null}
          </div>
        ))}
      </div>
    </section>
  );
}
