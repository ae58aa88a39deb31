import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { registerParticipant } from "~/accounts/participants.server";
import { createUserSession } from "~/accounts/session.server";
import { db } from "~/db.server";
import { PUBLIC_STAFF_ROUTE, roleAllows, STAFF_ROLES, type StaffRole } from "~/staff/staff";
import { createSignedInStaff } from "../factories";
import { startTestServer } from "../support/test-server";

/**
 * The route × role walk (decision 0015). Every route module that serves /admin or a path under it
 * is found from app/routes (not a hand-kept list), and each is requested over real HTTP, through
 * the real Express app and Remix build, by an anonymous visitor, a signed-in participant and a
 * staff member of each role. A loader or action that answers anything but the login redirect (not
 * signed in as staff) or a Spanish 403 (wrong role) to someone its `staffAccess` does not allow
 * fails the test, as does a module that declares no access.
 */
const ROUTES_DIR = path.resolve("app/routes");

type Identity = { label: string; role: StaffRole | null; cookie: string };

let baseUrl = "";
let close: () => Promise<void>;
let build: ServerBuild;
const identities: Identity[] = [];

beforeAll(async () => {
  build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  ({ baseUrl, close } = await startTestServer());

  const participant = await registerParticipant(
    db,
    {
      name: "Participante Curioso",
      grade: "Médico",
      institution: "HIMFG",
      email: "curioso@example.org",
      password: "una-clave-larga-de-prueba",
      age: 30,
      graduated: "SÍ",
      nationality: "Mexicana",
      state: "Ciudad de México",
      phone: "5512345678",
      role: "EXTERNO",
    },
    [],
  );
  if (!participant.ok) throw new Error("participant not registered");
  identities.push({ label: "anónimo", role: null, cookie: "" });
  identities.push({
    label: "participante",
    role: null,
    cookie: (await createUserSession({ id: participant.participant.id, name: "Participante Curioso" })).split(";")[0]!,
  });
  for (const role of STAFF_ROLES) identities.push({ label: role, role, cookie: (await createSignedInStaff(db, role)).cookie });
});

afterAll(async () => close?.());

