// /archivos/:id/:name: the same file as /archivos/:id, with a readable name as the last segment.
export { loader } from "./archivos.$fileId";
