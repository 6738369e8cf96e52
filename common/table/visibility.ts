// Who sees what: the one place the table decides it. Everything a viewer receives is built here.
//
// - library, scheme deck, planar deck: nobody (the top card to everyone with "top revealed";
//   the cards its owner is looking at to the owner);
// - hand and sideboard: the owner (the hand to everyone when revealed);
// - battlefield, graveyard, exile, command, stack, active plane, ongoing schemes: everyone,
//   except face-down cards, seen only by whom they were shown to;
// - any card: also whoever it was shown to (Card.shownTo).
// From a zone the viewer cannot see whole, only the count travels plus the cards they do know,
// each with its index: no ids, no order, so nobody can follow a card through a shuffle.

import { parseZoneKey, topIsFirst, type Arrow, type ZoneRef, type Card, type CardDef, type EndedBy, type Options, type Phase, type Player, type Pos, type PtRows, type ShownTo, type Signal, type TableGame, type Turn, type ZoneName } from "./types.js";

/** A seat, a spectator, or "all" (only for the replay of a finished game). */
export type Viewer = number | "spectator" | "all";

const PUBLIC: ReadonlySet<ZoneName> = new Set<ZoneName>(["battlefield", "graveyard", "exile", "command", "stack", "plane", "ongoing"]);
export const publicZone = (z: ZoneName): boolean => PUBLIC.has(z);

export function shownToViewer(s: ShownTo, owner: number, viewer: Viewer): boolean {
  if (viewer === "all" || s === "all") return true;
  if (viewer === "spectator" || s === "nobody") return false;
  if (s === "owner") return viewer === owner;
  return s.includes(viewer);
}

/** "all" only for a finished game (its replay); asked of a game still going it is a spectator. */
export const effectiveViewer = (g: TableGame, v: Viewer): Viewer => (v === "all" && g.phase !== "finished" ? "spectator" : v);

/** Can `viewer` see what this card is? */
export function canSee(g: TableGame, viewer: Viewer, c: Card): boolean {
  if (viewer === "all") return true;
  const ref = parseZoneKey(c.at);
  return !!ref && canSeeIn(g, viewer, c, ref, -1);
}

/**
 * canSee for a card of zone `ref` at `index` in it (−1: not known yet, looked up only when it
 * matters): a zone's view passes the index it walks at, so a deck is not searched per card.
 */
function canSeeIn(g: TableGame, viewer: Viewer, c: Card, ref: ZoneRef, index: number): boolean {
  if (viewer === "all") return true;
  const zone = ref.zone;
  if (publicZone(zone)) return !c.faceDown || shownToViewer(c.shownTo, c.owner, viewer);
  if (shownToViewer(c.shownTo, c.owner, viewer)) return true;
  const owner = g.players[ref.player];
  if (zone === "hand") return viewer === ref.player || !!owner?.handRevealed;
  if (zone === "sideboard") return viewer === ref.player;
  if (zone === "library" || zone === "schemes") {
    const l = owner?.looking;
    const top = zone === "library" && !!owner?.topRevealed;
    const look = viewer === ref.player && !!l && l.zone === zone;
    if (!top && !look) return false;
    const i = index >= 0 ? index : (g.zones[c.at] ?? []).indexOf(c.id);
    if (top && i === 0) return true;
    return look && i >= 0 && i < l!.n;
  }
  return false;
}

/**
 * Does `viewer` know this card's id, i.e. does its id travel in their view: a card of a zone
 * they see whole (a face-down one too: they see that it is there), or a card they know in one
 * they do not. Any other card is, for them, no card at all: an action naming it is answered as
 * an action naming an id that does not exist (resolve.ts), so nobody learns what exists where.
 */
export function seesId(g: TableGame, viewer: Viewer, c: Card): boolean {
  const ref = parseZoneKey(c.at);
  if (!ref) return false;
  return zoneOpen(g, viewer, ref.zone, ref.player) || canSee(g, viewer, c);
}

/** Whether the viewer sees the whole zone in order (else: its count and the cards they know). */
function zoneOpen(g: TableGame, viewer: Viewer, zone: ZoneName, player: number): boolean {
  if (viewer === "all" || publicZone(zone)) return true;
  if (zone === "hand") return viewer === player || !!g.players[player]?.handRevealed;
  if (zone === "sideboard") return viewer === player;
  return false;
}

