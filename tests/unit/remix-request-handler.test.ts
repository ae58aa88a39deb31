import http from "node:http";
import type { AddressInfo } from "node:net";
import express, { type NextFunction, type Request, type Response } from "express";
import { afterEach, expect, test } from "vitest";
import { remixRequestHandler } from "../../server/app";
import { documentBodyOf, documentResponse } from "../../app/utils/document-body.server";

// A document rendered by app/entry.server.tsx goes out as its one Buffer, in one `end`; every other
// Response is sent by Remix's own sendRemixResponse, chunk by chunk (decision 0071).

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

const page = Buffer.from('<!DOCTYPE html><html lang="es-MX"><body><p>Niñas y niños, año 2026</p></body></html>');

async function serve(handle: (request: globalThis.Request) => Promise<globalThis.Response>) {
  const writes: string[] = [];
  const app = express();
  // What reached the socket: each write and end, and whether end carried the body.
  app.use((_req: Request, res: Response, next: NextFunction) => {
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((...args: unknown[]) => (writes.push("write"), write(...args))) as typeof res.write;
    res.end = ((...args: unknown[]) => (writes.push(args[0] === undefined ? "end" : "end with body"), end(...args))) as typeof res.end;
    next();
  });
  app.all(
    "*",
    remixRequestHandler(handle, () => ({ cspNonce: "", requestId: "prueba" })),
  );
  app.use((_error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    res.status(500).send("Ocurrió un error en el servidor");
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, writes };
}

test("a rendered document goes out as its Buffer in one end, with Remix's status and headers", async () => {
  const { base, writes } = await serve(async () =>
    documentResponse(page, {
      status: 404,
      headers: { "Content-Type": "text/html; charset=utf-8", "Content-Length": String(page.length), "X-Uno": "1" },
    }),
  );
  const response = await fetch(`${base}/cualquier/pagina`);
  expect(response.status).toBe(404);
  expect(response.headers.get("x-uno")).toBe("1");
  expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(Buffer.from(await response.arrayBuffer()).equals(page)).toBe(true);
  expect(writes).toEqual(["end with body"]);
});

test("any other Response is streamed by Remix's sendRemixResponse, and a failure reaches Express's error handler", async () => {
  let fail = false;
  const { base, writes } = await serve(async (request) => {
    if (fail) throw new Error("falla");
    const made = new Response(`datos de ${new URL(request.url).pathname}`, { status: 201, headers: { "X-Dos": "2" } });
    expect(documentBodyOf(made)).toBeUndefined();
    return made;
  });
  const response = await fetch(`${base}/recurso`);
  expect(response.status).toBe(201);
  expect(response.headers.get("x-dos")).toBe("2");
  expect(await response.text()).toBe("datos de /recurso");
  expect(writes).toEqual(["write", "end"]);

  fail = true;
  const failed = await fetch(`${base}/recurso`);
  expect(failed.status).toBe(500);
  expect(await failed.text()).toBe("Ocurrió un error en el servidor");
});

test("the Response of a document still carries the document, for any other reader", async () => {
  const response = documentResponse(page, { status: 200 });
  expect(documentBodyOf(response)).toBe(page);
  expect(Buffer.from(await response.arrayBuffer()).equals(page)).toBe(true);
});
