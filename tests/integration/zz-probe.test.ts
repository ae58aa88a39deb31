import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AddressInfo } from "node:net";
import { test } from "vitest";
import { readConfig } from "~/config.server";
import { db } from "~/db.server";
import { seedDatabase } from "../../seeds/index";
import { createApp } from "../../server/app";
test("probe", async () => {
  await seedDatabase(db);
  const build = await import(pathToFileURL(path.resolve("build/index.js")).href);
  const app = createApp(build, readConfig({ ...process.env, NODE_ENV: "production" }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const r = await fetch(`${base}/userlogin`, { method: "POST", headers: { Origin: base, "X-Forwarded-Host": "evil.example", "Content-Type": "application/x-www-form-urlencoded" }, body: "student_email=a%40b.mx&student_password=x", redirect: "manual" });
  console.log(r.status, (await r.text()).slice(0, 300));
  server.close();
});
