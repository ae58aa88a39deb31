import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, test } from "vitest";
import { STAFF_ROUTES, type StaffRouteEntry } from "~/staff/access-registry";
import { STAFF_LINKS } from "~/staff/navigation";
import { routePolicies } from "../../server/route-policy";

// THE access registry (app/staff/access-registry.ts, decision 0047) is the one list of who may use
// each staff route: every /admin module of the build has its entry and exports exactly its roles
// as `staffAccess` (what requireStaff and the route walk use), and every navigation link opens the
// route of the entry it comes from, so a link and its page cannot disagree.

let build: ServerBuild;

beforeAll(async () => {
  build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
});

const registry = STAFF_ROUTES as Record<string, StaffRouteEntry>;
const staffRouteIds = () => Object.keys(build.routes).filter((id) => /^routes\/admin(_?\.|$)/.test(id));

describe("the staff access registry", () => {
  test("every staff route module of the build has an entry, and every entry a module", () => {
    const ids = staffRouteIds();
    expect(ids.length).toBeGreaterThan(40);
    expect(ids.filter((id) => !Object.hasOwn(registry, id))).toEqual([]);
    expect(Object.keys(registry).filter((id) => !build.routes[id])).toEqual([]);
  });

  test("each module's staffAccess is its entry's roles", () => {
    const problems: string[] = [];
    for (const id of staffRouteIds()) {
      const access = (build.routes[id]?.module as { staffAccess?: unknown } | undefined)?.staffAccess;
      const expected = registry[id]?.roles;
      if (JSON.stringify(access) !== JSON.stringify(expected)) problems.push(`${id}: ${JSON.stringify(access)} ≠ ${JSON.stringify(expected)}`);
    }
    expect(problems).toEqual([]);
  });

  test("each navigation link opens its entry's route, with its entry's roles", () => {
    const policies = routePolicies(build);
    const problems: string[] = [];
    for (const link of STAFF_LINKS) {
      const { routeId } = policies.policyFor(link.href);
      const entry = routeId ? registry[routeId] : undefined;
      if (entry?.nav?.href !== link.href) problems.push(`${link.href} is answered by ${routeId}, whose entry links ${entry?.nav?.href}`);
      else if (JSON.stringify(entry.roles) !== JSON.stringify(link.roles)) problems.push(`${link.href}: roles differ`);
    }
    expect(STAFF_LINKS.length).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });
});
