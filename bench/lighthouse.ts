/**
 * `npm run lighthouse`: Lighthouse 12 (mobile, its default throttling) with the system Chromium
 * against the built site on a freshly seeded database; prints performance, accessibility, best
 * practices, SEO and CLS per page type and writes bench/lighthouse.md. Not part of `npm test`.
 *
 *   BENCH_SKIP_BUILD=1 npm run lighthouse    # reuse the current build
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumExecutablePath } from "../app/utils/chromium.server";
import { freshDatabase, sessionSecret, signedInCookie, siteEnv, startSite, stopChild } from "./site";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? process.env.E2E_PORT ?? 3205);
const PAGES = [
  "/",
  "/direccion/medica",
  "/direcciones",
  "/ensenanza/offer",
  "/legado-artistico",
  "/hemerobiblioteca",
  "/buscar?q=pediatria",
  "/requisitos",
  "/userlogin",
  "/register",
  "/donacion",
];
const SIGNED_IN = ["/profile"];
// Signed in with a paid course chosen (bench/payment-buyer.ts): the card step.
const BUYING = ["/payment"];

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const database = freshDatabase(`lighthouse-${PORT}`);
  const site = await startSite(siteEnv(PORT, database));
  process.env.DATABASE_PATH = database;
  process.env.SESSION_SECRET = siteEnv(PORT, database).SESSION_SECRET;
  const cookie = await signedInCookie();
  const buyerCookie = paymentBuyerCookie(database);

  const chrome = await chromeLauncher.launch({
    chromePath: chromiumExecutablePath(),
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  const rows: string[] = [];
  try {
    const audit = (page: string, extraHeaders?: Record<string, string>) =>
      lighthouse(`http://127.0.0.1:${PORT}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        extraHeaders,
      });
    const run = async (page: string, extraHeaders?: Record<string, string>) => {
      let result = await audit(page, extraHeaders);
      // A trace that failed to record (NO_NAVSTART and the like, on a busy machine): once more.
      if (result?.lhr.runtimeError) result = await audit(page, extraHeaders);
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) process.stderr.write(`${page}: ${runtimeError.code} ${runtimeError.message}\n`);
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const failing = Object.values(audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
        .map((a) => a.id);
      const row = `| \`${page}\`${extraHeaders ? " (signed in)" : ""} | ${score("performance")} | ${score("accessibility")} | ${score("best-practices")} | ${score("seo")} | ${(audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)} | ${audits["largest-contentful-paint"]?.displayValue ?? ""} | ${failing.join(", ") || "—"} |`;
      rows.push(row);
      process.stderr.write(`${row}\n`);
    };
    // The first audit of a fresh Chromium is the least reliable: warm it up on the home page.
    await audit("/");
    for (const page of PAGES) await run(page);
    for (const page of SIGNED_IN) await run(page, { Cookie: cookie });
    for (const page of BUYING) await run(page, { Cookie: buyerCookie });
  } finally {
    await chrome.kill();
    await stopChild(site.child);
  }
  const report = [
    `# Lighthouse 12, mobile (${new Date().toISOString()})`,
    "",
    "| page | performance | accessibility | best practices | SEO | CLS | LCP | binary audits not passed |",
    "|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
  fs.writeFileSync(path.resolve("bench/lighthouse.md"), report);
  process.stdout.write(report);
}

function paymentBuyerCookie(database: string): string {
  const result = spawnSync(process.execPath, ["--import", "tsx", "bench/payment-buyer.ts"], {
    env: { ...process.env, NODE_ENV: "production", DATABASE_PATH: database, SESSION_SECRET: sessionSecret },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`could not make the payment buyer: ${result.stderr}`);
  return (JSON.parse(result.stdout) as { cookie: string }).cookie;
}

await main();
process.exit(0);
