import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";
import { enhanceDisclosureMenus } from "~/enhance/disclosure-menus";

/**
 * Enhances the <details> menus inside `container` on hydrated pages: the same enhancement as the
 * page script of the pages that do not hydrate (enhanceDisclosureMenus), and every menu closes
 * after navigating to another page.
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
    return enhanceDisclosureMenus(root);
  }, [container]);
}
