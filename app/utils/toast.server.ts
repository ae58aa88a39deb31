import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { readConfig } from "~/config.server";
import { db } from "~/db.server";
import { getOrCreateSecret } from "~/utils/secrets.server";
import { singleton } from "~/utils/singleton.server";

export const toastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string().optional(),
  description: z.string(),
});

export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

const TOAST_KEY = "toast";

function getToastStorage() {
  return singleton("toast-storage", async () => {
    const config = readConfig();
    const secret = await getOrCreateSecret(db, "session", config.SESSION_SECRET);
    return createCookieSessionStorage({
      cookie: {
        name: "himfg_toast",
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: config.PUBLIC_URL?.startsWith("https://") ?? false,
        secrets: [secret],
      },
    });
  });
}

/** Sets a one-time message that the next page shows in the toast region. */
export async function createToastHeaders(input: ToastInput): Promise<Headers> {
  const storage = await getToastStorage();
  const session = await storage.getSession();
  session.flash(TOAST_KEY, toastSchema.parse(input));
  return new Headers({ "Set-Cookie": await storage.commitSession(session) });
}

/** Redirect (303 by default) and show a toast on the page it lands on. */
export async function redirectWithToast(url: string, input: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const [name, value] of await createToastHeaders(input)) headers.append(name, value);
  return redirect(url, { status: 303, ...init, headers });
}

/** Reads (and consumes) the flashed toast of this request. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const storage = await getToastStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  if (!parsed.success) return { toast: null, headers: null };
  return {
    toast: parsed.data,
    headers: new Headers({ "Set-Cookie": await storage.destroySession(session) }),
  };
}