/**
 * A card as a viewer receives it. Fields at their default value are left out (false, 0, empty,
 * null, "nobody", quantity 1) to keep what travels small; the screen fills them back in.
 */
export interface CardView {
  id: number;
  /** False for a face-down card the viewer does not know: only its back travels. */
  known: boolean;
  card?: CardDef;
  owner: number;
  controller: number;
  z: number;
  face?: number;
  tapped?: true;
  faceDown?: true;
  phasedOut?: true;
  noUntap?: true;
  counters?: Record<string, number>;
  keywords?: string[];
  labels?: string[];
  pt?: PtRows;
  attachedTo?: number;
  pos?: Pos;
  shownTo?: ShownTo;
  token?: true;
  quantity?: number;
  under?: number;
  arrived?: number;
  ability?: string;
  /** The viewer is looking at it (scry, search dialogs). */
  looking?: true;
  /** Highlighted for everyone. */
  highlight?: true;
}

export interface ZoneView {
  count: number;
  /** The whole zone in order (index 0 = its first element; see topIsFirst). */
  cards?: CardView[];
  /** From a zone not seen whole: the cards the viewer knows, with their index. */
  known?: Array<[number, CardView]>;
}

export interface PlayerView extends Omit<Player, "castCount" | "tokens"> {
  /** Commander cast counts by card name. */
  castCount: Record<string, number>;
  /** Tokens the player's decklist offers (public: tokens are made face up). */
  tokens: CardDef[];
  cards: { hand: number; library: number };
}

export interface TableView {
  viewer: Viewer;
  seq: number;
  phase: Phase;
  options: Options;
  players: PlayerView[];
  zones: Record<string, ZoneView>;
  turn: Turn;
  arrows: Arrow[];
  designations: Record<string, number | null>;
  winners: number[] | null;
  /** How the game ended (null while it goes on). */
  ended: EndedBy | null;
  topIsFirst: ZoneName[];
  /** Goldfish: the phantom opponent's life and poison. */
  phantom?: { life: number; poison: number };
  signals?: Signal[];
}

const zeroPt = (r: PtRows) => [r.other, r.eot, r.fixed].every((p) => p.power === 0 && p.toughness === 0);

function cardView(g: TableGame, c: Card, known: boolean, looking: boolean): CardView {
  const v: CardView = { id: c.id, known, owner: c.owner, controller: c.controller, z: c.z };
  if (known) v.card = { ...g.defs[c.def] };
  if (c.face) v.face = c.face;
  if (c.tapped) v.tapped = true;
  if (c.faceDown) v.faceDown = true;
  if (c.phasedOut) v.phasedOut = true;
  if (c.noUntap) v.noUntap = true;
  if (Object.keys(c.counters).length) v.counters = { ...c.counters };
  if (c.keywords.length) v.keywords = [...c.keywords];
  if (c.labels.length) v.labels = [...c.labels];
  if (!zeroPt(c.pt)) v.pt = { other: { ...c.pt.other }, eot: { ...c.pt.eot }, fixed: { ...c.pt.fixed } };
  if (c.attachedTo !== null) v.attachedTo = c.attachedTo;
  if (c.pos) v.pos = { ...c.pos };
  if (c.shownTo !== "nobody") v.shownTo = Array.isArray(c.shownTo) ? [...c.shownTo] : c.shownTo;
  if (c.token) v.token = true;
  if (c.quantity !== 1) v.quantity = c.quantity;
  if (c.under !== null) v.under = c.under;
  // The round a card arrived is the "before" divider of graveyard and exile; of a card shown in
  // a hidden zone it would only tell its history, so it travels for public zones only.
  if (c.arrived && publicZone(parseZoneKey(c.at)?.zone ?? "stack")) v.arrived = c.arrived;
  if (known && c.ability !== null) v.ability = c.ability;
  if (looking) v.looking = true;
  if (c.highlight) v.highlight = true;
  return v;
}

