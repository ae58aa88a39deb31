import { staffNavEntries, type StaffNavGroup } from "./access-registry";
import { roleAllows, type StaffRole } from "./staff";

/**
 * The staff area's pages a role sees: the staff frame's navigation (root.tsx) and the dashboard's
 * sections both read them through `linksFor`. They are the linked entries of THE access registry
 * (access-registry.ts), with the roles of the route each opens, so a link shows exactly to the
 * roles its page lets in (tests/integration/staff-frame.test.ts still compares them with the
 * build's route modules). The pages themselves check the role again: this list only hides links.
 */
export interface StaffLink {
  href: string;
  /** The link's text in the staff navigation. */
  label: string;
  /** The link's text on the dashboard when it differs (the seed's "Curso"). */
  dashboardLabel?: string;
  description: string;
  group: StaffNavGroup;
  roles: readonly StaffRole[];
}

export const STAFF_LINKS: readonly StaffLink[] = staffNavEntries();

export function linksFor(role: StaffRole): StaffLink[] {
  return STAFF_LINKS.filter((link) => roleAllows(role, link.roles));
}

/** What the staff frame needs of a link: `end` when another link lives under it (Contenido). */
export interface StaffNavLink {
  href: string;
  label: string;
  end: boolean;
}

export function navigationFor(role: StaffRole): StaffNavLink[] {
  const links = linksFor(role);
  return links.map(({ href, label }) => ({ href, label, end: links.some((other) => other.href.startsWith(`${href}/`)) }));
}
