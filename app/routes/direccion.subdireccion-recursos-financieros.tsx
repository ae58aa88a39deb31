// The address the previous site used for the financial documents; same page as
// /transparencia/informacion-financiera (its canonical URL points there).
export { default, links, loader, meta } from "~/documents/financial-transparency";
