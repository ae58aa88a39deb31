// The server proper, imported by server/index.ts once the configuration and the data directory passed.
import type { ServerResponse } from "node:http";
import { databasePath, demoMode, settleConfig, siteOrigin, type AppConfig } from "../app/config.server";
import { describeDatabaseError, refuseToStart } from "./preflight";
import { db } from "../app/db.server";
import { startMailCapture } from "../app/mail/capture.server";
import { assertMailConfigured } from "../app/mail/mailer.server";
import { countStaff } from "../app/staff/staff-members.server";
import { totpKeyRing } from "../app/staff/totp-secrets.server";
import { confirmationPaths } from "../app/payments/provider.server";
import { siteJobRunner } from "../app/jobs/site-jobs.server";
import { onShutdown, runShutdownTasks } from "../app/utils/shutdown.server";
import { warmPdfBrowser } from "../app/pdf/pdf.server";
import { STARTED_ANYWAY_MS, startBackgroundWork, whenStarted } from "../app/utils/after-start.server";
import { getSettings } from "../app/settings/settings.server";
import { missingOfflinePaymentSettings } from "../app/settings/settings";
import { createApp } from "./app";
import { flushLog, log } from "./logging";
import { prepareDatabase } from "./prepare-database";
import { importRemixBuild } from "./remix-build.js";

// Read once: the environment of a running server does not change (readConfig answers from here on).
const config: AppConfig = settleConfig();
// Refuse to start when mail would go nowhere (checked in server/index.ts before anything opens).
const mailMode = assertMailConfigured(config);

const demo = demoMode(config);
if (demo) {
  log("warn", "DEMO MODE: card payments are simulated and mail is captured, not delivered (every page shows a banner)", {
    hint: "for real use set DEMO_MODE=false (or PUBLIC_URL), PAYMENT_PROVIDER=banorte with its credentials, and SMTP_URL",
    links: siteOrigin(config),
  });
}

// Card approvals are fulfilled only on the bank's word (decision 0030): say which ways are active.
const confirmation = confirmationPaths(config);
log(confirmation.bankVerification ? "info" : "warn", "card payments are confirmed only out of band", {
  paths: confirmation.paths,
  ...(confirmation.bankVerification
    ? {}
    : { note: "no bank verification: approvals wait 'en verificación' until finance imports the report or confirms them; do it every business day" }),
});

// The key of the staff members' TOTP secrets (decision 0034): STAFF_TOTP_KEY, or in a demo without
// it a generated key kept in staff-totp.key beside the database file (never inside it).
try {
  const ring = totpKeyRing(config);
  if (ring.file) {
    log("info", "staff TOTP secrets are encrypted with the demo's key file", {
      file: ring.file,
      note: "a copy of the database alone cannot pass the second step; keep a copy of this file apart from the database backups, or set STAFF_TOTP_KEY",
    });
  }
} catch (error) {
  refuseToStart(error instanceof Error ? error.message : String(error));
}

let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
try {
  prepared = await prepareDatabase({ includeDemoContent: config.SEED_DEMO_CONTENT });
} catch (error) {
  refuseToStart(describeDatabaseError(error, databasePath()));
}
log("info", "database ready", { ...prepared });
if (prepared.totpSecrets.unreadable > 0) {
  log("warn", "some staff TOTP secrets cannot be opened with the keys in effect: those staff cannot pass the second step", {
    unreadable: prepared.totpSecrets.unreadable,
    howTo: "Set STAFF_TOTP_KEY (or STAFF_TOTP_PREVIOUS_KEYS) to the key that encrypted them; without it these staff members cannot sign in",
  });
}
// Real use: /payment and /donacion offer paying off-line; without these settings they can only say
// "call the office". A warning, not a refusal: the site works, the details are filled at /admin/ajustes.
if (!demo) {
  const missing = missingOfflinePaymentSettings(await getSettings(db));
  if (missing.length > 0) {
    log("warn", "bank details or the Teaching office's contact are empty: the payment pages will tell people to call instead", {
      missing,
      howTo: "An admin fills them at /admin/ajustes (Pago de cursos por transferencia o ventanilla; Donativos por transferencia)",
    });
  }
}
// No default staff accounts exist: say how to make the first admin (docs/decisions/0015).
if ((await countStaff(db)) === 0) {
  log("warn", "no staff accounts yet", {
    howTo: 'Create the first admin: npm run staff:create -- --email <correo> --name "<nombre>" --role admin (prints a set-up link valid 24 h)',
  });
}

const build = await importRemixBuild();

// Without SMTP_URL, mail goes to the in-process capture (docs/decisions/0008-mail-capture.md).
if (mailMode === "capture") await startMailCapture();

const app = createApp(build, config);
const server = app.listen(config.PORT, config.HOST, () => {
  log("info", "server listening", {
    url: `http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${config.PORT}`,
    database: databasePath(),
    mode: config.NODE_ENV,
    demo,
  });
  // Chromium warms up in the background (PDF_WARMUP, on by default): readiness does not wait, and
  // neither does the first page (app/utils/after-start.server.ts).
  if (config.PDF_WARMUP) {
    whenStarted(() =>
      warmPdfBrowser().then(
        (ms) => log("info", "chromium ready for PDFs", { ms }),
        (error: unknown) => log("warn", "chromium did not start: PDFs will try again when one is asked for", { error: String(error) }),
      ),
    );
  }
  // The start is over once the first response is out (or after STARTED_ANYWAY_MS without one).
  server.once("request", (_request: unknown, response: ServerResponse) => response.once("close", () => setTimeout(startBackgroundWork, 100).unref()));
  setTimeout(startBackgroundWork, STARTED_ANYWAY_MS).unref();
});

// The one job runner (app/jobs, decision 0043): scheduled publication, payment maintenance, the
// mail outbox, expiring uploads, backups and the administrators' alerts. On shutdown it waits for
// the runs in progress (a backup finishes its file) before the database closes.
const jobRunner = siteJobRunner();
await jobRunner.start();
onShutdown(() => jobRunner.stop());
log("info", "job runner started", { jobs: jobRunner.nextRuns().map((job) => `${job.name} ${job.at.toISOString()}`) });

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  log("info", "shutting down", { signal });
  // Give in-flight requests up to 10 s, then stop regardless.
  const force = setTimeout(() => {
    log("warn", "forced exit after 10 s");
    void flushLog().finally(() => process.exit(1));
  }, 10_000);
  force.unref();
  server.close(async () => {
    try {
      await runShutdownTasks();
      await db.destroy();
    } finally {
      log("info", "stopped");
      // The request log is buffered: every line is written before the process ends.
      await flushLog();
      process.exit(0);
    }
  });
  server.closeIdleConnections();
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
