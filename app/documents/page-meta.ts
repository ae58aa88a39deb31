import type { MetaDescriptor } from "@remix-run/node";
import { breadcrumbJsonLd, type Crumb } from "~/components/breadcrumbs";
import { jsonLd, pageMeta, rootOrigin } from "~/utils/seo";

/**
 * The meta of a deep page: title, description, canonical URL and Open Graph (pageMeta), plus the
 * BreadcrumbList JSON-LD for the same crumbs the page shows. `path` is the canonical path, so a
 * page served at a legacy path as well points search engines to its clear one.
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
