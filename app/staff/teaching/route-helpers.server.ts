import { siteOrigin } from "~/config.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffRole, StaffUser } from "~/staff/staff";

/**
 * The site's origin for links in e-mails and the access PDF's QR code: siteOrigin() (PUBLIC_URL,
 * or in a demo http://localhost:PORT), never the request's Host, which whoever sends the request
 * chooses (decision 0014). The request stays in the signature for the routes that pass it.
 */
export function originFor(_request: Request): string {
  return siteOrigin();
}

/** A numeric route parameter, or a 404 (never a 500) for anything else. */
export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,12}$/.test(value)) throw new Response("No encontrado", { status: 404 });
  return Number(value);
}

/** The record a loader looked up, or a 404 (never a 500) when there is none. */
export function orNotFound<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Response("No encontrado", { status: 404 });
  return value;
}

/**
 * requireStaff for resource routes (files, exports). The guard throws Remix `data()` for a refused
 * role, which a route with a component renders in its error boundary; a resource route has none,
 * and Remix would answer "Unexpected Server Error". Here the refusal becomes a plain Spanish 403.
 */
export async function requireStaffForResource(request: Request, allowed: readonly StaffRole[]): Promise<StaffUser> {
  try {
    return await requireStaff(request, allowed);
  } catch (error) {
    if (error instanceof Response) throw error;
    const refused = error as { type?: string; data?: { message?: unknown }; init?: { status?: number } } | null;
    if (refused && refused.type === "DataWithResponseInit") {
      const message = typeof refused.data?.message === "string" ? refused.data.message : "No tiene permiso para esta página.";
      throw new Response(message, {
        status: refused.init?.status ?? 403,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    throw error;
  }
}
