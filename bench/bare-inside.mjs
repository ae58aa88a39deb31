// The bench's diagnosis of the site/bare gap (bench/run.ts, `measureBareInside`), never production:
// imported into a bench site with `--import`, it answers each page of its list (`/__bench-bare<page>`) with that page's
// captured bytes and headers exactly as the bare server does, inside the site's process. Comparing
// it with the site's own answer and with the bare server alone tells apart what the site's code
// costs from what its process costs (V8's state after rendering pages, a larger heap).
// BENCH_BARE_INSIDE names the JSON list of { page, status, headers, file } (the bare server's, each
// page under that prefix).
import fs from "node:fs";
import http from "node:http";

const list = JSON.parse(fs.readFileSync(process.env.BENCH_BARE_INSIDE, "utf8"));
const entries = new Map(list.map((e) => [e.page, { ...e, body: fs.readFileSync(e.file) }]));

const createServer = http.createServer;
http.createServer = function benchCreateServer(options, handler) {
  if (typeof options === "function") [options, handler] = [{}, options];
  const answer = (req, res) => {
    const e = entries.get(req.url);
    if (!e) return handler(req, res);
    res.writeHead(e.status, e.headers);
    res.end(e.body);
  };
  return createServer.call(http, options, answer);
};
