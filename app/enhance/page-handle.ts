/** What a route module may export as `handle` to say how its page runs in the browser. */
export interface PageHandle {
  /**
   * false: the page is plain HTML plus the small page script (app/enhance), without React in
   * the browser (decision 0027). Only for pages with nothing interactive beyond what the page
   * script enhances: the header menus, toasts, the home carousel, click-to-load videos, the
   * catalogue's programme dialog, the gallery lightbox and the library's tabs.
   */
  hydrate?: boolean;
}

/** True unless a matched route says its page does not hydrate. */
export function pageHydrates(matches: readonly { handle?: unknown }[]): boolean {
  return matches.every((match) => (match.handle as PageHandle | undefined)?.hydrate !== false);
}
