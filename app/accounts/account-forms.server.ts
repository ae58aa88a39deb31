/**
 * The account schemas and conform's zod parser, for route actions. A route imports them from
 * here, a .server module, so that the browser build drops them: zod is ~90 KB gzip and the forms'
 * checks in the browser are the native ones (required, type, pattern, maxlength). Choice lists
 * and fixed texts for the rendered forms come from account-options.ts.
 */
export { parseWithZod } from "@conform-to/zod/v4";
export * from "./account-forms";
