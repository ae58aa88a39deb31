import { test as base } from "vitest";
import { db } from "~/db.server";
import type { StaffRole } from "~/staff/staff";
import { createSignedInStaff, removeStaffMembers } from "../factories";

type SignedInStaff = Awaited<ReturnType<typeof createSignedInStaff>>;

/**
 * vitest's `test` with fixtures that clean up after themselves. `staffMember(role)` makes a
 * signed-in staff member of `role` (as `createSignedInStaff` does) and removes every one it made
 * when the test ends, pass or fail (`removeStaffMembers`: deleted, or made `inactiva` and signed
 * out when the audit log names them).
 */
export const test = base.extend<{ staffMember: (role: StaffRole) => Promise<SignedInStaff> }>({
  // eslint-disable-next-line no-empty-pattern -- vitest reads the fixtures a fixture needs from this pattern
  staffMember: async ({}, use) => {
    const made: number[] = [];
    await use(async (role) => {
      const staff = await createSignedInStaff(db, role);
      made.push(staff.user.id);
      return staff;
    });
    await removeStaffMembers(made);
  },
});
