// The server's card data: `DATA_DIR/cards.sqlite` (or CARDS_DB), written by `npm run
// cards:import` (importer.ts) and only read here. The import replaces the file by a rename, so
// this side notices a new inode (checked at most once a second) and reopens it: no restart.
// Without the file the table plays text cards, as before any import.
//
// It answers the engine's CardLookup (common/table/cards.ts): exact English names (either
// face, "A // B"), set + collector number when a list gives them, tokens for the Tokens section.

import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { CardLookup, CardQuery } from "../../common/table/cards.js";
import type { CardDef } from "../../common/table/types.js";
import { cspOrigin, cspOrigins } from "./origins.js";
import { normaliseName } from "./scryfall.js";
import { log } from "../ops/log.js";

export const CARDS_SCHEMA = 1;

/** Where the card data lives: CARDS_DB, else DATA_DIR/cards.sqlite. */
export function cardsPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CARDS_DB || path.join(env.DATA_DIR || "./data", "cards.sqlite");
}

export interface CardDataInfo {
  cards: number;
  source: string;
  importedAt: string;
  /** Origins of every picture in the data ("https://cards.scryfall.io"). */
  imageHosts: string[];
}

interface Row {
  def: string;
}

export class CardStore implements CardLookup {
  private db: Database.Database | null = null;
  private ino = -1;
  private mtime = -1;
  private checkedAt = -Infinity;
  private info_: CardDataInfo | null = null;

  constructor(
    readonly file: string,
    /** Pictures are on (CARD_IMAGES=on): image URLs stay in the defs handed to the table. */
    readonly images: boolean,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /** The data as it is now (reopened when an import replaced the file); null: no data. */
  private open(): Database.Database | null {
    const now = this.clock();
    if (now - this.checkedAt < 1000) return this.db;
    this.checkedAt = now;
    let st: fs.Stats | null = null;
    try {
      st = fs.statSync(this.file);
    } catch {
      st = null;
    }
    if (!st) return this.close(), null;
    if (this.db && st.ino === this.ino && st.mtimeMs === this.mtime) return this.db;
    this.close();
    try {
      const db = new Database(this.file, { readonly: true, fileMustExist: true });
      const meta = new Map((db.prepare("SELECT key, value FROM meta").all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
      if (Number(meta.get("schema")) !== CARDS_SCHEMA) throw new Error(`card data schema ${meta.get("schema")}, this server reads ${CARDS_SCHEMA}: import the file again`);
      this.db = db;
      this.ino = st.ino;
      this.mtime = st.mtimeMs;
      this.info_ = { cards: Number(meta.get("cards") ?? 0), source: meta.get("source") ?? "", importedAt: meta.get("imported_at") ?? "", imageHosts: JSON.parse(meta.get("image_hosts") ?? "[]") as string[] };
      this.byName = db.prepare("SELECT p.def FROM names n JOIN printings p ON p.id = n.id WHERE n.name = ? ORDER BY (n.token = ?) DESC, n.whole DESC, n.rank DESC LIMIT 1");
      this.byNumber = db.prepare("SELECT def, name FROM printings WHERE set_code = ? AND number = ? ORDER BY rank DESC");
      this.bySet = db.prepare("SELECT p.def FROM printings p WHERE p.set_code = ? AND p.id IN (SELECT id FROM printing_names WHERE name = ?) ORDER BY p.rank DESC LIMIT 1");
    } catch (e) {
      log.error({ event: "cards.unreadable", file: this.file, err: e }, "card data cannot be read; cards are text cards until it is imported again");
      this.close();
      // Not retried every call: the next look after a second (a new import) tries again.
    }
    return this.db;
  }

  private byName: Database.Statement | null = null;
  private byNumber: Database.Statement | null = null;
  private bySet: Database.Statement | null = null;

  private close(): void {
    this.db?.close();
    this.db = null;
    this.info_ = null;
    this.ino = -1;
    this.mtime = -1;
  }

  /** What the data holds (null: no data imported). */
  info(): CardDataInfo | null {
    this.open();
    return this.info_;
  }

  /**
   * The picture origins the page may load from: CARD_IMAGE_HOSTS when given, else the data's;
   * plain http(s) origins only (a file imported before the import checked its hosts may hold others).
   */
  imageHosts(override?: string[]): string[] {
    if (!this.images) return [];
    return cspOrigins(override?.length ? override : (this.info()?.imageHosts ?? []));
  }

  find(q: CardQuery): CardDef | null {
    const db = this.open();
    if (!db) return null;
    const name = normaliseName(q.name);
    if (!name) return null;
    let json: string | undefined;
    if (q.set) {
      const set = q.set.toLowerCase();
      if (q.number) {
        // The printing the list names, if its name agrees with the line (else the name wins).
        const rows = this.byNumber!.all(set, q.number.toLowerCase()) as (Row & { name: string })[];
        json = rows.find((r) => r.name.split("\n").includes(name))?.def;
      }
      json ??= (this.bySet!.get(set, name) as Row | undefined)?.def;
    }
    json ??= (this.byName!.get(name, q.token ? 1 : 0) as Row | undefined)?.def;
    if (!json) return null;
    const def = JSON.parse(json) as CardDef;
    return this.images ? def : withoutImages(def);
  }

  shutdown(): void {
    this.close();
  }
}

function withoutImages(d: CardDef): CardDef {
  const { image: _i, ...rest } = d;
  if (rest.faces) rest.faces = rest.faces.map(({ image: _f, ...f }) => f);
  return rest;
}

let shared: CardStore | null = null;

/** The process's card data (CARDS_DB / DATA_DIR, CARD_IMAGES=on for pictures). */
export function cardStore(): CardStore {
  shared ??= new CardStore(cardsPath(), process.env.CARD_IMAGES === "on");
  return shared;
}

/** Tests and tools point the process at another file (null: back to the environment's). */
export function useCardStore(store: CardStore | null): void {
  shared?.shutdown();
  shared = store;
}

/**
 * CARD_IMAGE_HOSTS: origins given by the operator ("https://img.example.org other.example"),
 * space- or comma-separated; a bare host means https. Only plain origins are kept (origins.ts);
 * the others are named in a `config` warning.
 */
export function imageHostsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const given = (env.CARD_IMAGE_HOSTS ?? "").split(/[\s,]+/).filter(Boolean);
  const kept: string[] = [];
  const refused: string[] = [];
  for (const h of given) {
    const origin = cspOrigin(/^[a-z][a-z0-9+.-]*:/i.test(h) ? h : `https://${h}`);
    if (origin === null) refused.push(h);
    else if (!kept.includes(origin)) kept.push(origin);
  }
  if (refused.length > 0) {
    log.warn(
      { event: "config", setting: "CARD_IMAGE_HOSTS", refused: refused.map((h) => h.slice(0, 200)) },
      `CARD_IMAGE_HOSTS: ${refused.length} entr${refused.length === 1 ? "y is" : "ies are"} not a plain http(s) origin (scheme, host, optional port; no path) and ${refused.length === 1 ? "is" : "are"} left out of the page's Content-Security-Policy`,
    );
  }
  return kept;
}
