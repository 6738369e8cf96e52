// The game log as each viewer reads it: one line per event, naming a card only to a viewer who
// could see it before or after the event. Events themselves never leave the host (they carry
// seeds and card ids of hidden zones); rooms send these lines instead.

import { coinsPerFlip, keptCoins } from "./actOpponents.js";
import { CATALOGUE } from "./catalogue.js";
import { peekNewId } from "./draft.js";
import type { TableEvent } from "./events.js";
import { parseZoneKey, type Card, type TableGame } from "./types.js";
import { canSee, effectiveViewer, type Viewer } from "./visibility.js";

export interface LogLine {
  seq: number;
  /** Seat, or -1 for the table. */
  actor: number;
  t: number;
  /** The catalogue action, "undo" or "restart". */
  do: string;
  text: string;
  /** Dice (1..sides), coins (1 = heads) or the planar die (0 blank, 1 chaos, 2 planeswalk). */
  result?: number[];
  /** An undo: the first line it took back (every line from this seq on is undone). */
  undone?: number;
}

const FILTER_WORDS = { land: "a land", nonland: "a nonland card", creature: "a creature", noncreature: "a noncreature card", instantOrSorcery: "an instant or sorcery", name: "a card" } as const;

const who = (g: TableGame, p: number) => (p >= 0 ? (g.players[p]?.name ?? `Player ${p + 1}`) : "The table");
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

function zoneName(g: TableGame, key: string): string {
  const ref = parseZoneKey(key);
  if (!ref) return key;
  const names: Record<string, string> = { planes: "the planar deck", plane: "the active plane", stack: "the stack", ongoing: "ongoing schemes", schemes: "scheme deck", command: "command zone" };
  const z = names[ref.zone] ?? ref.zone;
  return ref.player < 0 ? z : `${who(g, ref.player)}'s ${z}`;
}

/** How a finished game ended and who won, as the log says it. */
function over(g: TableGame): string {
  const won = g.winners?.length ? `${g.winners.map((w) => who(g, w)).join(" and ")} won` : "nobody won";
  if (g.ended === "agreed") return g.players.length > 1 ? `Everyone agreed to end the game: ${won}.` : `The game is over: ${won}.`;
  if (g.ended === "conceded") return g.winners?.length ? `Everyone else conceded: ${won}.` : "Everyone conceded: the game is over.";
  return g.winners?.length ? `The game is over: ${won}.` : "The game is over.";
}

/** The card's name if `viewer` sees it in `g`, else null (the line says "a card"). */
function cardName(g: TableGame, viewer: Viewer, c: Card | undefined, everything: boolean): string | null {
  if (!c) return null;
  return everything || canSee(g, effectiveViewer(g, viewer), c) ? (g.defs[c.def]?.name ?? "a card") : null;
}

/**
 * The card `id` of `before` as it is in `after`: itself, or the card it became (a card changing
 * zone, or moved within a deck, gets a new id: most likely the next draw of the id stream).
 */
export function movedCard(before: TableGame, after: TableGame, id: number): Card | undefined {
  const old = before.cards.get(id);
  if (!old || after.cards.get(id)) return after.cards.get(id);
  const guess = after.cards.get(peekNewId(before));
  if (guess && !before.cards.get(guess.id) && guess.def === old.def) return guess;
  // The lowest such id (the first an object index listed).
  let found: Card | undefined;
  for (const [k, c] of after.cards) if (!before.cards.has(k) && c.def === old.def && c.owner === old.owner && (!found || k < found.id)) found = c;
  return found;
}

/**
 * The line `viewer` reads for an event applied to `before`, giving `after`. `everything`: the
 * replay of a game that is over (replayView), where every card is named.
 */
