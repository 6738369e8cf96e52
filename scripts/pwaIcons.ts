// Renders the hub's SVG icons to the PNG sizes the web app manifest names, with Debian's
// Chromium (the browser tests' one): `npx tsx scripts/pwaIcons.ts`. The PNGs are committed
// in client/pwa/icons/; run this again after editing an SVG there.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const ICONS = join(dirname(fileURLToPath(import.meta.url)), "..", "client", "pwa", "icons");
const OUT: { svg: string; png: string; size: number }[] = [
  { svg: "icon.svg", png: "icon-192.png", size: 192 },
  { svg: "icon.svg", png: "icon-512.png", size: 512 },
  { svg: "icon-maskable.svg", png: "icon-maskable-512.png", size: 512 },
  { svg: "icon-maskable.svg", png: "apple-touch-icon.png", size: 180 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  for (const { svg, png, size } of OUT) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const data = Buffer.from(readFileSync(join(ICONS, svg))).toString("base64");
    await page.setContent(`<html><body style="margin:0;background:transparent"><img src="data:image/svg+xml;base64,${data}" width="${size}" height="${size}" style="display:block"></body></html>`);
    await page.waitForFunction(() => document.images[0]?.complete);
    writeFileSync(join(ICONS, png), await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
    await page.close();
    console.log(`${png} ${size}×${size}`);
  }
} finally {
  await browser.close();
}
