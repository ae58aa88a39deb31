import { createCookie } from "@remix-run/node";
import { readConfig } from "~/config.server";

/**
 * The relay token of the browser's latest donation, so that only that browser sees its result page
 * (/donacion/resultado/<folio>): a donor has no account. HttpOnly, scoped to /donacion, one day.
 * Not signed: the value is itself a 256-bit secret checked against the attempt's stored hash.
 */
export const donationTokenCookie = createCookie("himfg_donativo", {
  httpOnly: true,
  sameSite: "lax",
  path: "/donacion",
  maxAge: 24 * 60 * 60,
  secure: readConfig().PUBLIC_URL?.startsWith("https://") ?? false,
});

export async function donationTokenFrom(request: Request): Promise<string | null> {
  const value: unknown = await donationTokenCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}
