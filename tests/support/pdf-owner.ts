/**
 * A process that renders one PDF and then waits (tests/integration/pdf-browser-lifetime.test.ts):
 * it prints the pid of the Chromium it launched, and is then killed from outside.
 */
import { pdfBrowserStatus, renderPdf } from "../../app/pdf/pdf.server";

await renderPdf('<!doctype html><html lang="es-MX"><title>.</title><p>.</p></html>');
process.stdout.write(`${JSON.stringify({ chromiumPid: pdfBrowserStatus().pid })}\n`);
setInterval(() => {}, 60_000);
