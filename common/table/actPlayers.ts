// Handlers of the player, turn, randomness, chat, end-of-game and session actions.

import { clamp, fail, isRejection, need, seatOf, type Ctx, type Handlers } from "./context.js";
import { sharesLife, withTeammates } from "./teams.js";
import { afterElimination, passTurn, sameSide } from "./turn.js";
import { MAX_AMOUNT, MAX_DESIGNATIONS, MAX_TRACKERS, type TableGame } from "./types.js";

type PlayerHandlers = Pick<
  Handlers,
  | "life"
  | "setLife"
  | "poison"
  | "commanderDamage"
  | "tracker"
  | "designation"
  | "castCount"
  | "revealHand"
  | "concede"
  | "passTurn"
  | "extraTurn"
  | "helpers"
  | "rollDice"
  | "flipCoins"
  | "chat"
  | "endGame"
  | "undo"
  | "redo"
  | "restart"
>;

/** The players of the one side still in the game, when only one is left (everyone, at none); else null. */
function lastSide(g: TableGame): number[] | null {
  const live = g.players.flatMap((p, i) => (p.eliminated ? [] : [i]));
  if (!live.length) return [];
  if (!live.every((p) => sameSide(g, p, live[0]))) return null;
  return g.players.flatMap((_, i) => (sameSide(g, i, live[0]) ? [i] : []));
}

const noPlayer = (p: number) => fail("no-such-player", `There is no player ${p + 1} at this table.`);
const exists = (c: Ctx, p: number) => p >= 0 && p < c.d.g.players.length;

/** Two-Headed Giant: a team shares one life total (other teams do not). */
function setLife(c: Ctx, player: number, value: number): void {
  const v = clamp(value, -MAX_AMOUNT, MAX_AMOUNT);
  c.d.g.players.forEach((_, i) => {
    if (i === player || sharesLife(c.d.g, player, i)) c.d.player(i).life = v;
  });
}

/** Adds `delta` to a named amount, dropping it at zero; refuses a new name past `max` kinds. */
function bump(rec: Record<string, number>, key: string, delta: number, lo: number, max: number): boolean {
  if (!(key in rec) && Object.keys(rec).length >= max) return false;
  const v = clamp((rec[key] ?? 0) + delta, lo, MAX_AMOUNT);
  if (v === 0) delete rec[key];
  else rec[key] = v;
  return true;
}

const sessionOnly = () => fail("session-action", "Undo, redo and restart are done by the table's log, not as events.");

