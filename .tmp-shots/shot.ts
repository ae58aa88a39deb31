import { chromium } from "playwright-core";
import { db } from "../app/db.server";
import { STAFF_COOKIE_NAME } from "../app/staff/session.server";
import { createSignedInStaff } from "../tests/support/staff";
import { createDonation } from "../tests/factories";

const base = "http://localhost:3300";
const role = (process.argv[2] ?? "finanzas") as "finanzas";
const paths = process.argv.slice(3);
const staff = await createSignedInStaff(db, role);
if (process.env.SEED_DONATION) { const d = await createDonation({ donorName: "Fundación Prueba", amountCentavos: 250000 }); console.log("donation", d.id); }
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
for (const width of [375, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: STAFF_COOKIE_NAME, value: staff.cookie.slice(STAFF_COOKIE_NAME.length + 1), url: base }]);
  const page = await context.newPage();
  for (const p of paths) {
    const res = await page.goto(base + p);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    console.log(width, p, res?.status(), "overflow", overflow);
    await page.screenshot({ path: `/tmp/shot/${width}-${p.replace(/\W+/g, "_")}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
process.exit(0);
