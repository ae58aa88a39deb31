/**
 * The header's <details> menus, enhanced once script runs (the hydrated pages call it from
 * useDisclosureMenus, the others from the page script): Escape closes the innermost open menu
 * and returns focus to its toggle; a click outside closes the directions menus.
 * Returns a function that removes the listeners.
 */
export function enhanceDisclosureMenus(root: HTMLElement): () => void {
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== "Escape") return;
    const target = event.target as HTMLElement;
    const details = target.closest<HTMLDetailsElement>("details[data-disclosure][open]");
    if (!details || !root.contains(details)) return;
    details.open = false;
    details.querySelector<HTMLElement>(":scope > summary")?.focus();
    event.stopPropagation();
  }

  function onDocumentClick(event: MouseEvent) {
    const target = event.target as Node;
    root.querySelectorAll<HTMLDetailsElement>("details[data-directions-menu][open]").forEach((details) => {
      if (!details.contains(target)) details.open = false;
    });
  }

  root.addEventListener("keydown", onKeyDown);
  document.addEventListener("click", onDocumentClick);
  return () => {
    root.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("click", onDocumentClick);
  };
}
