import { useNavigation } from "@remix-run/react";

/**
 * A thin bar at the top while a page loads or a form is sent, plus a status message for screen
 * readers. The bar appears after a short delay (CSS) so fast navigations do not flicker.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const message = navigation.state === "submitting" ? "Enviando formulario…" : navigation.state === "loading" ? "Cargando página…" : "";
  return (
    <>
      <div className="nav-progress" data-active={busy || undefined} aria-hidden="true" />
      <p className="visually-hidden" role="status">
        {message}
      </p>
    </>
  );
}
