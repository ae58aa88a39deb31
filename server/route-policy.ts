import { matchRoutes } from "@remix-run/react";
import type { ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";

/**
 * What Express must know about the route Remix will answer a request with, decided by the
 * matcher Remix itself uses (React Router's matchRoutes over the build's own route table), never
 * by comparing the raw path with a prefix (docs/decisions/0032-hostile-input-limits.md).
 *
 * Remix matches paths case-insensitively and after percent-decoding: `/Admin/Bitacora` and
 * `/%61dmin/bitacora` are the staff page `/admin/bitacora`. A check like
 * `path.startsWith("/admin/")` misses both, so the page was cached anonymously and served without
 * `no-store`. Asking the router the same question Remix asks cannot disagree with it.
 */
export interface RoutePolicy {
  /** The deepest matched route's id (e.g. "routes/admin.bitacora"); null when nothing matches. */
  routeId: string | null;
  /** A staff page: its module (or a parent's) exports `staffAccess` (decision 0015). Never stored anywhere. */
  staff: boolean;
  /**
   * The most bytes a request body may have here: the largest `maxBodyBytes` a matched route module
   * exports (the upload forms, from their file rules); null when none does (the default applies).
   */
  maxBodyBytes: number | null;
  /** The route's own words for a body over its limit (its `bodyTooLargeMessage`), if it has them. */
  bodyTooLargeMessage: string | null;
}

type RouteTree = Parameters<typeof matchRoutes>[0];

/** The build's flat route table as the nested tree React Router matches against (as Remix does). */
function routeTree(build: ServerBuild, parentId: string | undefined): RouteTree {
  return Object.values(build.routes)
    .filter((route) => route.parentId === parentId)
    .map(
      (route) =>
        ({
          id: route.id,
          path: route.path,
          index: route.index,
          caseSensitive: route.caseSensitive,
          children: routeTree(build, route.id),
        }) as RouteTree[number],
    );
}

export function routePolicies(build: ServerBuild) {
  const tree = routeTree(build, undefined);
  const staffRoutes = new Set(Object.values(build.routes).flatMap((route) => ("staffAccess" in route.module ? [route.id] : [])));
  const bodyLimits = new Map(
    Object.values(build.routes).flatMap((route) => {
      const { maxBodyBytes, bodyTooLargeMessage } = route.module as { maxBodyBytes?: unknown; bodyTooLargeMessage?: unknown };
      if (typeof maxBodyBytes !== "number") return [];
      return [[route.id, { maxBodyBytes, message: typeof bodyTooLargeMessage === "string" ? bodyTooLargeMessage : null }] as const];
    }),
  );

  function policyFor(pathName: string): RoutePolicy {
    // A single-fetch data request (`/admin/bitacora.data`, `/_root.data`) asks for the page's data:
    // Remix strips the suffix before matching, and so do we.
    const pagePath = pathName.endsWith(".data") ? pathName.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/" : pathName;
    let matches: ReturnType<typeof matchRoutes> = null;
    try {
      matches = matchRoutes(tree, pagePath);
    } catch {
      matches = null;
    }
    const ids = matches?.flatMap((match) => (match.route.id ? [match.route.id] : [])) ?? [];
    const routeId = ids.at(-1) ?? null;
    const limit = ids
      .flatMap((id) => (bodyLimits.has(id) ? [bodyLimits.get(id)!] : []))
      .reduce<{ maxBodyBytes: number; message: string | null } | null>(
        (max, each) => (!max || each.maxBodyBytes > max.maxBodyBytes ? each : max),
        null,
      );
    return {
      routeId,
      staff: ids.some((id) => staffRoutes.has(id)),
      maxBodyBytes: limit?.maxBodyBytes ?? null,
      bodyTooLargeMessage: limit?.message ?? null,
    };
  }

  // matchRoutes flattens and ranks the whole route table on every call; the same few hundred
  // paths come back all day, so their policies are kept. Paths are the visitor's to choose: the
  // memo is bounded and simply starts over when full.
  const remembered = new Map<string, RoutePolicy>();
  const MAX_REMEMBERED = 2_000;
  function rememberedPolicyFor(pathName: string): RoutePolicy {
    const known = remembered.get(pathName);
    if (known) return known;
    const policy = policyFor(pathName);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(pathName, policy);
    return policy;
  }

  return {
    policyFor,
    /** Puts the request's RoutePolicy in res.locals.routePolicy for the middleware after it. */
    middleware(req: Request, res: Response, next: NextFunction) {
      res.locals.routePolicy = rememberedPolicyFor(req.path);
      next();
    },
  };
}

/** The policy the routePolicies middleware found for this response. */
export function routePolicyOf(res: Response): RoutePolicy | undefined {
  return res.locals.routePolicy as RoutePolicy | undefined;
}
