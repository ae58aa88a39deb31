import { data, redirect } from "@remix-run/node";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { bindRequestId } from "./audit.server";
import { getStaffUser } from "./session.server";
import { roleAllows, STAFF_ROLE_LABELS, type StaffRole, type StaffUser } from "./staff";

/**
 * THE GUARD FOR EVERY STAFF ROUTE (decision 0015). The convention, checked by
 * tests/integration/admin-route-walk.test.ts over real HTTP:
 *
 * 1. Staff pages are flat routes named `app/routes/admin.<thing>.tsx` (nested under the staff
 *    layout `admin.tsx`, e.g. `admin.dashboard.tsx`, `admin.cursos._index.tsx`,
 *    `admin.cursos.$courseId.tsx`). Pages open to visitors who are not signed in (sign-in, the
 *    set-up link, sign-out) escape the layout with `admin_.` (`admin_.login.tsx`).
 * 2. Every such module exports who may use it, next to its loader:
 *
 *      export const staffAccess = ["ensenanza", "finanzas"] as const satisfies StaffAccess;
 *
 *    (`admin` may use every staff route, so list it only for admin-only routes: `["admin"]`;
 *    `ANY_STAFF` for every role; `PUBLIC_STAFF_ROUTE` only for the sign-in/set-up/sign-out pages.)
 * 3. Its loader AND its action each begin with `const staff = await requireStaff(request, staffAccess);`
 *    (a parent layout does not protect a child's loader or action). An action that some allowed
 *    roles may not run (e.g. `finanzas` reads courses but may not edit them) calls requireStaff
 *    again with the narrower list; the walk test only checks the declared list.
 * 4. Every change a staff member makes writes an audit row with `recordAudit` (audit.server.ts)
 *    inside the same transaction as the change.
 *
 * requireStaff answers:
 * - nobody signed in as staff (anonymous, or a participant: a participant session never opens
 *   /admin) → a 303 redirect to `/admin/login?redirectTo=<this path>`;
 * - a staff member whose role is not allowed → a 403 whose page says so in Spanish, with no data;
 * - otherwise the staff member, read from the database on this request (a role change or a
 *   deactivation takes effect at once).
 */
export async function requireStaff(request: Request, allowed: readonly StaffRole[]): Promise<StaffUser> {
  const staff = await getStaffUser(request);
  if (!staff) throw redirect(loginPathFor(request), { status: 303, headers: { "Cache-Control": "no-store" } });
  if (!roleAllows(staff.role, allowed)) {
    throw data(
      { message: `Su función (${STAFF_ROLE_LABELS[staff.role]}) no tiene permiso para usar esta página ni para hacer este cambio.` },
      { status: 403, headers: { "Cache-Control": "no-store" } },
    );
  }
  // The request id (server/logging.ts puts the id it decided into the request's X-Request-Id):
  // every audit row this staff member's change writes carries it, whoever calls recordAudit.
  bindRequestId(staff, request.headers.get("x-request-id"));
  return staff;
}

export const STAFF_LOGIN_PATH = "/admin/login";
export const STAFF_HOME_PATH = "/admin/dashboard";

/** `/admin/login?redirectTo=…` coming back to the page the request was for (a safe path only). */
export function loginPathFor(request: Request): string {
  const url = new URL(request.url);
  // Remix's `?index` (a POST to an index route) and `_data` are not part of the page's address.
  url.searchParams.delete("index");
  url.searchParams.delete("_data");
  const back = safeRedirectPath(url.pathname.replace(/\.data$/, "") + url.search, STAFF_HOME_PATH);
  return `${STAFF_LOGIN_PATH}?redirectTo=${encodeURIComponent(back)}`;
}
