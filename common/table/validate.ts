// Structural check of a whole game arriving from outside (a restore event, a stored snapshot).
// Apply trusts the model's invariants, so a game that breaks one is refused here, not later.

import {
  MAX_AMOUNT,
  MAX_CARD_ID,
  MAX_CARDS,
  MAX_DEFS,
  MAX_FACES,
  MAX_IMAGE_URL,
  MAX_LABELS,
  MAX_ORACLE_CHARS,
  MAX_PLAYERS,
  MAX_QUANTITY,
  MAX_SIGNALS,
  POS_MAX,
  SIGNAL_COLOURS,
  parseZoneKey,
  type Card,
  type TableGame,
} from "./types.js";
import { CardIndex } from "./cardIndex.js";
import { FORMATS, MULLIGAN_RULES } from "./format.js";

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const int = (x: unknown, min: number, max: number) => typeof x === "number" && Number.isInteger(x) && x >= min && x <= max;
const bool = (x: unknown) => typeof x === "boolean";
const str = (x: unknown, max = 200) => typeof x === "string" && x.length <= max;
const amounts = (x: unknown) => isObj(x) && Object.keys(x).length <= 64 && Object.values(x).every((v) => int(v, -MAX_AMOUNT, MAX_AMOUNT));
const pt = (x: unknown) => isObj(x) && int(x.power, -MAX_AMOUNT, MAX_AMOUNT) && int(x.toughness, -MAX_AMOUNT, MAX_AMOUNT);

function checkCard(c: unknown, key: string, players: number, defs: number, maxId: number): string | null {
  if (!isObj(c)) return `card ${key} is not an object`;
  if (!int(c.id, 1, maxId) || String(c.id) !== key) return `card ${key} has a wrong id`;
  if (!int(c.def, 0, defs - 1)) return `card ${key} has an unknown def`;
  if (!int(c.owner, 0, players - 1) || !int(c.controller, 0, players - 1)) return `card ${key} has an unknown owner or controller`;
  if (!int(c.face, 0, 1) || !int(c.z, 0, 2 ** 31) || !int(c.quantity, 1, MAX_QUANTITY) || !int(c.arrived, 0, 2 ** 31)) return `card ${key} has a bad number`;
  for (const f of ["tapped", "faceDown", "phasedOut", "noUntap", "token"] as const) if (!bool(c[f])) return `card ${key}.${f} is not a boolean`;
  if (!amounts(c.counters)) return `card ${key} has bad counters`;
  if (!Array.isArray(c.keywords) || !c.keywords.every((k) => str(k, 20)) || c.keywords.length > 16) return `card ${key} has bad keywords`;
  if (!Array.isArray(c.labels) || !c.labels.every((k) => str(k, 20)) || c.labels.length > MAX_LABELS) return `card ${key} has bad labels`;
  if (!isObj(c.pt) || !pt(c.pt.other) || !pt(c.pt.eot) || !pt(c.pt.fixed)) return `card ${key} has bad P/T rows`;
  if (!(c.attachedTo === null || int(c.attachedTo, 1, maxId))) return `card ${key} has a bad attachment`;
  if (!(c.under === null || int(c.under, 1, maxId))) return `card ${key} has a bad pile`;
  if (!(c.copyOf === null || int(c.copyOf, 0, defs - 1))) return `card ${key} copies an unknown def`;
  if (!(c.pos === null || (isObj(c.pos) && int(c.pos.x, 0, POS_MAX) && int(c.pos.y, 0, POS_MAX)))) return `card ${key} has a bad position`;
  if (!(c.ability === null || str(c.ability, 500))) return `card ${key} has a bad ability`;
  if (!(c.highlight === undefined || c.highlight === true)) return `card ${key} has a bad highlight`;
  const s = c.shownTo;
  if (!(s === "nobody" || s === "owner" || s === "all" || (Array.isArray(s) && s.length <= MAX_PLAYERS && s.every((p) => int(p, 0, players - 1))))) return `card ${key} has a bad shownTo`;
  return null;
}

