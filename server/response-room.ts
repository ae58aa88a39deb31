import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";

/**
 * A streamed body's backpressure (decision 0040). Remix's Node adapter writes each chunk of a
 * loader's stream without waiting for the socket, so a streamed export asks this before reading
 * its next batch: it resolves at once while the response takes more, otherwise on the response's
 * 'drain'; it rejects once the connection is gone (the download was stopped: nothing more is read).
 * compression replaces `res.on` with one that listens to its gzip stream, so the response's own
 * events are listened to through EventEmitter.
 */
export function responseRoom(res: ServerResponse): () => Promise<void> {
  const gone = () => new Error("the client closed the connection");
  return () => {
    if (res.destroyed) return Promise.reject(gone());
    if (!res.writableNeedDrain) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const settle = (closed: boolean) => () => {
        EventEmitter.prototype.removeListener.call(res, "drain", onDrain);
        EventEmitter.prototype.removeListener.call(res, "close", onClose);
        if (closed) reject(gone());
        else resolve();
      };
      const onDrain = settle(false);
      const onClose = settle(true);
      EventEmitter.prototype.on.call(res, "drain", onDrain);
      EventEmitter.prototype.on.call(res, "close", onClose);
    });
  };
}
