import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { databasePath, readConfig } from "../app/config.server";
import { db } from "../app/db.server";
import { startMailCapture } from "../app/mail/capture.server";
import { startPaymentMaintenance } from "../app/payments/maintenance.server";
import { getPaymentProvider } from "../app/payments/provider.server";
import { assertMailConfigured } from "../app/mail/mailer.server";
import { runShutdownTasks } from "../app/utils/shutdown.server";
import { createApp } from "./app";
import { log } from "./logging";
import { prepareDatabase } from "./prepare-database";

const config = readConfig();
// Refuse to start when mail would go nowhere (SMTP_URL unset and MAIL_CAPTURE=false).
const mailMode = assertMailConfigured(config);

const prepared = await prepareDatabase({ includeDemoContent: config.SEED_DEMO_CONTENT });
log("info", "database ready", { ...prepared });

const buildPath = path.resolve("build/index.js");
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;

// Without SMTP_URL, mail goes to the in-process capture (docs/decisions/0008-mail-capture.md).
if (mailMode === "capture") await startMailCapture();

const app = createApp(build, config);
const server = app.listen(config.PORT, config.HOST, () => {
  log("info", "server listening", {
    url: `http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${config.PORT}`,
    database: databasePath(),
    mode: config.NODE_ENV,
  });
});

// Expire seat holds, abandoned payment attempts and sessions; ask the bank about open payments.
const stopPaymentMaintenance = startPaymentMaintenance(db, {
  seconds: config.PAYMENT_MAINTENANCE_SECONDS,
  provider: () => getPaymentProvider(db, config),
  origin: config.PUBLIC_URL ?? null,
  log: (error) => log("error", "payment maintenance failed", { error: error instanceof Error ? error.message : String(error) }),
});

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  log("info", "shutting down", { signal });
  stopPaymentMaintenance();
  // Give in-flight requests up to 10 s, then stop regardless.
  const force = setTimeout(() => {
    log("warn", "forced exit after 10 s");
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close(async () => {
    try {
      await runShutdownTasks();
      await db.destroy();
    } finally {
      log("info", "stopped");
      process.exit(0);
    }
  });
  server.closeIdleConnections();
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
