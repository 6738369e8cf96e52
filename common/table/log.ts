// The game's log: every event in order, a snapshot every 50, the intentions behind them (redo
// re-resolves intentions, so a redone shuffle gives a new order, as at a real table), undo and
// the fingerprint. The host keeps it; a guest joining late starts from the snapshot it receives.
//
// Undo is a Restore event carrying the whole game as it was before the undone event: no
// inverse of each action is needed, and receivers simply replace their copy.
// Online (lastOwn) a player undoes only their own last action and only if nobody acted since
// (chat does not count); solo (unlimited) undo has no limit, and redo is allowed.

import type { Rng } from "../core/rng.js";
import { applyParsed } from "./apply.js";
import type { Action, Rejection } from "./catalogue.js";
import { fail } from "./context.js";
import { TABLE_ACTOR, type Intention, type TableEvent } from "./events.js";
import { canonicalJson, sha256 } from "./hash.js";
import { resolve, resolveForTable } from "./resolve.js";
import type { TableGame } from "./types.js";

export const SNAPSHOT_EVERY = 50;
export type UndoMode = "unlimited" | "lastOwn";

export interface TableLog {
  initial: TableGame;
  events: TableEvent[];
  /** Game after event `seq`, for every seq that is a multiple of SNAPSHOT_EVERY. */
  snapshots: Record<string, TableGame>;
  /** The intention behind each player event, by seq. */
  intents: Record<string, Intention>;
  /** Undone intentions, the next to redo last. */
  redo: Intention[];
  mode: UndoMode;
}

export function createLog(initial: TableGame, mode: UndoMode): TableLog {
  return { initial, events: [], snapshots: {}, intents: {}, redo: [], mode };
}

/** A game's fingerprint: SHA-256 of its canonical JSON without seq, first 16 hex digits. */
export function fingerprint(g: TableGame): string {
  return sha256(canonicalJson({ ...g, seq: undefined })).slice(0, 16);
}

/**
 * The games after the latest events recorded in a log (keyed by its initial game, which every
 * fork of the log shares; each game by its event object, so an event of a fork that was dropped
 * never answers for another). An undo finds the game before the undone action here instead of
 * replaying up to 49 events from a snapshot (~100 ms on a 4,000-card table). Games share every
 * unchanged card (drafts copy on write), so a game kept costs little more than its card index.
 */
const recent = new WeakMap<TableGame, Map<TableEvent, TableGame>>();
/** Events whose games are kept: an online undo reaches only the last action and the chat after it. */
export const RECENT_GAMES = 16;

function remember(log: TableLog, ev: TableEvent, game: TableGame): void {
  let kept = recent.get(log.initial);
  if (!kept) recent.set(log.initial, (kept = new Map()));
  kept.set(ev, game);
  if (kept.size > RECENT_GAMES) kept.delete(kept.keys().next().value!);
}

/** Appends an applied event; `game` is the game after it. */
export function record(log: TableLog, ev: TableEvent, game: TableGame, intention: Intention | null): void {
  log.events.push(ev);
  if (intention) log.intents[ev.seq] = intention;
  if (ev.seq % SNAPSHOT_EVERY === 0) log.snapshots[ev.seq] = game;
  remember(log, ev, game);
}

/** The game after event `seq` (the log's initial game at its own seq), rebuilt from a snapshot in fewer than 50 steps. */
export function gameAt(log: TableLog, seq: number): TableGame | null {
  if (seq < log.initial.seq) return null;
  const first = log.events.length ? log.events[0].seq : log.initial.seq + 1;
  const known = seq >= first ? recent.get(log.initial)?.get(log.events[seq - first]) : undefined;
  if (known && known.seq === seq) return known;
  const snap = Math.floor(seq / SNAPSHOT_EVERY) * SNAPSHOT_EVERY;
  let g = snap > log.initial.seq && log.snapshots[snap] ? log.snapshots[snap] : log.initial;
  for (let s = g.seq + 1; s <= seq; s++) {
    const ev = log.events[s - first];
    if (!ev || ev.seq !== s) return null;
    const r = applyParsed(g, ev);
    if (!r.ok) return null;
    g = r.game;
  }
  return g;
}

const counts = (ev: TableEvent) => ev.change.type === "action" && ev.change.action.do !== "chat";