export const playerHandlers: PlayerHandlers = {
  life(c, a) {
    if (!exists(c, a.player)) return noPlayer(a.player);
    setLife(c, a.player, c.d.g.players[a.player].life + a.delta);
    return null;
  },

  setLife(c, a) {
    if (!exists(c, a.player)) return noPlayer(a.player);
    setLife(c, a.player, a.value);
    return null;
  },

  poison(c, a) {
    if (!exists(c, a.player)) return noPlayer(a.player);
    const p = c.d.player(a.player);
    p.poison = clamp(p.poison + a.delta, 0, MAX_AMOUNT);
    return null;
  },

  commanderDamage(c, a) {
    if (!exists(c, a.player)) return noPlayer(a.player);
    if (!exists(c, a.from)) return noPlayer(a.from);
    const p = c.d.player(a.player);
    const key = `${a.from}.${a.slot ?? 0}`;
    const before = p.commanderDamage[key] ?? 0;
    bump(p.commanderDamage, key, a.delta, 0, 2 * 10);
    // Commander damage is damage: the life total moves by what was really added or removed.
    setLife(c, a.player, p.life - ((p.commanderDamage[key] ?? 0) - before));
    return null;
  },

  tracker(c, a) {
    if (!exists(c, a.player)) return noPlayer(a.player);
    const name = a.name.trim();
    if (!name) return fail("bad-action", "A tracker needs a name, e.g. energy.");
    const p = c.d.player(a.player);
    return bump(p.trackers, name, a.delta, -MAX_AMOUNT, MAX_TRACKERS) ? null : fail("too-many", `At most ${MAX_TRACKERS} trackers per player.`);
  },

  designation(c, a) {
    const name = a.name.trim();
    if (!name) return fail("bad-action", "A designation needs a name, e.g. monarch.");
    if (a.player !== undefined && !exists(c, a.player)) return noPlayer(a.player);
    const have = c.d.g.designations;
    if (a.player === undefined) {
      if (name in have) delete c.d.general().designations[name];
      return null;
    }
    if (!(name in have) && Object.keys(have).length >= MAX_DESIGNATIONS) return fail("too-many", `At most ${MAX_DESIGNATIONS} designations.`);
    c.d.general().designations[name] = a.player;
    return null;
  },

  castCount(c, a) {
    const card = need(c, a.card);
    if (isRejection(card)) return card;
    const p = c.d.player(card.owner);
    bump(p.castCount, String(card.def), a.delta, 0, 64);
    if ((p.castCount[String(card.def)] ?? 0) > 999) p.castCount[String(card.def)] = 999;
    return null;
  },

  revealHand(c, a) {
    c.d.player(seatOf(c)).handRevealed = a.on;
    return null;
  },

  concede(c) {
    const seat = seatOf(c);
    if (c.d.g.players[seat].eliminated) return fail("eliminated", "You have already left the game.");
    c.d.player(seat).eliminated = true;
    // Everyone else has conceded: the game is over, the side still in it won (nobody, when the
    // last player still in concedes, as alone at a solo table).
    const left = c.d.g.options.ending === "agreed" ? lastSide(c.d.g) : null;
    if (left) {
      const g = c.d.general();
      g.phase = "finished";
      g.winners = left;
      g.ended = "conceded";
      return null;
    }
    afterElimination(c.d, seat);
    return null;
  },

  passTurn(c) {
    if (c.d.g.phase !== "playing") return fail("not-started", "The game starts when every player has kept a hand.");
    if (c.actor >= 0 && !sameSide(c.d.g, c.actor, c.d.g.turn.active) && !c.d.g.players[c.d.g.turn.active].sparring) return fail("not-your-turn", "Only the active player (or their Two-Headed Giant teammate) passes the turn.");
    passTurn(c.d);
    return null;
  },

  extraTurn(c, a) {
    if (!exists(c, a.player)) return noPlayer(a.player);
    if (c.d.g.turn.extra.length >= 100) return fail("too-many", "At most 100 extra turns waiting.");
    c.d.general().turn.extra.push(a.player);
    return null;
  },

  helpers(c, a) {
    const o = c.d.general().options;
    for (const k of ["untap", "draw", "countersOnEnter", "commanderTax"] as const) if (a[k] !== undefined) o.helpers[k] = a[k];
    if (a.firstSkipsDraw !== undefined) o.firstSkipsDraw = a.firstSkipsDraw;
    if (a.everyoneTouches !== undefined) o.everyoneTouches = a.everyoneTouches;
    return null;
  },

  rollDice(c, a) {
    const n = a.n ?? 1;
    if (c.result?.length !== n || c.result.some((r) => r < 1 || r > a.sides)) return fail("missing-result", "The dice results must be in the event; the host must resolve them.");
    return null;
  },

  flipCoins(c, a) {
    const n = a.n ?? 1;
    if (c.result?.length !== n || c.result.some((r) => r > 1)) return fail("missing-result", "The coin results must be in the event; the host must resolve them.");
    return null;
  },

  chat() {
    return null;
  },

  endGame(c, a) {
    if (c.d.g.phase === "finished") return fail("finished", "The game is already over.");
    if (a.winners.some((w) => !exists(c, w))) return fail("no-such-player", "A winner is not at this table.");
    const g = c.d.general();
    g.phase = "finished";
    // Shared victory: a team wins together.
    g.winners = withTeammates(g, [...new Set(a.winners)]);
    // Agreed: everyone still in it (resolve lets a player end it alone only when nobody else is).
    g.ended = g.options.ending === "agreed" ? "agreed" : "declared";
    return null;
  },

  undo: sessionOnly,
  redo: sessionOnly,
  restart: sessionOnly,
};
