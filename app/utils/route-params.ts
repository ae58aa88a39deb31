/**
 * A record id from a URL segment ("/admin/menus/12"): digits without a leading zero, at most ten.
 * Anything else is a 404 with `notFound` as its message, like an id that does not exist.
 */
export function idParam(raw: string | undefined, notFound: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(raw ?? "")) throw new Response(notFound, { status: 404 });
  return Number(raw);
}
