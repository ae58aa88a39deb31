import type { LoaderFunctionArgs } from "@remix-run/node";
import { readConfig } from "~/config.server";
import { db } from "~/db.server";
import { collectIndexEntries } from "~/search/site-index.server";

function siteOrigin(request: Request): string {
  return readConfig().PUBLIC_URL?.replace(/\/$/, "") ?? new URL(request.url).origin;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** Every public page, from the same source as site search. */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = siteOrigin(request);
  const entries = (await collectIndexEntries(db)).filter((entry) => entry.inSitemap);
  const urls = entries
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((entry) => {
      const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.slice(0, 10)}</lastmod>` : "";
      return `  <url><loc>${escapeXml(new URL(entry.path, origin).href)}</loc>${lastmod}</url>`;
    });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
