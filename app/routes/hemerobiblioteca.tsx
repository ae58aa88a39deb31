export { default, links, loader, meta } from "~/library/library-page";
