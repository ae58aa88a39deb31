export { default, links, loader, meta } from "~/documents/financial-transparency";