export function logLine(before: TableGame, after: TableGame, ev: TableEvent, viewer: Viewer, everything = false): LogLine {
  const base = { seq: ev.seq, actor: ev.actor, t: ev.t };
  const actor = who(before, ev.actor);
  const ch = ev.change;
  if (ch.type === "restore") {
    if (ch.undone === null) return { ...base, do: "restart", text: `${actor} started the game over.` };
    // Every event from `undone` on is taken back (chat among them: it does not count).
    const n = Math.max(1, ev.seq - ch.undone);
    return { ...base, do: "undo", undone: ch.undone, text: `${actor} undid ${n === 1 ? "the last action" : `the last ${n} actions`}.` };
  }
  const a = ch.action;
  const line = (text: string, result?: number[]) => ({ ...base, do: a.do, text, ...(result ? { result: [...result] } : {}) });
  const named = (id: number) => cardName(before, viewer, before.cards.get(id), everything) ?? "a card";
  switch (a.do) {
    case "move": {
      const old = before.cards.get(a.card);
      const now = movedCard(before, after, a.card);
      const name = cardName(before, viewer, old, everything) ?? cardName(after, viewer, now, everything) ?? (now?.faceDown ? "a face-down card" : "a card");
      const to = now ? zoneName(after, now.at) : "out of the game";
      return line(`${actor} moved ${name} from ${old ? zoneName(before, old.at) : "?"} to ${to}.`);
    }
    case "draw":
    case "mill":
    case "exileTop": {
      const verb = { draw: "drew", mill: "milled", exileTop: "exiled from the top" }[a.do];
      return line(`${actor} ${verb} ${plural(a.n, "card")}.`);
    }
    case "lookTop":
      return line(`${actor} looks at the top ${plural(a.n, "card")} of their library.`);
    case "tap":
      return line(`${actor} ${a.on ? "tapped" : "untapped"} ${named(a.card)}.`);
    case "counter":
      return line(`${actor} ${a.delta >= 0 ? "put" : "removed"} ${plural(Math.abs(a.delta), `${a.name} counter`)} ${a.delta >= 0 ? "on" : "from"} ${named(a.card)}.`);
    case "life":
      return line(`${actor} ${a.delta >= 0 ? "gave" : "took"} ${Math.abs(a.delta)} life ${a.delta >= 0 ? "to" : "from"} ${who(before, a.player)} (now ${after.players[a.player]?.life}).`);
    case "passTurn":
      return line(`${actor} passed the turn to ${who(after, after.turn.active)}.`);
    case "rollDice":
      return line(`${actor} rolled ${a.n ?? 1}d${a.sides}: ${(ch.result ?? []).join(", ")}.`, ch.result);
    case "flipCoins":
      return line(`${actor} flipped ${(ch.result ?? []).map((r) => (r ? "heads" : "tails")).join(", ")}.`, ch.result);
    case "rollPlanarDie":
      return line(`${actor} rolled the planar die: ${["blank", "chaos", "planeswalk"][ch.result?.[0] ?? 0]}.`, ch.result);
    case "chat":
      return line(`${actor}: ${a.text}`);
    case "keep":
      return line(`${actor} kept ${plural((after.zones[`${ev.actor}.hand`] ?? []).length, "card")}.`);
    case "mulligan":
      return line(`${actor} took a mulligan.`);
    case "attach":
      return line(a.to === undefined ? `${actor} detached ${named(a.card)}.` : `${actor} attached ${named(a.card)} to ${named(a.to)}.`);
    case "arrow":
      return line(`${actor} drew an arrow from ${named(a.from)} to ${a.toCard !== undefined ? named(a.toCard) : a.toPlayer !== undefined ? who(before, a.toPlayer) : "the table"}.`);
    case "clearArrows":
      return line(`${actor} removed their arrows.`);
    case "shuffle":
      return line(`${actor} shuffled ${a.zone && a.zone !== "library" ? `their ${a.zone}` : "their library"}.`);
    case "search":
      return line(`${actor} searches ${a.player !== undefined && a.player !== ev.actor ? `${who(before, a.player)}'s` : "their"} library.`);
    case "arrange": {
      const parts = [a.top.length ? `${plural(a.top.length, "card")} on top` : "", a.bottom.length ? `${plural(a.bottom.length, "card")} on the bottom` : "", a.graveyard?.length ? `${plural(a.graveyard.length, "card")} into the graveyard` : ""].filter(Boolean);
      if (parts.length > 1) parts.splice(-2, 2, `${parts[parts.length - 2]} and ${parts[parts.length - 1]}`);
      return line(`${actor} put back ${parts.join(", ") || "nothing"}.`);
    }
    case "stopLooking":
      return line(`${actor} stopped looking at their library.`);
    case "untapAll":
      return line(`${actor} untapped everything they control.`);
    case "createToken":
      return line(`${actor} created ${a.n && a.n > 1 ? `${a.n} ` : "a "}${a.name}${a.power !== undefined ? ` ${a.power}/${a.toughness ?? "?"}` : ""} token${a.n && a.n > 1 ? "s" : ""}.`);
    case "copy":
      return line(`${actor} made a token copy of ${named(a.card)}.`);
    case "labels":
      return line(a.labels.length ? `${actor} labelled ${named(a.card)}: ${a.labels.join(", ")}.` : `${actor} cleared the labels of ${named(a.card)}.`);
    case "setLife":
      return line(`${actor} set ${who(before, a.player)}'s life to ${a.value}.`);
    case "poison":
      return line(`${actor} ${a.delta >= 0 ? "gave" : "took"} ${plural(Math.abs(a.delta), "poison counter")} ${a.delta >= 0 ? "to" : "from"} ${who(before, a.player)}.`);
    case "tracker":
      return line(`${actor} changed ${who(before, a.player)}'s ${a.name} by ${a.delta > 0 ? "+" : ""}${a.delta}.`);
    case "extraTurn":
      return line(`${actor} gave ${who(before, a.player)} an extra turn.`);
    case "designation":
      return line(a.player === undefined ? `${actor} cleared ${a.name}.` : `${actor} made ${who(before, a.player)} ${a.name}.`);
    case "revealTop":
      return line(`${actor} revealed the top ${plural(a.n, "card")} of their library.`);
    case "revealHand":
      return line(`${actor} ${a.on ? "revealed their hand" : "stopped revealing their hand"}.`);
    case "concede":
      return line(after.phase === "finished" ? `${actor} conceded. ${over(after)}` : `${actor} conceded.`);
    case "revealUntil": {
      const seat = ev.actor >= 0 ? ev.actor : before.turn.active;
      const dig = after.players[seat]?.dig;
      const top = (after.zones[`${seat}.library`] ?? []).slice(0, dig?.n ?? 0);
      const shown = top.map((id) => cardName(after, viewer, after.cards.get(id), everything) ?? "a card");
      const looked = a.filter === "name" ? (a.name ?? "").trim() : FILTER_WORDS[a.filter];
      const found = dig?.hit ? `, finding ${shown[shown.length - 1]}` : ": none matched";
      return line(`${actor} revealed ${plural(top.length, "card")} from the top of their library until ${looked}${found}${shown.length > 1 ? ` (${shown.join(", ")})` : ""}.`);
    }
    case "finishReveal": {
      const seat = ev.actor >= 0 ? ev.actor : before.turn.active;
      const dig = before.players[seat]?.dig;
      const top = (before.zones[`${seat}.library`] ?? []).slice(0, dig?.n ?? 0);
      const hit = dig?.hit && a.zone !== undefined ? top[top.length - 1] : undefined;
      const rest = top.length - (hit !== undefined ? 1 : 0);
      const where = { hand: "into their hand", battlefield: "onto the battlefield", graveyard: "into their graveyard", exile: "into exile", stack: "on the stack", library: "back on top of their library" };
      const found = hit !== undefined ? `${named(hit)} ${where[a.zone!]}${rest ? " and " : ""}` : "";
      return line(`${actor} put ${found}${rest ? `${plural(rest, "card")} on the bottom in a random order` : ""}.`);
    }
    case "organize":
      return line(`${actor} organized their battlefield.`);
    case "drain":
    case "extort": {
      const seat = ev.actor >= 0 ? ev.actor : before.turn.active;
      const gained = (after.players[seat]?.life ?? 0) - (before.players[seat]?.life ?? 0);
      const n = a.do === "drain" ? a.n : (a.n ?? 1);
      const verb = a.do === "drain" ? `drained ${n}` : `extorted${n > 1 ? ` ${n} times` : ""}`;
      const phantom = after.phantom && before.phantom && after.phantom.life !== before.phantom.life ? ` (the phantom opponent is at ${after.phantom.life})` : "";
      return line(`${actor} ${verb}: each opponent loses ${n} life, ${actor} gains ${gained} (now ${after.players[seat]?.life})${phantom}.`);
    }
    case "thumbCoins": {
      const coins = ch.result ?? [];
      const kept = keptCoins(coins, a.thumbs ?? 1, a.call ?? "heads");
      const per = coinsPerFlip(a.thumbs ?? 1);
      const side = (r: number) => (r ? "heads" : "tails");
      const flips = kept.map((k, i) => `${coins.slice(i * per, i * per + per).map(side).join(" and ")}, keeping ${side(k)}`);
      return line(`${actor} flipped with Krark's Thumb${(a.thumbs ?? 1) > 1 ? "s" : ""}: ${flips.join("; ")}.`, ch.result);
    }
    case "stackAfter":
      return line(a.card !== undefined ? `${actor} put ${named(a.card)} on the stack under the top.` : `${actor} put an ability on the stack under the top: ${a.text}`);
    case "highlight":
      return line(`${actor} ${a.on ? "highlighted" : "stopped highlighting"} ${named(a.card)}.`);
    case "signal":
      return line(`${actor} placed a ${a.colour ?? "red"} signal on ${who(before, a.player)}'s battlefield.`);
    case "removeSignal":
      return line(`${actor} removed a signal.`);
    case "teams": {
      const groups = new Map<number, string[]>();
      a.of.forEach((t, i) => t > 0 && groups.set(t, [...(groups.get(t) ?? []), who(before, i)]));
      const ff = after.options.friendlyFire ? ", with friendly fire" : "";
      return line(groups.size ? `${actor} set the teams: ${[...groups.values()].map((g) => g.join(" and ")).join(" against ")}${ff}.` : `${actor} broke up the teams.`);
    }
    case "phantom": {
      const p = after.phantom;
      const parts = [a.life ? `${a.life > 0 ? "+" : ""}${a.life} life` : "", a.poison ? `${a.poison > 0 ? "+" : ""}${a.poison} poison` : ""].filter(Boolean).join(", ");
      return line(`${actor} changed the phantom opponent: ${parts} (now ${p?.life ?? 0} life${p?.poison ? `, ${p.poison} poison` : ""}).`);
    }
    case "endGame":
      return line(over(after));
    default: {
      const card = "card" in a && typeof a.card === "number" ? ` (${named(a.card)})` : "";
      return line(`${actor}: ${CATALOGUE[a.do].says}${card}.`);
    }
  }
}
