import type { LoaderFunctionArgs } from "@remix-run/node";
import { readConfig } from "~/config.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = readConfig().PUBLIC_URL?.replace(/\/$/, "") ?? new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /profile",
    "Disallow: /payment",
    "Disallow: /buscar",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