function isLookedAt(g: TableGame, viewer: Viewer, c: Card, index: number): boolean {
  if (typeof viewer !== "number" || c.owner !== viewer) return false;
  const l = g.players[viewer]?.looking;
  const ref = parseZoneKey(c.at);
  return !!l && !!ref && ref.zone === l.zone && ref.player === viewer && index < l.n;
}

export function zoneView(g: TableGame, viewer: Viewer, key: string): ZoneView {
  const ref = parseZoneKey(key);
  const ids = g.zones[key] ?? [];
  if (!ref) return { count: 0 };
  if (zoneOpen(g, viewer, ref.zone, ref.player)) {
    return {
      count: ids.length,
      cards: ids.map((id, i) => {
        const c = g.cards.get(id)!;
        return cardView(g, c, canSeeIn(g, viewer, c, ref, i), isLookedAt(g, viewer, c, i));
      }),
    };
  }
  const known: Array<[number, CardView]> = [];
  for (const i of knowable(g, viewer, ref, ids)) {
    const c = g.cards.get(ids[i])!;
    if (canSeeIn(g, viewer, c, ref, i)) known.push([i, cardView(g, c, true, isLookedAt(g, viewer, c, i))]);
  }
  return known.length ? { count: ids.length, known } : { count: ids.length };
}

/** Per card index and zone list: where the cards shown to someone are (the same lists: the same answer). */
const shownAt = new WeakMap<object, WeakMap<readonly number[], number[]>>();

/**
 * The places in a zone the viewer does not see whole where they may know a card, in order: a
 * card shown to someone, the top of a library played revealed, the cards its owner looks at.
 * Every other card there is unknown to everyone (canSeeIn), so a 500-card deck is walked once
 * per game state, not once per viewer.
 */
function knowable(g: TableGame, viewer: Viewer, ref: ZoneRef, ids: readonly number[]): number[] {
  let byZone = shownAt.get(g.cards);
  if (!byZone) shownAt.set(g.cards, (byZone = new WeakMap()));
  let shown = byZone.get(ids);
  if (!shown) {
    shown = [];
    for (let i = 0; i < ids.length; i++) if (g.cards.get(ids[i])!.shownTo !== "nobody") shown.push(i);
    byZone.set(ids, shown);
  }
  const owner = g.players[ref.player];
  const look = viewer === ref.player && owner?.looking && owner.looking.zone === ref.zone ? Math.min(owner.looking.n, ids.length) : 0;
  const top = ref.zone === "library" && owner?.topRevealed && ids.length ? 1 : 0;
  const first = Math.max(look, top);
  if (!first) return shown;
  const out: number[] = [];
  for (let i = 0; i < first; i++) out.push(i);
  for (const i of shown) if (i >= first) out.push(i);
  return out;
}

/**
 * What `viewer` may see of the whole table. "all" shows everything only once the game is
 * finished (its replay); asked of a game still going, it is the spectator's view.
 */
export function viewTable(g: TableGame, asked: Viewer): TableView {
  return buildView(g, effectiveViewer(g, asked));
}

/** Whether the replay of a record whose last state is `last` shows everything (only a finished game's). */
export const replayShowsAll = (last: TableGame): boolean => last.phase === "finished";

/**
 * The replay of a recorded game at any of its moments `g`: everything when the record's last
 * state is a finished game, else (an abandoned game) what a spectator saw.
 */
export function replayView(g: TableGame, last: TableGame): TableView {
  return buildView(g, replayShowsAll(last) ? "all" : "spectator");
}

