// The address the previous site used for the library; same page as /hemerobiblioteca (its
// canonical URL points there).
export { default, handle, links, loader, meta } from "~/library/library-page";
