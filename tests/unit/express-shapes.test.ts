import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, expect, test } from "vitest";
import { expressShapes } from "../../server/app";

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
