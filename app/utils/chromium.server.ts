import fs from "node:fs";

/**
 * The system Chromium used for PDFs (Puppeteer) and browser tests (Playwright): CHROMIUM_PATH,
 * or /usr/bin/chromium. Neither tool can download its own browser here.
 */
export function chromiumExecutablePath(env: NodeJS.ProcessEnv = process.env): string {
  const candidate = env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (!fs.existsSync(candidate)) {
    throw new Error(
      `Chromium was not found at ${candidate}. Install it (Debian/Ubuntu: "sudo apt-get install -y chromium") ` +
        `or set CHROMIUM_PATH to the path of a Chromium or Chrome executable.`,
    );
  }
  return candidate;
}

/** Flags for headless Chromium on a server: no sandbox as root, no background network chatter. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
