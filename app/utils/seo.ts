import type { MetaDescriptor, MetaFunction } from "@remix-run/node";
import type { Crumb } from "~/components/breadcrumbs";

export const SITE_NAME = "Hospital Infantil de México Federico Gómez";

export interface PageMetaInput {
  /** The page's own title; " | HIMFG" is appended. */
  title: string;
  description: string;
  /** The canonical path of the page, e.g. "/direccion/medica". */
  path: string;
  /** The site origin, from the root loader (`origin`). */
  origin: string;
  image?: string;
  noindex?: boolean;
}

/**
 * The findability tags every page sets: <title>, meta description, canonical URL and Open
 * Graph. Use it in each route's `meta` export:
 *   export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ data, matches }) =>
 *     pageMeta({ title: ..., description: ..., path: ..., origin: rootOrigin(matches) });
 */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const url = new URL(input.path, input.origin).href;
  const fullTitle = input.path === "/" ? `${input.title}` : `${input.title} | HIMFG`;
  const image = new URL(input.image ?? "/images/og-himfg.png", input.origin).href;
  return [
    { title: fullTitle },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "es_MX" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    ...(input.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/**
 * The `meta` export of a page search engines must not index (sign-in, registration, password
 * reset, the participant's own pages): pageMeta with the root's origin and `noindex`.
 *   export const meta = privatePageMeta({ title: "Iniciar sesión", description: "…", path: "/userlogin" });
 */
export function privatePageMeta(input: Omit<PageMetaInput, "origin" | "noindex">): MetaFunction {
  return ({ matches }) => pageMeta({ ...input, origin: rootOrigin(matches), noindex: true });
}

/** The origin the root loader computed (PUBLIC_URL, or the request's own origin). */
export function rootOrigin(matches: readonly { id: string; data?: unknown }[]): string {
  const root = matches.find((match) => match.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "http://localhost:3000";
}

/** A JSON-LD block as a meta descriptor (Remix renders it as a script of type ld+json). */
export function jsonLd(value: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": value };
}

/** schema.org BreadcrumbList for the crumbs a page shows ("Inicio" comes first automatically). */
export function breadcrumbJsonLd(items: Crumb[], origin: string) {
  const all = [{ label: "Inicio", href: "/" }, ...items];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: all.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.label,
      item: new URL(item.href, origin).href,
    })),
  };
}

/**
 * The meta of a deep page: pageMeta() plus the BreadcrumbList JSON-LD for the crumbs the page
 * shows. `path` is the canonical path, so a page also served at a legacy path points search
 * engines to its clear one.
 */
export function deepPageMeta(input: {
  title: string;
  description: string;
  path: string;
  crumbs: Crumb[];
  matches: readonly { id: string; data?: unknown }[];
  image?: string;
}): MetaDescriptor[] {
  const origin = rootOrigin(input.matches);
  return [
    ...pageMeta({ title: input.title, description: input.description, path: input.path, origin, image: input.image }),
    jsonLd(breadcrumbJsonLd(input.crumbs, origin)),
  ];
}