const DEF_TEXT = ["type", "cost", "power", "toughness", "back", "layout", "set", "number"] as const;
const COLOURS = /^W?U?B?R?G?$/;
const optStr = (x: unknown, max: number) => x === undefined || str(x, max);
const optColours = (x: unknown) => x === undefined || (typeof x === "string" && COLOURS.test(x));
const optImage = (x: unknown) => x === undefined || (str(x, MAX_IMAGE_URL) && /^https?:\/\/[^\s"'()<>]+$/.test(x as string));

function checkFace(f: unknown): boolean {
  if (!isObj(f) || !str(f.name, 200)) return false;
  if (!["cost", "type", "power", "toughness"].every((k) => optStr(f[k], 200)) || !optStr(f.text, MAX_ORACLE_CHARS)) return false;
  return (f.loyalty === undefined || int(f.loyalty, 0, 999)) && optColours(f.colors) && optImage(f.image);
}

function checkDef(d: unknown): boolean {
  if (!isObj(d) || !str(d.name, 200)) return false;
  if (!DEF_TEXT.every((k) => optStr(d[k], 200)) || !optStr(d.text, MAX_ORACLE_CHARS)) return false;
  if (!(d.loyalty === undefined || int(d.loyalty, 0, 999))) return false;
  if (!optColours(d.colors) || !optColours(d.identity) || !optImage(d.image)) return false;
  if (!(d.mv === undefined || (typeof d.mv === "number" && Number.isFinite(d.mv) && d.mv >= 0 && d.mv <= 1_000_000))) return false;
  if (!(d.keywords === undefined || (Array.isArray(d.keywords) && d.keywords.length <= 32 && d.keywords.every((k) => str(k, 60))))) return false;
  if (!(d.faces === undefined || (Array.isArray(d.faces) && d.faces.length <= MAX_FACES && d.faces.every(checkFace)))) return false;
  return (d.permanent === undefined || bool(d.permanent)) && (d.commander === undefined || bool(d.commander));
}

function checkPlayer(p: unknown, i: number, defs: number): string | null {
  if (!isObj(p)) return `player ${i} is not an object`;
  if (!str(p.name, 60) || !(p.team === null || int(p.team, 0, MAX_PLAYERS))) return `player ${i} has a bad name or team`;
  if (!int(p.life, -MAX_AMOUNT, MAX_AMOUNT) || !int(p.poison, -MAX_AMOUNT, MAX_AMOUNT) || !int(p.mulligans, 0, 1000)) return `player ${i} has a bad number`;
  if (!amounts(p.commanderDamage) || !amounts(p.trackers) || !amounts(p.castCount)) return `player ${i} has bad trackers`;
  for (const f of ["eliminated", "kept", "handRevealed", "topRevealed"] as const) if (!bool(p[f])) return `player ${i}.${f} is not a boolean`;
  if (!Array.isArray(p.tokens) || p.tokens.length > 50 || !p.tokens.every((t) => int(t, 0, defs - 1))) return `player ${i} has bad tokens`;
  const l = p.looking;
  if (!(l === null || (isObj(l) && (l.zone === "library" || l.zone === "schemes") && int(l.n, 1, MAX_CARDS)))) return `player ${i} has a bad looking`;
  const dig = p.dig;
  if (!(dig === undefined || (isObj(dig) && int(dig.n, 1, MAX_CARDS) && bool(dig.hit) && Object.keys(dig).length === 2))) return `player ${i} has a bad reveal`;
  if (!(p.sparring === undefined || p.sparring === true)) return `player ${i} has a bad sparring mark`;
  return null;
}

/**
 * A copy of a stored game with the fields added since it was written filled in with their
 * defaults (stored games and restore events are never rewritten). Added so far: Player.tokens;
 * idRng (null: the game's ids were serial); options.ending ("declared": anyone ended the game
 * alone then) and ended.
 */
export function upgradeGame(raw: unknown): unknown {
  if (!isObj(raw) || !Array.isArray(raw.players)) return raw;
  const players = raw.players.map((p) => (isObj(p) && p.tokens === undefined ? { ...p, tokens: [] } : p));
  const out: Record<string, unknown> = { ...raw, players };
  // The card index as JSON (an object keyed by id) becomes the Map a game holds; each entry is
  // checked by checkGame (a key that is no id makes an entry it refuses).
  if (isObj(raw.cards) && !(raw.cards instanceof CardIndex)) out.cards = new CardIndex(Object.entries(raw.cards).map(([k, c]) => [String(Number(k)) === k ? Number(k) : NaN, c as Card]));
  if (out.idRng === undefined) out.idRng = null;
  if (out.ended === undefined) out.ended = raw.phase === "finished" ? "declared" : null;
  if (isObj(raw.options) && raw.options.ending === undefined) out.options = { ...raw.options, ending: "declared" };
  return out;
}

const hex16 = (x: unknown) => typeof x === "string" && /^[0-9a-f]{16}$/.test(x);

/** Null when `raw` is a consistent TableGame, else what is wrong. */
export function checkGame(raw: unknown): string | null {
  if (!isObj(raw) || raw.v !== 1) return "not a version 1 table";
  const g = raw as unknown as TableGame;
  if (!int(g.seq, 0, 2 ** 31) || !int(g.nextId, 1, 2 ** 31)) return "bad seq or nextId";
  const ids = g.idRng as unknown;
  if (!(ids === null || (isObj(ids) && hex16(ids.state) && hex16(ids.inc) && Object.keys(ids).length === 2))) return "bad id stream";
  if (!(g.ended === null || g.ended === "agreed" || g.ended === "conceded" || g.ended === "declared")) return "bad ended";
  if ((g.ended === null) !== (g.phase !== "finished")) return "ended and phase disagree";
  if (!(g.phase === "mulligan" || g.phase === "playing" || g.phase === "finished")) return "bad phase";
  if (!Array.isArray(g.players) || g.players.length < 1 || g.players.length > MAX_PLAYERS) return "1 to 10 players";
  const n = g.players.length;
  if (!Array.isArray(g.defs) || g.defs.length > MAX_DEFS || !g.defs.every(checkDef)) return "bad card definitions";
  for (let i = 0; i < n; i++) {
    const e = checkPlayer(g.players[i], i, g.defs.length);
    if (e) return e;
  }
  const o = g.options as unknown;
  if (!isObj(o) || !isObj(o.helpers) || !int(o.firstPlayer, 0, n - 1) || !int(o.handSize, 0, 100) || !int(o.startingLife, 0, MAX_AMOUNT)) return "bad options";
  if (!FORMATS.includes(o.format as never) || !MULLIGAN_RULES.includes(o.mulligan as never) || !(o.teams === "none" || o.teams === "twoHeadedGiant" || o.teams === "teams")) return "bad format, mulligan or teams";
  if (!(o.friendlyFire === undefined || bool(o.friendlyFire))) return "bad friendly fire";
  if (![o.firstSkipsDraw, o.everyoneTouches, o.planechase, o.helpers.untap, o.helpers.draw, o.helpers.countersOnEnter, o.helpers.commanderTax].every(bool)) return "bad option switches";
  if (!(o.archenemy === null || int(o.archenemy, 0, n - 1))) return "bad archenemy";
  if (!(o.ending === "agreed" || o.ending === "declared")) return "bad ending";
  if (!(g.cards instanceof CardIndex) || g.cards.size > MAX_CARDS) return "bad cards";
  for (const [k, c] of g.cards) {
    // Serial ids (older games) are below nextId; random ones anywhere in the id range.
    const e = checkCard(c, String(k), n, g.defs.length, g.idRng === null ? g.nextId - 1 : MAX_CARD_ID);
    if (e) return e;
  }
  if (!isObj(g.zones)) return "bad zones";
  const seen = new Set<number>();
  for (const [k, ids] of Object.entries(g.zones)) {
    const ref = parseZoneKey(k);
    if (!ref || ref.player >= n || !Array.isArray(ids)) return `bad zone ${k}`;
    for (const id of ids) {
      if (!int(id, 1, 2 ** 31) || seen.has(id) || g.cards.get(id)?.at !== k) return `zone ${k} holds an unknown, repeated or misplaced card`;
      seen.add(id);
    }
  }
  if (seen.size !== g.cards.size) return "a card is in no zone";
  const t = g.turn as unknown;
  if (!isObj(t) || !int(t.active, 0, n - 1) || !int(t.number, 0, 2 ** 31) || !int(t.round, 0, 2 ** 31) || !int(t.planarRolls, 0, 1000)) return "bad turn";
  if (!Array.isArray(t.extra) || t.extra.length > 100 || !t.extra.every((p) => int(p, 0, n - 1))) return "bad extra turns";
  if (!Array.isArray(g.arrows) || g.arrows.length > 64) return "bad arrows";
  for (const a of g.arrows as unknown[]) {
    if (!isObj(a) || !int(a.from, 1, 2 ** 31) || !int(a.by, 0, n - 1) || !isObj(a.to)) return "bad arrow";
    if (!(int(a.to.card, 1, 2 ** 31) || int(a.to.player, 0, n - 1))) return "bad arrow target";
  }
  if (!isObj(g.designations) || !Object.values(g.designations).every((v) => v === null || int(v, 0, n - 1))) return "bad designations";
  const ph = g.phantom as unknown;
  if (!(ph === undefined || (isObj(ph) && int(ph.life, -MAX_AMOUNT, MAX_AMOUNT) && int(ph.poison, 0, MAX_AMOUNT) && Object.keys(ph).length === 2))) return "bad phantom";
  const sig = g.signals as unknown;
  if (!(sig === undefined || (Array.isArray(sig) && sig.length <= MAX_SIGNALS))) return "bad signals";
  for (const x of (sig as unknown[] | undefined) ?? []) {
    if (!isObj(x) || !int(x.id, 1, 2 ** 31) || !int(x.board, 0, n - 1) || !int(x.by, 0, n - 1) || !isObj(x.pos) || !int(x.pos.x, 0, POS_MAX) || !int(x.pos.y, 0, POS_MAX) || !SIGNAL_COLOURS.includes(x.colour as never)) return "bad signal";
  }
  if (!(g.winners === null || (Array.isArray(g.winners) && g.winners.every((w) => int(w, 0, n - 1))))) return "bad winners";
  return null;
}