function buildView(g: TableGame, viewer: Viewer): TableView {
  const zones: Record<string, ZoneView> = {};
  for (const key of Object.keys(g.zones).sort()) if (g.zones[key].length) zones[key] = zoneView(g, viewer, key);
  return {
    viewer,
    seq: g.seq,
    phase: g.phase,
    options: { ...g.options, helpers: { ...g.options.helpers } },
    players: g.players.map((p, i) => {
      const castCount: Record<string, number> = {};
      for (const [def, n] of Object.entries(p.castCount)) castCount[g.defs[Number(def)]?.name ?? def] = n;
      return {
        ...p,
        commanderDamage: { ...p.commanderDamage },
        trackers: { ...p.trackers },
        looking: p.looking ? { ...p.looking } : null,
        ...(p.dig ? { dig: { ...p.dig } } : {}),
        tokens: p.tokens.map((t) => ({ ...g.defs[t] })),
        castCount,
        cards: { hand: (g.zones[`${i}.hand`] ?? []).length, library: (g.zones[`${i}.library`] ?? []).length },
      };
    }),
    zones,
    turn: { ...g.turn, extra: [...g.turn.extra] },
    arrows: g.arrows.map((a) => ({ ...a, to: { ...a.to } })),
    designations: { ...g.designations },
    winners: g.winners ? [...g.winners] : null,
    ended: g.ended,
    topIsFirst: (["library", "schemes", "planes"] as ZoneName[]).filter(topIsFirst),
    ...(g.phantom ? { phantom: { ...g.phantom } } : {}),
    ...(g.signals?.length ? { signals: g.signals.map((s) => ({ ...s, pos: { ...s.pos } })) } : {}),
  };
}

// ---- view deltas: what travels after an action ------------------------------------------

/** A zone seen whole that changed in part: its ids in order and the cards new or changed. */
export interface ZonePatch {
  count: number;
  ids: number[];
  set?: CardView[];
}

/**
 * What changed between two views of one viewer: top-level fields, players by seat, and zones
 * (a patch when the zone is seen whole before and after and that is smaller, else the zone,
 * null when it is now empty).
 */
export type ViewDelta = Partial<Omit<TableView, "zones" | "players">> & {
  /** Optional fields the new view no longer has (the last signal removed). */
  gone?: string[];
  players?: Record<string, PlayerView>;
  zones?: Record<string, ZoneView | ZonePatch | null>;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function zoneDelta(a: ZoneView | undefined, b: ZoneView): ZoneView | ZonePatch {
  if (!a?.cards || !b.cards) return b;
  const before = new Map(a.cards.map((c) => [c.id, c]));
  const set = b.cards.filter((c) => !same(before.get(c.id), c));
  const patch: ZonePatch = { count: b.count, ids: b.cards.map((c) => c.id), ...(set.length ? { set } : {}) };
  return JSON.stringify(patch).length < JSON.stringify(b).length ? patch : b;
}

export function diffView(a: TableView, b: TableView): ViewDelta {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(b) as (keyof TableView)[]) {
    if (k === "zones" || k === "players") continue;
    if (!same(a[k], b[k])) out[k] = b[k];
  }
  const gone = Object.keys(a).filter((k) => !(k in b));
  if (gone.length) out.gone = gone;
  const players: Record<string, PlayerView> = {};
  b.players.forEach((p, i) => {
    if (!same(a.players[i], p)) players[i] = p;
  });
  if (Object.keys(players).length) out.players = players;
  const zones: Record<string, ZoneView | ZonePatch | null> = {};
  for (const k of Object.keys(a.zones)) if (!(k in b.zones)) zones[k] = null;
  for (const [k, z] of Object.entries(b.zones)) if (!same(a.zones[k], z)) zones[k] = zoneDelta(a.zones[k], z);
  if (Object.keys(zones).length) out.zones = zones;
  return out as ViewDelta;
}

export function patchView(a: TableView, delta: ViewDelta): TableView {
  const { zones, players, gone, ...rest } = delta;
  const next = { ...a, ...rest, zones: { ...a.zones }, players: [...a.players] } as TableView;
  for (const k of gone ?? []) delete (next as unknown as Record<string, unknown>)[k];
  for (const [i, p] of Object.entries(players ?? {})) next.players[Number(i)] = p;
  for (const [k, z] of Object.entries(zones ?? {})) {
    if (z === null) delete next.zones[k];
    else if ("ids" in z) {
      const have = new Map([...(a.zones[k]?.cards ?? []), ...(z.set ?? [])].map((c) => [c.id, c]));
      next.zones[k] = { count: z.count, cards: z.ids.map((id) => have.get(id)!) };
    } else next.zones[k] = z;
  }
  const sorted: Record<string, ZoneView> = {};
  for (const k of Object.keys(next.zones).sort()) sorted[k] = next.zones[k];
  next.zones = sorted;
  return next;
}
