// Apply: an event onto a game. Total: it never throws, it works on a copy-on-write draft, and a
// refused event leaves the game exactly as it was (a guest then asks for a fresh snapshot).
// It checks seq continuity and that every named card, player and zone exists; permissions are
// resolve's job (the host's), since a guest must follow whatever the host decided.

import { createRng } from "../core/rng.js";
import { cardHandlers } from "./actCards.js";
import { markHandlers } from "./actMarks.js";
import { opponentHandlers } from "./actOpponents.js";
import { revealHandlers } from "./actReveal.js";
import { playerHandlers } from "./actPlayers.js";
import { zoneHandlers } from "./actZones.js";
import type { ActionKind, ActionOf, Rejection } from "./catalogue.js";
import { fail, type Ctx, type Handler, type Handlers } from "./context.js";
import { Draft, type Touched } from "./draft.js";
import { parseEvent, TABLE_ACTOR, type TableEvent } from "./events.js";
import type { TableGame } from "./types.js";

/** Every catalogue action has a handler: a new entry without one does not compile. */
export const HANDLERS: Handlers = { ...cardHandlers, ...zoneHandlers, ...playerHandlers, ...revealHandlers, ...markHandlers, ...opponentHandlers };

/** PCG32 stream of the event seeds (the deal uses its own). */
export const EVENT_STREAM = 0xe7e;

export type Applied = { ok: true; game: TableGame; touched: Touched } | { ok: false; error: Rejection };

export const ALL_TOUCHED: Touched = { cards: [], zones: [], players: [], general: true };

/** Applies an untrusted event (parsed here). */
export function applyEvent(game: TableGame, raw: unknown): Applied {
  const parsed = parseEvent(raw);
  if (!parsed.ok) return parsed;
  return applyParsed(game, parsed.event);
}

/** Applies an event already checked by parseEvent. */
export function applyParsed(game: TableGame, ev: TableEvent): Applied {
  try {
    if (ev.seq !== game.seq + 1) return { ok: false, error: fail("seq-gap", `Expected event ${game.seq + 1}, got ${ev.seq}; ask the host for the table as it is now.`) };
    const ch = ev.change;
    if (ch.type === "restore") {
      // A shallow copy: games are never written in place (every change goes through a Draft,
      // which copies what it writes), so the restored game may share its cards with the one it
      // restores; a deep copy cost ~5 ms on a 4,000-card table and made every card look changed.
      const g: TableGame = { ...ch.game, seq: ev.seq };
      const touched: Touched = { cards: [], zones: [], players: g.players.map((_, i) => i), general: true };
      return { ok: true, game: g, touched };
    }
    if (ev.actor !== TABLE_ACTOR && ev.actor >= game.players.length) return { ok: false, error: fail("no-such-player", `There is no player ${ev.actor + 1} at this table.`) };
    const d = new Draft(game);
    const ctx: Ctx = { d, actor: ev.actor, rng: ch.seed === undefined ? null : createRng(ch.seed, EVENT_STREAM), result: ch.result };
    const handler = HANDLERS[ch.action.do] as Handler<ActionKind>;
    const err = handler(ctx, ch.action as ActionOf<ActionKind>);
    if (err) return { ok: false, error: err };
    d.g.seq = ev.seq;
    // Made when asked (sorting every id a shuffle renamed is work no caller in the room needs).
    return {
      ok: true,
      game: d.g,
      get touched() {
        return d.touched();
      },
    };
  } catch (e) {
    // Should never happen; if it does, the game is still untouched (all writes went to the draft).
    return { ok: false, error: fail("internal", `The table could not apply that (${String(e).slice(0, 100)}); ask the host for the table as it is now.`) };
  }
}
