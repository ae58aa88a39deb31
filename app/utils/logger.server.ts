import pino from "pino";
import { singleton } from "./singleton.server";

/**
 * The process's one logger (pino): one JSON line per event on standard output, written
 * asynchronously from a buffer, so a request never waits for a write (issue 22). The Express
 * server and the Remix build each import this module; `singleton` makes them share one logger
 * and one buffer. The line format is documented in docs/ARCHITECTURE.md ("Logs").
 *
 * - Request lines (`logRequest`, `logKeptPageRequest`) are encoded into a batch as they are made and handed to the
 *   buffer together, once they make 64 KB or REQUEST_LINES_WAIT_MS after the first of them (one
 *   Buffer per batch, not per line or per turn); the buffer writes them when it holds 64 KB, or
 *   within a second. Every other line (`log`) goes after them and is handed to the kernel at once,
 *   so start-up messages, warnings and errors are never late and the order of lines is kept.
 * - `LOG_LEVEL` (debug, info, warn, error, silent; default info) drops lower levels before any
 *   work is done.
 * - The buffer is bounded (16 MiB): if standard output stops draining, lines are dropped rather
 *   than the process growing without end.
 * - `flushLog()` (graceful shutdown) waits until everything buffered is written.
 */

export type LogLevel = "debug" | "info" | "warn" | "error";

const LEVELS = new Set(["debug", "info", "warn", "error", "silent"]);

function createLogger() {
  const destination = pino.destination({
    dest: 1,
    sync: false,
    // Fewer, larger writes: each write is a round trip through the thread pool.
    minLength: 64 * 1024,
    maxWrite: 128 * 1024,
    maxLength: 16 * 1024 * 1024,
    periodicFlush: 1000,
    // Buffers, not one growing string: in its string mode sonic-boom measures the whole pending
    // string again on every write, which cost twice the CPU per line.
    contentMode: "buffer",
  });
  const wanted = process.env.LOG_LEVEL?.toLowerCase();
  const logger = pino(
    {
      level: wanted && LEVELS.has(wanted) ? wanted : "info",
      // No pid, no hostname: the line carries what the event says and nothing else.
      base: null,
      // The time is written by `log`/`logRequest`, after the message, so a line reads
      // {"level":…,"message":…,"time":…,…} (the layout the start-up log had before pino).
      timestamp: false,
      messageKey: "message",
      formatters: { level: (label) => ({ level: label }) },
    },
    { write: (line: string) => destination.write(Buffer.from(line) as unknown as string) },
  );
  if (wanted && !LEVELS.has(wanted)) {
    logger.warn({ message: "LOG_LEVEL not understood: logging at info", time: isoTime(), given: wanted });
  }
  return { logger, destination };
}

let lastMs = 0;
let lastIso = "";
/** The ISO time of `ms` (default: now), formatted once per millisecond (under load many lines share one). */
function isoTime(ms = Date.now()): string {
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}

// This module's handle on the shared logger (a Map lookup per request line otherwise).
let shared: ReturnType<typeof createLogger> | undefined;
function instance() {
  return (shared ??= singleton("logger", createLogger));
}

/** One line at `level`; written at once (these lines are rare: start-up, warnings, errors). */
export function log(level: LogLevel, message: string, fields: Record<string, unknown> = {}) {
  const { logger, destination } = instance();
  if (!logger.isLevelEnabled(level)) return;
  handOverRequestLines();
  logger[level]({ message, time: isoTime(), ...fields });
  try {
    destination.flush();
  } catch {
    // Destroyed at exit: the line went with the final synchronous flush or nowhere.
  }
}

export interface RequestLine {
  requestId: string;
  method: string | undefined;
  /** Already stripped of its query and of secret segments (`loggedPath` below). */
  path: string;
  status: number;
  durationMs: number;
}

/**
 * The line of one finished request: buffered (the hot path of the page cache writes one per hit).
 * Written as pino writes it (same keys, same order), but put together here: the fields are fixed,
 * so this skips pino's generic serialisation, a third of a kept page's CPU with logging on.
 */
export function logRequest(line: RequestLine) {
  const level = line.status >= 500 ? "error" : "info";
  if (!instance().logger.isLevelEnabled(level)) return;
  appendRequestLine(level, jsonString(line.requestId).slice(1, -1), requestLineTail(line.method, line.path, line.status), line.durationMs);
}

/**
 * The end of a request line after its request id, up to its duration: what stays the same for every
 * request of one method for one path and status. The page cache keeps it with each kept page, so a
 * hit's line costs its time, id and duration only (`logKeptPageRequest`).
 */
export function requestLineTail(method: string | undefined, path: string, status: number): string {
  const methodField = method === undefined ? "" : `,"method":${jsonString(method)}`;
  return `${methodField},"path":${jsonString(path)},"status":${status},"durationMs":`;
}

/**
 * A request id as server/logging.ts makes or admits them (`answeredRequestId`): letters, digits and
 * hyphens, so a line carries it without escaping.
 */
export type RequestId = string & { readonly __kind: "RequestId" };

/**
 * The line of a kept page sent by the page cache's fast path (status 200 or 304: level info), its
 * tail made once by `requestLineTail`; `atMs` is the time the hit already read (Date.now()).
 */
export function logKeptPageRequest(requestId: RequestId, tail: string, durationMs: number, atMs?: number) {
  if (!instance().logger.isLevelEnabled("info")) return;
  appendRequestLine("info", requestId, tail, durationMs, atMs);
}

