import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";

/**
 * Enhances the <details> menus inside `container` once JavaScript runs:
 * Escape closes the innermost open menu and returns focus to its toggle, a click outside closes
 * them all, and every menu closes after navigating to another page.
 */
export function useDisclosureMenus(container: RefObject<HTMLElement>) {
  const location = useLocation();

  // Close the menus after a navigation, but not on the first render: a visitor on a slow phone
  // may have opened a menu before JavaScript arrived, and hydration must not snap it shut.
  const lastLocation = useRef(`${location.pathname}${location.search}`);
  useEffect(() => {
    const current = `${location.pathname}${location.search}`;
    if (current === lastLocation.current) return;
    lastLocation.current = current;
    container.current?.querySelectorAll<HTMLDetailsElement>("details[data-disclosure][open]").forEach((d) => (d.open = false));
  }, [location.pathname, location.search, container]);

  useEffect(() => {
    const root = container.current;
    if (!root) return;

    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      const target = event.target as HTMLElement;
      const details = target.closest<HTMLDetailsElement>("details[data-disclosure][open]");
      if (!details || !root!.contains(details)) return;
      // When focus sits on the toggle of an open menu, Escape closes that menu itself.
      const toClose = details;
      toClose.open = false;
      toClose.querySelector<HTMLElement>(":scope > summary")?.focus();
      event.stopPropagation();
    }

    function onDocumentClick(event: MouseEvent) {
      const target = event.target as Node;
      root!.querySelectorAll<HTMLDetailsElement>("details[data-directions-menu][open]").forEach((details) => {
        if (!details.contains(target)) details.open = false;
      });
    }

    root.addEventListener("keydown", onKeyDown);
    document.addEventListener("click", onDocumentClick);
    return () => {
      root.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("click", onDocumentClick);
    };
  }, [container]);
}
