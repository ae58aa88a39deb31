// Draws public/favicon.ico from public/favicon.svg (16, 32 and 48 px, PNG-compressed entries, as
// every browser since 2007 reads them) with the system Chromium, so the two icons never differ.
// Run after changing the SVG: node --import tsx scripts/make-favicon.ts
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumExecutablePath } from "../app/utils/chromium.server";

const SIZES = [16, 32, 48];
const svg = fs.readFileSync("public/favicon.svg", "utf8");

const browser = await chromium.launch({ executablePath: chromiumExecutablePath(), args: chromiumArgs });
const pngs: Buffer[] = [];
try {
  const page = await browser.newPage();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><img src="${dataUrl}" width="${size}" height="${size}" style="display:block">`,
    );
    await page.locator("img").evaluate((img: HTMLImageElement) => img.decode());
    pngs.push(await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
  }
} finally {
  await browser.close();
}

// ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per size, then the PNG data.
const header = Buffer.alloc(6 + 16 * SIZES.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(SIZES.length, 4);
let offset = header.length;
SIZES.forEach((size, i) => {
  const entry = 6 + 16 * i;
  header.writeUInt8(size, entry);
  header.writeUInt8(size, entry + 1);
  header.writeUInt8(0, entry + 2);
  header.writeUInt8(0, entry + 3);
  header.writeUInt16LE(1, entry + 4);
  header.writeUInt16LE(32, entry + 6);
  header.writeUInt32LE(pngs[i]!.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += pngs[i]!.length;
});
fs.writeFileSync("public/favicon.ico", Buffer.concat([header, ...pngs]));
console.log(`public/favicon.ico: ${SIZES.join(", ")} px, ${offset} bytes`);
