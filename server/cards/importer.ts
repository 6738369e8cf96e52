// `npm run cards:import FILE`: a Scryfall bulk data file (a JSON array of card objects, hundreds
// of MB) streamed — never loaded whole — into a new SQLite file beside the live one, which then
// replaces it by a rename: a server reading the old file goes on until it notices the new one
// (store.ts), and a failed import leaves the old data as it was.

import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import streamArray from "stream-json/streamers/stream-array.js";
import type { CardDef, CardFace } from "../../common/table/types.js";
import { CARDS_SCHEMA } from "./store.js";
import { pictureOrigin } from "./origins.js";
import { isToken, meldResult, namesOf, normaliseName, printingRank, toCardDef, usable, type ScryfallCard } from "./scryfall.js";

export interface ImportProgress {
  bytes: number;
  total: number;
  cards: number;
}

export interface ImportResult {
  cards: number;
  /** Objects that are not playable cards (art cards, other objects) or could not be read. */
  skipped: number;
  bytes: number;
  imageHosts: string[];
}

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE printings (id TEXT PRIMARY KEY, set_code TEXT NOT NULL, number TEXT NOT NULL, name TEXT NOT NULL, token INTEGER NOT NULL, rank TEXT NOT NULL, def TEXT NOT NULL);
CREATE TABLE printing_names (name TEXT NOT NULL, id TEXT NOT NULL);
CREATE TABLE names (name TEXT NOT NULL, token INTEGER NOT NULL, whole INTEGER NOT NULL, rank TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (name, token, whole)) WITHOUT ROWID;
`;
const INDEXES = `
CREATE INDEX printing_at ON printings (set_code, number);
CREATE INDEX printing_name ON printing_names (name);
`;

/** Cards written per transaction. */
const BATCH = 2000;

export async function importCards(file: string, target: string, onProgress?: (p: ImportProgress) => void): Promise<ImportResult> {
  const total = fs.statSync(file).size;
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const tmp = `${target}.importing-${process.pid}`;
  fs.rmSync(tmp, { force: true });
  const db = new Database(tmp);
  let done = false;
  try {
    // A scratch file: nothing to protect until the rename, so no journal and no syncs.
    db.pragma("journal_mode = OFF");
    db.pragma("synchronous = OFF");
    // Bounded memory whatever the file's size: a small page cache, sorts (the indexes) on disk.
    db.pragma("cache_size = -8000");
    db.pragma("temp_store = FILE");
    db.exec(SCHEMA);
    const printing = db.prepare("INSERT OR REPLACE INTO printings (id, set_code, number, name, token, rank, def) VALUES (?, ?, ?, ?, ?, ?, ?)");
    const printingName = db.prepare("INSERT INTO printing_names (name, id) VALUES (?, ?)");
    const name = db.prepare("INSERT INTO names (name, token, whole, rank, id) VALUES (?, ?, ?, ?, ?) ON CONFLICT (name, token, whole) DO UPDATE SET rank = excluded.rank, id = excluded.id WHERE excluded.rank > names.rank");
    const hosts = new Set<string>();
    /** Meld fronts and the card they meld into, patched at the end (the result may come later). */
    const melds: { id: string; result: string }[] = [];
    let cards = 0;
    let skipped = 0;
    let serial = 0;
    // Each card is written as it arrives (nothing held back), BATCH cards per transaction.
    const write = (c: ScryfallCard) => {
      {
        const def = toCardDef(c);
        const id = typeof c.id === "string" && c.id ? c.id.slice(0, 64) : `#${++serial}`;
        const token = isToken(c) ? 1 : 0;
        const rank = printingRank(c);
        const { whole, faces } = namesOf(c);
        const own = [whole, ...faces, normaliseName(def.name)].filter((n, i, a) => n && a.indexOf(n) === i);
        printing.run(id, (c.set ?? "").toLowerCase().slice(0, 10), (c.collector_number ?? "").toLowerCase().slice(0, 12), own.join("\n"), token, rank, JSON.stringify(def));
        for (const n of own) printingName.run(n, id);
        name.run(whole, token, 1, rank, id);
        for (const n of own.slice(1)) name.run(n, token, 0, rank, id);
        for (const u of [def.image, ...(def.faces ?? []).map((f) => f.image)]) {
          // toCardDef refused the file already if a picture's host is not plain (BadPictureUrl).
          const o = u ? pictureOrigin(u) : null;
          if (o) hosts.add(o);
        }
        const result = meldResult(c);
        if (result) melds.push({ id, result });
      }
    };
    const source = fs.createReadStream(file, { highWaterMark: 1 << 20 });
    const items = source.pipe(streamArray.withParserAsStream());
    source.on("error", (e) => items.destroy(e));
    let last = 0;
    db.exec("BEGIN");
    for await (const item of items as AsyncIterable<{ value: unknown }>) {
      const c = item.value as ScryfallCard;
      if (c && typeof c === "object" && usable(c)) {
        write(c);
        if (++cards % BATCH === 0) db.exec("COMMIT; BEGIN");
      } else skipped++;
      if (onProgress && source.bytesRead - last > 1 << 20) {
        last = source.bytesRead;
        onProgress({ bytes: source.bytesRead, total, cards });
      }
    }
    db.exec("COMMIT");
    patchMelds(db, melds);
    db.exec(INDEXES);
    const meta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
    const imageHosts = [...hosts].sort();
    db.transaction(() => {
      meta.run("schema", String(CARDS_SCHEMA));
      meta.run("cards", String(cards));
      meta.run("source", path.basename(file));
      meta.run("imported_at", new Date().toISOString());
      meta.run("image_hosts", JSON.stringify(imageHosts));
    })();
    db.pragma("journal_mode = DELETE");
    db.close();
    onProgress?.({ bytes: total, total, cards });
    // The new data replaces the old in one step (same folder, so a rename).
    fs.renameSync(tmp, target);
    done = true;
    return { cards, skipped, bytes: total, imageHosts };
  } finally {
    if (!done) {
      if (db.open) db.close();
      fs.rmSync(tmp, { force: true });
    }
  }
}

/** A meld front's other face is the card it melds into: its name and picture. */
function patchMelds(db: Database.Database, melds: { id: string; result: string }[]): void {
  const get = db.prepare("SELECT def FROM printings WHERE id = ?");
  const result = db.prepare("SELECT p.def FROM names n JOIN printings p ON p.id = n.id WHERE n.name = ? ORDER BY n.whole DESC, n.rank DESC LIMIT 1");
  const set = db.prepare("UPDATE printings SET def = ? WHERE id = ?");
  db.transaction(() => {
    for (const m of melds) {
      const own = get.get(m.id) as { def: string } | undefined;
      const back = result.get(normaliseName(m.result)) as { def: string } | undefined;
      if (!own || !back) continue;
      const d = JSON.parse(own.def) as CardDef;
      const b = JSON.parse(back.def) as CardDef;
      const faceOf = (x: CardDef): CardFace => {
        const f: CardFace = { name: x.name };
        for (const k of ["cost", "type", "text", "power", "toughness", "loyalty", "colors", "image"] as const) if (x[k] !== undefined) (f as unknown as Record<string, unknown>)[k] = x[k];
        return f;
      };
      d.back = b.name;
      d.faces = [faceOf(d), faceOf(b)];
      set.run(JSON.stringify(d), m.id);
    }
  })();
}
