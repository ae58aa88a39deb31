/**
 * For the `clientLoader` of a page that does not hydrate but needs the page script (its card step,
 * its form checks). A hydrated page that navigates there in the browser (a `<Link>`, a redirect
 * after its own form) would render the page with React, where the page script never runs (a
 * module script React inserts does not execute), so the page would act as if JavaScript were off.
 * Instead the browser loads the address as a document; the navigation never settles in React.
 */
export function loadAsDocument({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}
