const NEXT_KEYS = ["ArrowRight", "ArrowDown"];
const PREVIOUS_KEYS = ["ArrowLeft", "ArrowUp"];

/**
 * Sections that become tabs (the Hemerobiblioteca; its page does not hydrate, decision 0027).
 * The server renders, inside an element with `data-tabs`, a <nav> whose links point at sections
 * of the same page (`href="#<section id>"`) followed by every section: without JavaScript it is a
 * table of contents and all the text. Here the nav becomes a WAI-ARIA tabs widget with automatic
 * activation: role=tab buttons in a role=tablist (named like the nav), a roving tabindex, the
 * arrow keys (wrapping), Home and End; the sections become role=tabpanel, the unselected ones
 * hidden.
 *
 * The tab shown first is the one the address's hash names, else the first. Choosing a tab writes
 * its hash into the address (replaceState: no history entry, no scroll), so the address can be
 * shared; a later hash change (a link to a section, Back) selects that tab.
 */
export function enhanceTabs(root: HTMLElement) {
  const doc = root.ownerDocument;
  const nav = root.querySelector("nav");
  const links = Array.from(nav?.querySelectorAll<HTMLAnchorElement>('a[href^="#"]') ?? []);
  const panels = links.map((link) => doc.getElementById(decodeURIComponent(link.hash.slice(1))));
  if (!nav || links.length === 0 || panels.some((panel) => !panel || !root.contains(panel)) || root.dataset.enhanced) return;
  root.dataset.enhanced = "true";

  const tablist = doc.createElement("div");
  tablist.setAttribute("role", "tablist");
  tablist.setAttribute("aria-label", nav.getAttribute("aria-label") ?? "");
  tablist.className = nav.querySelector("ul")?.className ?? "";
  const tabs = links.map((link, index) => {
    const panel = panels[index]!;
    const tab = doc.createElement("button");
    tab.type = "button";
    tab.id = `${panel.id}-tab`;
    tab.className = link.className;
    tab.textContent = link.textContent;
    tab.setAttribute("role", "tab");
    tab.setAttribute("aria-controls", panel.id);
    tab.addEventListener("click", () => select(index, false, true));
    tab.addEventListener("keydown", (event) => {
      const last = tabs.length - 1;
      const target = NEXT_KEYS.includes(event.key)
        ? (current + 1) % tabs.length
        : PREVIOUS_KEYS.includes(event.key)
          ? (current + last) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
      if (target === null) return;
      event.preventDefault();
      select(target, true, true);
    });
    panel.setAttribute("role", "tabpanel");
    panel.setAttribute("aria-labelledby", tab.id);
    panel.tabIndex = 0;
    tablist.append(tab);
    return tab;
  });
  nav.replaceWith(tablist);

  let current = 0;
  function select(index: number, focus: boolean, remember: boolean) {
    current = index;
    tabs.forEach((tab, position) => {
      const selected = position === index;
      tab.setAttribute("aria-selected", String(selected));
      tab.tabIndex = selected ? 0 : -1;
      panels[position]!.hidden = !selected;
    });
    if (focus) tabs[index]!.focus();
    if (remember) window.history.replaceState(window.history.state, "", `#${panels[index]!.id}`);
  }

  function fromHash() {
    const index = panels.findIndex((panel) => `#${panel!.id}` === decodeURIComponent(window.location.hash));
    return index === -1 ? null : index;
  }

  select(fromHash() ?? 0, false, false);
  window.addEventListener("hashchange", () => {
    const index = fromHash();
    if (index !== null) select(index, false, false);
  });
}
