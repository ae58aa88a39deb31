export { default, handle, links, loader, meta } from "~/library/library-page";
