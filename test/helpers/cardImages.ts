// Card data for browser tests: the Scryfall bulk fixture imported into a temp SQLite file (the
// process's card store points at it), its picture URLs pointed at a local image server that
// draws each card's picture as an SVG (a stand-in for Scryfall's scans: its own frame, the
// name and an "art" band, so a screenshot tells a picture from the table's drawn frame), sent
// with CORS like Scryfall's image host. `fail` names cards whose picture answers 404.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { importCards } from "../../server/cards/importer.js";
import { CardStore, useCardStore } from "../../server/cards/store.js";
import { freePort } from "./e2e.js";

export const CARD_FIXTURE = path.join(path.dirname(new URL(import.meta.url).pathname), "..", "fixtures", "cards", "scryfall-bulk.json");
/** The host the fixture's picture URLs name (replaced by the test server's own address). */
const FIXTURE_HOST = "http://127.0.0.1:2795";

interface FixtureFace {
  name?: string;
  type_line?: string;
  oracle_text?: string;
  colors?: string[];
  mana_cost?: string;
}
interface FixtureCard extends FixtureFace {
  id: string;
  card_faces?: FixtureFace[];
}

const FRAME: Record<string, string> = { W: "#e8dfb8", U: "#2f6fb0", B: "#2f2a28", R: "#b8402b", G: "#2d7444" };
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function svgOf(f: FixtureFace, colours: string[]): string {
  const frame = colours.length > 1 ? "#c9a33a" : colours.length === 1 ? FRAME[colours[0]] : "#8c8f94";
  const lines = (f.oracle_text ?? "").split(/\s+/).reduce<string[]>((acc, w) => {
    const last = acc[acc.length - 1];
    if (last !== undefined && (last + " " + w).length <= 34) acc[acc.length - 1] = `${last} ${w}`;
    else acc.push(w);
    return acc;
  }, []);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="488" height="680" viewBox="0 0 488 680">
<rect width="488" height="680" rx="26" fill="#111"/>
<rect x="18" y="18" width="452" height="644" rx="18" fill="${frame}"/>
<rect x="34" y="34" width="420" height="54" rx="8" fill="#f4efe2"/>
<text x="48" y="71" font-family="DejaVu Serif, serif" font-size="30" font-weight="bold" fill="#111">${esc(f.name ?? "")}</text>
<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6c36b"/><stop offset="0.5" stop-color="#c8587a"/><stop offset="1" stop-color="#3b3f8f"/></linearGradient></defs>
<rect x="40" y="98" width="408" height="292" fill="url(#sky)"/>
<circle cx="330" cy="190" r="52" fill="#ffe9a8" opacity="0.9"/>
<path d="M40 390 L150 260 L230 340 L320 240 L448 390 Z" fill="#2b2a4a"/>
<rect x="34" y="398" width="420" height="40" rx="8" fill="#f4efe2"/>
<text x="48" y="426" font-family="DejaVu Serif, serif" font-size="22" font-style="italic" fill="#111">${esc(f.type_line ?? "")}</text>
<rect x="40" y="446" width="408" height="196" fill="#fbf7ec"/>
${lines
  .slice(0, 7)
  .map((l, i) => `<text x="54" y="${478 + i * 26}" font-family="DejaVu Serif, serif" font-size="20" fill="#111">${esc(l)}</text>`)
  .join("\n")}
</svg>`;
}

export interface CardDataForTests {
  /** The local picture server's origin (what the imported data names). */
  origin: string;
  /** Pictures served so far, by URL path. */
  served: string[];
  /** The imported card data's file. */
  db: string;
  close(): Promise<void>;
}

/** Imports the fixture for this process (CARD_IMAGES on) with its pictures served locally. */
export async function cardDataForTests(options: { images?: boolean; fail?: string[] } = {}): Promise<CardDataForTests> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const cards = JSON.parse(fs.readFileSync(CARD_FIXTURE, "utf8")) as FixtureCard[];
  const byId = new Map(cards.map((c) => [c.id, c]));
  const served: string[] = [];
  const server = http.createServer((req, res) => {
    const m = /^\/cards\/(front|back)\/([0-9a-f-]+)\.svg/.exec(req.url ?? "");
    const c = m ? byId.get(m[2]) : undefined;
    const face = c && (c.card_faces?.length && m![1] === "back" ? c.card_faces[1] : c.card_faces?.length && (c.card_faces[0] as { image_uris?: unknown }).image_uris ? c.card_faces[0] : c);
    if (!c || !face || options.fail?.includes(c.name ?? "")) {
      res.writeHead(404, { "Access-Control-Allow-Origin": "*" });
      res.end();
      return;
    }
    served.push(req.url ?? "");
    res.writeHead(200, { "Content-Type": "image/svg+xml", "Access-Control-Allow-Origin": "*", "Cache-Control": "max-age=3600" });
    res.end(svgOf(face, face.colors ?? c.colors ?? []));
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", () => r()));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cards-e2e-"));
  const file = path.join(dir, "bulk.json");
  fs.writeFileSync(file, fs.readFileSync(CARD_FIXTURE, "utf8").split(FIXTURE_HOST).join(origin));
  const db = path.join(dir, "cards.sqlite");
  await importCards(file, db);
  useCardStore(new CardStore(db, options.images ?? true));
  return {
    origin,
    served,
    db,
    async close() {
      useCardStore(null);
      await new Promise<void>((r) => server.close(() => r()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