/** The events that still count, in order: undone ones, restarts' past and restores left out. */
export function effective(log: TableLog): TableEvent[] {
  const out: TableEvent[] = [];
  for (const ev of log.events) {
    if (ev.change.type === "restore") {
      const k = ev.change.undone;
      if (k === null) out.length = 0;
      else while (out.length && out[out.length - 1].seq >= k) out.pop();
    } else out.push(ev);
  }
  return out;
}

export type Played = { ok: true; event: TableEvent; game: TableGame } | { ok: false; error: Rejection };

/** The Restore event undoing `actor`'s last action (or, solo, everything from seq `to` on). */
export function undoEvent(log: TableLog, game: TableGame, actor: number, now: number, to?: number): Played {
  const live = effective(log).filter(counts);
  const last = live[live.length - 1];
  if (!last) return { ok: false, error: fail("nothing-to-undo", "There is nothing to undo.") };
  let from = last.seq;
  if (to !== undefined) {
    if (log.mode !== "unlimited") return { ok: false, error: fail("undo-limited", "Online you can undo only your own last action.") };
    const target = live.find((e) => e.seq >= to);
    if (!target) return { ok: false, error: fail("nothing-to-undo", "Nothing from that line on is left to undo.") };
    from = target.seq;
  } else if (log.mode === "lastOwn" && last.actor !== actor) {
    return { ok: false, error: fail("not-your-action", "You can undo only your own last action, and only if nobody has acted since.") };
  }
  const before = gameAt(log, from - 1);
  if (!before) return { ok: false, error: fail("no-history", "The log does not reach back that far.") };
  const event: TableEvent = { seq: game.seq + 1, actor, t: now, change: { type: "restore", undone: from, game: { ...before, seq: game.seq + 1 } } };
  const applied = applyParsed(game, event);
  if (!applied.ok) return applied;
  if (log.mode === "unlimited") {
    const undone = live.filter((e) => e.seq >= from).map((e) => log.intents[e.seq]).filter((i): i is Intention => !!i);
    log.redo.push(...undone.reverse());
  }
  return { ok: true, event, game: applied.game };
}

/** What the session does with one intention: undo, redo and restart here, the rest via resolve. */
export function play(log: TableLog, game: TableGame, actor: number, action: Action, rng: Rng, now: number): Played {
  // A finished game is final: its result is stored and announced, nobody takes it back.
  if (game.phase === "finished" && (action.do === "undo" || action.do === "redo" || action.do === "restart")) return { ok: false, error: fail("finished", "The game is over; start a new one to play again.") };
  let out: Played;
  let intention: Intention | null = { actor, action };
  let keepRedo = false;
  switch (action.do) {
    case "undo":
      out = undoEvent(log, game, actor, now, action.to);
      intention = null;
      keepRedo = true;
      break;
    case "redo": {
      if (log.mode !== "unlimited") return { ok: false, error: fail("redo-solo", "Redo is for solo games.") };
      const next = log.redo[log.redo.length - 1];
      if (!next) return { ok: false, error: fail("nothing-to-redo", "There is nothing to redo.") };
      // Re-resolved, not replayed: a redone shuffle gives a new order.
      const r = resolve(game, next.actor, next.action, rng, now);
      if (!r.ok) return r;
      log.redo.pop();
      out = r;
      intention = next;
      keepRedo = true;
      break;
    }
    case "restart": {
      if (log.mode !== "unlimited" && actor !== TABLE_ACTOR) return { ok: false, error: fail("restart-solo", "Only a solo game restarts from a player's request.") };
      const event: TableEvent = { seq: game.seq + 1, actor, t: now, change: { type: "restore", undone: null, game: { ...log.initial, seq: game.seq + 1 } } };
      const applied = applyParsed(game, event);
      out = applied.ok ? { ok: true, event, game: applied.game } : applied;
      intention = null;
      break;
    }
    default:
      out = resolve(game, actor, action, rng, now);
  }
  if (!out.ok) return out;
  if (!keepRedo && action.do !== "chat") log.redo.length = 0;
  record(log, out.event, out.game, intention);
  return out;
}

/** The table itself acting (the end everyone agreed on), recorded like any event; no seat, no permissions. */
export function playForTable(log: TableLog, game: TableGame, action: Action, rng: Rng, now: number): Played {
  const out = resolveForTable(game, action, rng, now);
  if (!out.ok) return out;
  record(log, out.event, out.game, null);
  return out;
}