/** Route ids (as Remix names them) of every module in app/routes: files and folder routes. */
function routeIdsOnDisk(): string[] {
  const ids: string[] = [];
  for (const entry of fs.readdirSync(ROUTES_DIR, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    if (entry.isDirectory()) {
      const route = fs.readdirSync(path.join(ROUTES_DIR, entry.name)).find((name) => /^route\.(tsx?|jsx?)$/.test(name));
      if (route) ids.push(`routes/${entry.name}/route`);
    } else if (/\.(tsx?|jsx?)$/.test(entry.name) && !/\.test\./.test(entry.name)) {
      ids.push(`routes/${entry.name.replace(/\.(tsx?|jsx?)$/, "")}`);
    }
  }
  return ids;
}

/** The URL pattern a route serves, from the build's manifest (its path and its parents'). */
function fullPattern(id: string): string {
  const parts: string[] = [];
  for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return "/" + parts.join("/");
}

/** A concrete URL for a pattern: every `:param` becomes 1, a splat becomes `x`. */
function concreteUrl(pattern: string): string {
  return (
    pattern
      .replace(/:[^/]+/g, "1")
      .replace(/\*$/, "x")
      .replace(/\/+/g, "/")
      .replace(/\/$/, "") || "/"
  );
}

function isStaffArea(fileName: string, pattern: string): boolean {
  return /^admin(\.|_|$)/.test(fileName) || pattern === "/admin" || pattern.startsWith("/admin/");
}

const staffRouteIds = () => {
  const onDisk = routeIdsOnDisk();
  return onDisk.filter((id) => {
    const fileName = id.replace(/^routes\//, "").replace(/\/route$/, "");
    const known = build.routes[id];
    // A file the build does not know: its name tells whether it is a staff route.
    return known ? isStaffArea(fileName, fullPattern(id)) : /^admin(\.|_|$)/.test(fileName);
  });
};

async function request(url: string, identity: Identity, method: "GET" | "POST") {
  const headers: Record<string, string> = {};
  if (identity.cookie) headers.Cookie = identity.cookie;
  if (method === "POST") {
    headers.Origin = baseUrl;
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  return fetch(`${baseUrl}${url}`, { method, headers, body: method === "POST" ? "intent=walk" : undefined, redirect: "manual" });
}

/**
 * What a response means for the walk: the login redirect (a 303 with Location for a document
 * request; single fetch answers a redirect with 202 and the target in the body), the Spanish 403,
 * or anything else.
 */
function classify(response: Response, body: string): "login" | "forbidden" | "other" {
  const location = response.headers.get("location") ?? "";
  if ((response.status === 302 || response.status === 303) && location.startsWith("/admin/login?redirectTo=")) return "login";
  if (response.status === 202 && body.includes("/admin/login?redirectTo=")) return "login";
  if (response.status === 403 && body.includes("no tiene permiso")) return "forbidden";
  return "other";
}

describe("the route × role walk of the staff area", () => {
  test("finds the staff routes on disk, and every one is in the current build", () => {
    const ids = staffRouteIds();
    expect(ids).toEqual(expect.arrayContaining(["routes/admin", "routes/admin.dashboard", "routes/admin_.login"]));
    const missing = ids.filter((id) => !build.routes[id]);
    expect(missing, "route files not in build/ (run npm run build)").toEqual([]);
  });

  test("every staff route module declares who may use it", () => {
    const problems: string[] = [];
    for (const id of staffRouteIds()) {
      const access: unknown = (build.routes[id]?.module as unknown as Record<string, unknown> | undefined)?.staffAccess;
      const valid =
        access === PUBLIC_STAFF_ROUTE ||
        (Array.isArray(access) && access.length > 0 && access.every((role) => (STAFF_ROLES as readonly string[]).includes(role)));
      if (!valid) problems.push(`${id}: export const staffAccess = [...] as const satisfies StaffAccess`);
    }
    expect(problems).toEqual([]);
  });

  // Every staff route × every role, one request after another: ~17–19 s on the 2-core CI machine,
  // and more with every route added, so it is not held to the 20 s default.
  test("no loader or action answers someone its role does not allow; allowed roles are let in", { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const id of staffRouteIds()) {
      const route = build.routes[id]!;
      const module = route.module as unknown as Record<string, unknown>;
      // A module that declares nothing (reported above) is walked as admin-only, the strictest.
      const access: readonly StaffRole[] | typeof PUBLIC_STAFF_ROUTE =
        module.staffAccess === PUBLIC_STAFF_ROUTE || Array.isArray(module.staffAccess)
          ? (module.staffAccess as readonly StaffRole[] | typeof PUBLIC_STAFF_ROUTE)
          : [];
      const url = concreteUrl(fullPattern(id));
      const dataUrl = `${url}.data`;
      const index = route.index ? "?index" : "";
      for (const identity of identities) {
        if (access === PUBLIC_STAFF_ROUTE) {
          // Open pages still answer without a server error, and are never cached.
          const response = await request(url, identity, "GET");
          if (response.status >= 500) problems.push(`${id} GET as ${identity.label}: ${response.status}`);
          if (response.headers.get("cache-control") !== "no-store")
            problems.push(`${id} GET as ${identity.label}: Cache-Control ${response.headers.get("cache-control")}`);
          checked++;
          continue;
        }
        const allowed = identity.role !== null && roleAllows(identity.role, access);
        // The page (document request: every loader of the branch), the loader alone (single
        // fetch), and, for a refused identity, the action alone (a POST to the .data URL runs
        // only the action, so a parent layout's guard cannot hide an unguarded action).
        const attempts: { method: "GET" | "POST"; target: string }[] = [
          { method: "GET", target: url },
          { method: "GET", target: `${dataUrl}?_routes=${encodeURIComponent(id)}` },
        ];
        if (typeof module.action === "function" && !allowed)
          attempts.push({ method: "POST", target: url + index }, { method: "POST", target: dataUrl + index });
        for (const { method, target } of attempts) {
          const response = await request(target, identity, method);
          const body = await response.text();
          const where = `${id} ${method} ${target} as ${identity.label}`;
          checked++;
          if (response.headers.get("cache-control") !== "no-store") problems.push(`${where}: Cache-Control ${response.headers.get("cache-control")}`);
          const outcome = classify(response, body);
          if (allowed) {
            if (outcome !== "other") problems.push(`${where}: refused (${response.status}) although staffAccess allows it`);
            if (response.status >= 500) problems.push(`${where}: ${response.status}`);
          } else if (identity.role === null) {
            if (outcome !== "login") problems.push(`${where}: expected the redirect to /admin/login, got ${response.status} ${body.slice(0, 100)}`);
          } else if (outcome !== "forbidden") {
            problems.push(`${where}: expected a Spanish 403, got ${response.status} ${body.slice(0, 100)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(identities.length * 3);
  });
});
