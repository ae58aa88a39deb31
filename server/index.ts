// The server's entry point. Checks what an operator must fix before anything opens the database
// or a port, and says which setting or path and what to do — never a bare stack trace. Then it
// starts the server proper (server/serve.ts, imported only now so nothing runs before the checks).
import { databasePath, mailDestination, readConfig } from "../app/config.server";
import { databaseLocationProblem, refuseToStart } from "./preflight";
import { keepTickObjectShape } from "./tick-object-shape";

// Before anything big is loaded: keeps process.nextTick on V8's fast path (decision 0073).
keepTickObjectShape();

try {
  // Refuses real use without Banorte, SMTP_URL and PUBLIC_URL (the message says what to set).
  if (!mailDestination(readConfig())) refuseToStart("Mail is not configured: set SMTP_URL (e.g. smtp://user:password@smtp.example.org:587).");
} catch (error) {
  refuseToStart(error instanceof Error ? error.message : String(error));
}

const problem = databaseLocationProblem(databasePath());
if (problem) refuseToStart(problem);

await import("./serve");