/** `idText`: the id as it goes between the line's quotes (escaped for JSON where it must be). */
function appendRequestLine(level: "info" | "error", idText: string, tail: string, durationMs: number, atMs?: number) {
  if (!exitHandOver) {
    // Before the destination's own flush at exit (pino registers it): a batch still waiting goes first.
    exitHandOver = true;
    process.prependListener("exit", handOverRequestLines);
  }
  const line = `{"level":"${level}","message":"request","time":"${isoTime(atMs)}","requestId":"${idText}"${tail}${durationMs}}\n`;
  // A line takes at most 3 bytes a character (UTF-16 code units to UTF-8).
  if (batchLength + line.length * 3 > BATCH_BYTES) {
    handOverRequestLines();
    if (line.length * 3 > BATCH_BYTES) return writeToDestination(Buffer.from(line));
  }
  batchLength += batch.write(line, batchLength);
  if (batchLength >= REQUEST_LINES_BATCH) handOverRequestLines();
  else if (handOverTimer === null) handOverTimer = setTimeout(handOverRequestLines, REQUEST_LINES_WAIT_MS).unref();
}

/** How long the first of a batch of request lines waits for others before the batch goes to the buffer. */
export const REQUEST_LINES_WAIT_MS = 100;
/** A batch this long (bytes) goes to the buffer at once. */
const REQUEST_LINES_BATCH = 64 * 1024;
/**
 * Room of a batch: a full one plus a long line (a line longer than this goes on its own). Each batch
 * is one write: at 32 KB, handing batches over and writing them cost ~0.4 µs a line on the event loop.
 */
const BATCH_BYTES = 128 * 1024;

/**
 * Request lines not yet in the destination's buffer, as bytes: each line is encoded into the batch
 * when it is made, while its few short pieces are fresh in the cache. Joined as one string instead,
 * a batch of a few hundred lines was a long chain of pieces that V8 walked again (scattered by
 * then) to flatten and encode it: ~0.8 µs a line, the largest part of logging a kept page (issue 22).
 * The destination gets a copy of its exact length; this buffer is used again.
 */
const batch = Buffer.allocUnsafeSlow(BATCH_BYTES);
let batchLength = 0;
let handOverTimer: NodeJS.Timeout | null = null;
let exitHandOver = false;

function handOverRequestLines() {
  if (handOverTimer !== null) {
    clearTimeout(handOverTimer);
    handOverTimer = null;
  }
  if (batchLength === 0) return;
  const lines = Buffer.allocUnsafe(batchLength);
  batch.copy(lines, 0, 0, batchLength);
  batchLength = 0;
  writeToDestination(lines);
}

function writeToDestination(bytes: Buffer) {
  try {
    instance().destination.write(bytes as unknown as string);
  } catch {
    // Destroyed at exit: nothing more can be written.
  }
}

/** A JSON string: as is when nothing in it needs escaping (ids, methods, most paths), else JSON.stringify. */
function jsonString(value: string): string {
  return /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/.test(value) ? `"${value}"` : JSON.stringify(value);
}

/** Writes everything buffered and resolves when it is out (graceful shutdown). */
export function flushLog(): Promise<void> {
  const { destination } = instance();
  handOverRequestLines();
  return new Promise<void>((resolve) => {
    try {
      // The callback comes once the write under way drained (its fsync fails on a pipe or a
      // terminal: fine); what was buffered behind it then goes out synchronously.
      destination.flush(() => resolve());
    } catch {
      resolve();
    }
  }).then(() => {
    try {
      destination.flushSync();
    } catch {
      // Nothing left, or the stream is gone.
    }
  });
}

/**
 * Addresses whose segment after the prefix is a credential: the enrolment verification link
 * (/verificar/<token>), a constancia's folio (/verificar/constancia/<folio>), a participant's private calendar (/calendario/<token>/mis-cursos.ics) and
 * a staged upload (/api/files/staged/<token>), a waitlist offer (/lista-de-espera/oferta/<token>). Matched case-insensitively and with repeated
 * slashes, as the router matches them. The set-up and password-reset links carry their token in
 * the query, which is never logged.
 */
const SECRET_AFTER_PREFIX = /^(\/+(?:verificar\/+constancia|verificar|calendario|api\/+files\/+staged|lista-de-espera\/+oferta)\/+)[^/]+/i;
/**
 * Any other segment that looks like a random token (22+ base64url characters with both upper and
 * lower case letters: 128 random bits and more), wherever a future route puts one. Slugs, ids and
 * file names are lower case, digits or carry a dot.
 */
const TOKEN_LIKE_SEGMENT = /(?<=\/)(?=[A-Za-z0-9_-]{22,}(?:\/|$))(?=[^/]*[A-Z])(?=[^/]*[a-z])[A-Za-z0-9_-]+/g;

/**
 * The path as it goes into the log: no query (the caller passes none), percent-decoded when it can
 * be, and every secret segment replaced by `:token`, so no log line carries a credential.
 */
export function loggedPath(path: string): string {
  let decoded = path;
  if (path.includes("%")) {
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // Broken percent-encoding (answered 400): logged as it came, still redacted below.
    }
  }
  return decoded.replace(SECRET_AFTER_PREFIX, "$1:token").replace(TOKEN_LIKE_SEGMENT, ":token");
}
