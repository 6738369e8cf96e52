// A line chart drawn as SVG and photographed by Debian's Chromium (playwright-core, as the
// browser tests do) into a PNG: benches show a run's shape, not only its table.

import { existsSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

export interface Series {
  label: string;
  color: string;
  /** [x, y] */
  points: [number, number][];
  /** Plotted against the right-hand axis. */
  right?: boolean;
}

export interface Chart {
  title: string;
  xLabel: string;
  leftLabel: string;
  rightLabel?: string;
  series: Series[];
  /** Shaded x ranges with a caption (phases of a run). */
  bands?: { from: number; to: number; label: string }[];
}

const W = 1000;
const H = 520;
const PAD = { left: 70, right: 70, top: 50, bottom: 60 };

function niceMax(v: number): number {
  if (v <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(v));
  return Math.ceil(v / step) * step;
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

export function chartSvg(c: Chart): string {
  const xs = c.series.flatMap((s) => s.points.map((p) => p[0]));
  const x0 = Math.min(...xs, 0);
  const x1 = Math.max(...xs, 1);
  const lmax = niceMax(Math.max(...c.series.filter((s) => !s.right).flatMap((s) => s.points.map((p) => p[1])), 1));
  const rmax = niceMax(Math.max(...c.series.filter((s) => s.right).flatMap((s) => s.points.map((p) => p[1])), 1));
  const px = (x: number) => PAD.left + ((x - x0) / (x1 - x0 || 1)) * (W - PAD.left - PAD.right);
  const py = (y: number, right?: boolean) => H - PAD.bottom - (y / (right ? rmax : lmax)) * (H - PAD.top - PAD.bottom);
  const parts: string[] = [];
  parts.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
  for (const b of c.bands ?? []) {
    parts.push(`<rect x="${px(b.from)}" y="${PAD.top}" width="${Math.max(0, px(b.to) - px(b.from))}" height="${H - PAD.top - PAD.bottom}" fill="#eef3fb"/>`);
    parts.push(`<text x="${(px(b.from) + px(b.to)) / 2}" y="${PAD.top + 14}" font-size="12" text-anchor="middle" fill="#557">${esc(b.label)}</text>`);
  }
  for (let i = 0; i <= 5; i++) {
    const y = H - PAD.bottom - (i / 5) * (H - PAD.top - PAD.bottom);
    parts.push(`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y}" y2="${y}" stroke="#ddd"/>`);
    parts.push(`<text x="${PAD.left - 8}" y="${y + 4}" font-size="12" text-anchor="end" fill="#333">${Math.round((lmax * i) / 5)}</text>`);
    if (c.rightLabel) parts.push(`<text x="${W - PAD.right + 8}" y="${y + 4}" font-size="12" fill="#333">${Math.round((rmax * i) / 5)}</text>`);
  }
  for (let i = 0; i <= 6; i++) {
    const x = x0 + ((x1 - x0) * i) / 6;
    parts.push(`<text x="${px(x)}" y="${H - PAD.bottom + 18}" font-size="12" text-anchor="middle" fill="#333">${Math.round(x)}</text>`);
  }
  parts.push(`<text x="${W / 2}" y="28" font-size="18" text-anchor="middle" font-weight="bold">${esc(c.title)}</text>`);
  parts.push(`<text x="${W / 2}" y="${H - 18}" font-size="13" text-anchor="middle">${esc(c.xLabel)}</text>`);
  parts.push(`<text x="18" y="${H / 2}" font-size="13" text-anchor="middle" transform="rotate(-90 18 ${H / 2})">${esc(c.leftLabel)}</text>`);
  if (c.rightLabel) parts.push(`<text x="${W - 16}" y="${H / 2}" font-size="13" text-anchor="middle" transform="rotate(90 ${W - 16} ${H / 2})">${esc(c.rightLabel)}</text>`);
  c.series.forEach((s, i) => {
    const d = s.points.map((p, j) => `${j ? "L" : "M"}${px(p[0]).toFixed(1)},${py(p[1], s.right).toFixed(1)}`).join(" ");
    parts.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="2.5"${s.right ? ' stroke-dasharray="6 4"' : ""}/>`);
    const lx = PAD.left + 10 + i * 200;
    parts.push(`<line x1="${lx}" x2="${lx + 24}" y1="${PAD.top - 8}" y2="${PAD.top - 8}" stroke="${s.color}" stroke-width="3"${s.right ? ' stroke-dasharray="6 4"' : ""}/>`);
    parts.push(`<text x="${lx + 30}" y="${PAD.top - 4}" font-size="12">${esc(s.label)}</text>`);
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif">${parts.join("")}</svg>`;
}

/** Writes `file` (PNG) of the chart, and the SVG beside it; false when Chromium is not there. */
export async function renderChart(c: Chart, file: string): Promise<boolean> {
  const svg = chartSvg(c);
  writeFileSync(file.replace(/\.png$/, ".svg"), svg);
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(executablePath)) return false;
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"], headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: W, height: H } });
    await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
    await page.screenshot({ path: file, clip: { x: 0, y: 0, width: W, height: H } });
    return true;
  } finally {
    await browser.close();
  }
}
