import type { BrowserContext } from "@playwright/test";
import { db } from "../../app/db.server";
import { STAFF_COOKIE_NAME } from "../../app/staff/session.server";
import type { StaffRole } from "../../app/staff/staff";
import { createSignedInStaff } from "../factories";

/**
 * A real staff member of `role` (invited, set up with a real TOTP code) signed in in `context`
 * through a server session, for journeys that start inside the staff area. The sign-in itself is
 * exercised by tests/e2e/staff.spec.ts.
 */
export async function signInAsStaff(context: BrowserContext, baseURL: string, role: StaffRole, email?: string) {
  const staff = await createSignedInStaff(db, role, email);
  const value = staff.cookie.slice(STAFF_COOKIE_NAME.length + 1);
  await context.addCookies([{ name: STAFF_COOKIE_NAME, value, url: baseURL }]);
  return staff;
}
