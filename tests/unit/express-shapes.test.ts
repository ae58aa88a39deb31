import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, expect, test } from "vitest";
import compression from "compression";
import { EXPRESS_REQUEST_FIELDS, EXPRESS_RESPONSE_FIELDS, expressShapes } from "../../server/app";

// Requests answered before Express (kept pages) and requests Express handles must leave Node's
// HTTP code with the same prototypes, or that shared code slows down for both (issue 22).

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function listen(shapes: Pick<http.ServerOptions, "IncomingMessage" | "ServerResponse">, app: express.Express, seen: string[]) {
  server = http.createServer(shapes, (req, res) => {
    const arrived = { req: Object.getPrototypeOf(req) as object, res: Object.getPrototypeOf(res) as object };
    if (req.url === "/antes") {
      seen.push(arrived.req === app.request && arrived.res === app.response ? "same" : "other");
      res.end("antes de Express");
      return;
    }
    res.once("finish", () => seen.push(Object.getPrototypeOf(req) === arrived.req && Object.getPrototypeOf(res) === arrived.res ? "same" : "other"));
    app(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test("requests and responses are born with Express's prototypes: Express's own swap changes nothing, and its methods work", async () => {
  const app = express();
  const shapes = expressShapes(app);
  app.get("/ruta", (req, res) => {
    res
      .status(201)
      .set("X-Ruta", req.path)
      .send(`hola ${String(req.query.nombre)}`);
  });
  const seen: string[] = [];
  const base = await listen(shapes, app, seen);

  const before = await fetch(`${base}/antes`);
  expect(await before.text()).toBe("antes de Express");
  const answer = await fetch(`${base}/ruta?nombre=Ana`);
  expect(answer.status).toBe(201);
  expect(answer.headers.get("x-ruta")).toBe("/ruta");
  expect(await answer.text()).toBe("hola Ana");
  await new Promise((resolve) => setImmediate(resolve));
  // The request answered before Express already had Express's prototypes, and Express kept them.
  expect(seen).toEqual(["same", "same"]);
});

test("without them Express swaps the prototypes (the check above can fail)", async () => {
  const app = express();
  app.get("/ruta", (_req, res) => {
    res.send("hola");
  });
  const seen: string[] = [];
  const base = await listen({}, app, seen);
  await (await fetch(`${base}/ruta`)).text();
  await new Promise((resolve) => setImmediate(resolve));
  expect(seen).toEqual(["other"]);
});

/** The own keys of a finished request and response, in order (the order V8 built their hidden classes in). */
async function keysAtFinish(shapes: Pick<http.ServerOptions, "IncomingMessage" | "ServerResponse">, app: express.Express) {
  const seen = new Map<string, { req: string[]; res: string[] }>();
  server = http.createServer(shapes, (req, res) => {
    res.once("finish", () => seen.set(req.url!, { req: Reflect.ownKeys(req).map(String), res: Reflect.ownKeys(res).map(String) }));
    if (req.url === "/antes") {
      res.writeHead(200, ["Content-Type", "text/plain; charset=utf-8"]);
      res.end("antes de Express");
      return;
    }
    app(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const url of ["/antes", "/ruta?nombre=Ana", "/otra", "/no-existe"])
    await (await fetch(`${base}${url}`, { headers: { "accept-encoding": "gzip" } })).text();
  await new Promise((resolve) => setImmediate(resolve));
  return seen;
}

function appWithMiddleware(app: express.Express) {
  app.use(compression({ threshold: 0 }));
  app.get("/ruta", (req, res) => {
    res.status(201).send(`hola ${String(req.query.nombre)}`);
  });
  app.get("/otra", (_req, res) => {
    res.type("text").send("otra");
  });
  return app;
}

test("a request answered before Express and those Express handles (compression, routes, its 404) end with the same fields in the same order", async () => {
  const app = express();
  const seen = await keysAtFinish(expressShapes(app), appWithMiddleware(app));
  const before = seen.get("/antes")!;
  expect(seen.size).toBe(4);
  for (const [url, keys] of seen) {
    expect(keys.req, `request ${url}`).toEqual(before.req);
    expect(keys.res, `response ${url}`).toEqual(before.res);
  }
  expect(before.req).toEqual(expect.arrayContaining([...EXPRESS_REQUEST_FIELDS]));
  expect(before.res).toEqual(expect.arrayContaining([...EXPRESS_RESPONSE_FIELDS, "statusCode", "statusMessage"]));
});

test("without the fields present from the start, Express's requests end with other fields than one answered before it (the check above can fail)", async () => {
  const app = express();
  const seen = await keysAtFinish({}, appWithMiddleware(app));
  expect(seen.get("/ruta?nombre=Ana")!.req).not.toEqual(seen.get("/antes")!.req);
  expect(seen.get("/ruta?nombre=Ana")!.res).not.toEqual(seen.get("/antes")!.res);
});

test("the server's options still reach each response (rejectNonStandardBodyWrites refuses a body on a HEAD)", async () => {
  const app = express();
  const written: string[] = [];
  server = http.createServer({ ...expressShapes(app), rejectNonStandardBodyWrites: true }, (_req, res) => {
    try {
      res.write("cuerpo");
      written.push("escrito");
    } catch (error) {
      written.push((error as { code?: string }).code ?? String(error));
    }
    res.end();
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { method: "HEAD" });
  expect(answer.status).toBe(200);
  expect(written).toEqual(["ERR_HTTP_BODY_NOT_ALLOWED"]);
});
