// Auto Pets as a game definition (common/core/game.ts) around petsRules: room options, the
// payload types a player sends (parsed by moves.ts), who acts (the shop seat on turn, or every
// seat still to arrange at once, in secret), what the timer does, the bots, and the
// hidden-information twin.

import { withRules, type GameDef, type PayloadsOf, type WhoActs } from "../core/game.js";
import { fail, ok, wholeOption } from "../core/payload.js";
import type { Rng } from "../core/rng.js";
import { decide, defaultOrder, newMemory, observe, rolloutBudget, type BotLevel, type BotMemory } from "./bots/index.js";
import { trophiesText } from "./arena.js";
import { cardDef } from "./cards.js";
import { parsePetsPayload, PETS_MOVE_TYPES } from "./moves.js";
import { petsRules } from "./rules.js";
import { petsPlaces } from "./round.js";
import { checkBuy, checkPass, checkPick, checkSell, checkShopTurn, checkTrade } from "./shop.js";
import { isPet, keyOf, petCount, toAct } from "./state.js";
import { MAX_SEATS, MIN_SEATS, type PetsConfig, type PetsEvent, type PetsMove, type PetsState, type PetsView } from "./types.js";

export const PETS_MODES = ["online", "solo", "arena"] as const;
export const PETS_BOT_LEVELS = ["easy", "medium", "hard"] as const;
/** Seconds a shop turn may take online (0: none). */
export const PETS_TIMER = { min: 5, max: 300, online: 30 } as const;
/** Seconds the secret arrange may take online (0: none). */
export const PETS_ARRANGE = { min: 10, max: 600, online: 60 } as const;
/** A decision's rollouts per second assumed when a time budget becomes a count (measured ≥ 50,000 a core; half kept as margin). */
const ROLLOUTS_PER_SECOND = 25_000;
/** The hardest a bot may think, whatever the room asks (ms). */
export const PETS_BOT_MS = 500;

/** What a player sends: the move without its type (parsed by parsePetsPayload, moves.ts). */
export type PetsPayloads = PayloadsOf<
  PetsMove,
  {
    buy: { slot: number };
    sell: { cards: number[] };
    trade: { cards: number[] };
    pick: { index: number };
    pass: Record<string, never>;
    arrange: { order: number[] };
  }
>;


const whole = wholeOption;
const seconds = (name: string, v: unknown, range: { min: number; max: number }, dflt: number): number | string =>
  v === undefined ? dflt : v === 0 ? 0 : whole(name, v, range.min, range.max);

/** The room options the pets definition reads, beside its rules config. */
export interface PetsRoomConfig extends PetsConfig {
  /** Seconds for the secret arrange (0: none). */
  arrange: number;
}

/** Every move the shop seat may make now (one-card sales, every same-suit triple). */
function shopMoves(s: PetsState, seat: number): PetsMove[] {
  if (checkShopTurn(s, seat, !!s.picks[seat]) !== null) return [];
  if (s.picks[seat]) return [0, 1].filter((i) => checkPick(s, seat, i) === null).map((index) => ({ type: "pick", index }));
  const out: PetsMove[] = [];
  for (let slot = 0; slot < s.row.length; slot++) if (checkBuy(s, seat, slot) === null) out.push({ type: "buy", slot });
  const hand = s.hands[seat];
  for (const id of hand) if (checkSell(s, seat, [id]) === null) out.push({ type: "sell", cards: [id] });
  const pets = hand.filter((id) => isPet(s, id));
  for (let a = 0; a < pets.length; a++)
    for (let b = a + 1; b < pets.length; b++)
      for (let c = b + 1; c < pets.length; c++) {
        const cards = [pets[a], pets[b], pets[c]];
        if (checkTrade(s, seat, cards) === null) out.push({ type: "trade", cards });
      }
  if (checkPass(s, seat) === null) out.push({ type: "pass" });
  return out;
}

/** The move a seat makes when its time runs out: keep the first pick, pass (or sell down to the pet limit), or the default order. */
export function petsTimeoutMove(s: PetsState, seat: number): PetsMove | null {
  if (!toAct(s).includes(seat)) return null;
  if (s.phase === "arrange") {
    const hand = s.hands[seat];
    return { type: "arrange", order: defaultOrder(hand.map((id) => keyOf(s, id))).map((i) => hand[i]) };
  }
  if (s.picks[seat]) return { type: "pick", index: 0 };
  if (checkPass(s, seat) === null) return { type: "pass" };
  // Too many pets to pass: sell the weakest until the limit holds.
  const pets = s.hands[seat].filter((id) => isPet(s, id));
  pets.sort((a, b) => cardDef(keyOf(s, a)).worth - cardDef(keyOf(s, b)).worth || a - b);
  return { type: "sell", cards: pets.slice(0, petCount(s, seat) - 5) };
}

function shuffleInPlace<T>(xs: T[], rng: Rng): void {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
}

/** A game `viewer` cannot tell apart: tier decks reshuffled, other hands, picks and orders permuted, other dice. */
export function petsTwin(s: PetsState, viewer: number | null, rng: Rng): PetsState {
  const t: PetsState = JSON.parse(JSON.stringify(s));
  for (const d of t.decks) shuffleInPlace(d, rng);
  for (let seat = 0; seat < t.seats; seat++) {
    if (seat === viewer) continue;
    shuffleInPlace(t.hands[seat], rng);
    if (t.picks[seat]) t.picks[seat]!.reverse();
    if (t.orders[seat]) shuffleInPlace(t.orders[seat]!, rng);
  }
  t.rng = [rng.int(2 ** 31), rng.int(2 ** 31), rng.int(2 ** 31), rng.int(2 ** 31)] as PetsState["rng"];
  return t;
}

export const petsDef: GameDef<PetsState, PetsMove, PetsEvent, PetsRoomConfig, PetsView> = withRules(petsRules, {
  title: "Auto Pets",
  modeNames: { arena: "arena run" },
  rated: { seats: { min: 2, max: 4 }, options: { mode: "online", bots: 0 } },
  // One seat is an arena run; every other mode starts with MIN_SEATS (configure says minSeats).
  seats: { min: 1, max: MAX_SEATS },
  examples: [{}, { mode: "solo", bots: 3 }, { mode: "online", seats: 3 }, { mode: "online", seats: 5, timer: 0, arrange: 0 }, { mode: "arena" }],
  configure(options) {
    const mode = options.mode ?? "online";
    if (typeof mode !== "string" || !(PETS_MODES as readonly string[]).includes(mode)) {
      return fail("bad-option", `Unknown mode ${JSON.stringify(String(mode).slice(0, 20))}: use online, solo or arena.`);
    }
    if (mode === "arena") {
      if (options.seats !== undefined && options.seats !== 1) return fail("bad-option", "An arena run has one seat: yours (the opponents are recorded teams).");
      if (options.bots !== undefined && options.bots !== 0) return fail("bad-option", "An arena run has no bots at the table: its opponents are recorded teams.");
      if ((options.timer ?? 0) !== 0 || (options.arrange ?? 0) !== 0) return fail("bad-option", "An arena run has no timers (timer and arrange must be 0).");
      return ok({ config: { seats: 1, arrange: 0, pairing: "fair", arena: true }, seats: 1, minSeats: 1, mode, bots: 0, turnSeconds: 0, togetherSeconds: 0, botLevel: "medium", criteria: { mode } });
    }
    let seats: number;
    let bots: number;
    let timer = 0;
    let arrange = 0;
    if (mode === "solo") {
      const b = options.bots === undefined ? (options.seats === undefined ? 1 : whole("seats", options.seats, MIN_SEATS, MAX_SEATS)) : whole("bots", options.bots, 1, MAX_SEATS - 1);
      if (typeof b === "string") return fail("bad-option", b);
      bots = options.bots === undefined && options.seats !== undefined ? b - 1 : b;
      seats = bots + 1;
      if (options.seats !== undefined && options.seats !== seats) return fail("bad-option", `Solo seats are you + the bots: ${seats} for ${bots} bots.`);
      if ((options.timer ?? 0) !== 0 || (options.arrange ?? 0) !== 0) return fail("bad-option", "Solo has no timers (timer and arrange must be 0).");
    } else {
      const n = options.seats === undefined ? MIN_SEATS : whole("seats", options.seats, MIN_SEATS, MAX_SEATS);
      if (typeof n === "string") return fail("bad-option", n);
      seats = n;
      const b = options.bots === undefined ? 0 : whole("bots", options.bots, 0, seats - 1);
      if (typeof b === "string") return fail("bad-option", b);
      bots = b;
      const t = seconds("timer", options.timer, PETS_TIMER, PETS_TIMER.online);
      if (typeof t === "string") return fail("bad-option", t);
      const a = seconds("arrange", options.arrange, PETS_ARRANGE, PETS_ARRANGE.online);
      if (typeof a === "string") return fail("bad-option", a);
      timer = t;
      arrange = a;
    }
    const botLevel = options.botLevel ?? "medium";
    if (typeof botLevel !== "string" || !(PETS_BOT_LEVELS as readonly string[]).includes(botLevel)) return fail("bad-option", "botLevel must be easy, medium or hard.");
    return ok({ config: { seats, arrange, pairing: "fair" }, seats, minSeats: MIN_SEATS, mode, bots, turnSeconds: timer, togetherSeconds: arrange, botLevel, criteria: { mode, seats, timer, arrange } });
  },
  result: (s) => (s.arena ? trophiesText(s.trophies[0]) : s.winners && s.winners.length > 1 ? "tie" : "won"),
  places: petsPlaces,
  // An arena round opens with the room bringing its opponent (the server fills in the team: rooms/pets/arena.ts).
  roomMove: (s) => (s.arena && s.phase !== "finished" && !s.arena.opponents[s.round - 1] ? { seat: 0, move: { type: "opponent", team: null } } : null),
  whoActs(s): WhoActs {
    const seats = toAct(s);
    if (s.phase === "arrange") return { seats, together: true, since: null, turn: s.round * 2 + 1 };
    if (s.phase === "shop") return { seats, together: false, since: null, turn: s.log.length };
    return { seats: [], together: false };
  },
  // Every pets event is public (buys, sales and trades name cards everyone saw; picks and orders never appear).
  eventsFor: (events) => events.map((e) => ({ ...e }) as PetsEvent),
  moveTypes: PETS_MOVE_TYPES,
  parseMove: parsePetsPayload,
  legalMoves(s, seat) {
    if (!toAct(s).includes(seat)) return [];
    if (s.phase === "shop") return shopMoves(s, seat);
    const hand = s.hands[seat];
    const first = defaultOrder(hand.map((id) => keyOf(s, id))).map((i) => hand[i]);
    return [{ type: "arrange", order: first }, { type: "arrange", order: hand.slice() }, { type: "arrange", order: hand.slice().reverse() }];
  },
  timeoutMove: petsTimeoutMove,
  bot: {
    levels: PETS_BOT_LEVELS,
    delayMs: [350, 500],
    choose(view, _seat, memory, budget) {
      if (view.viewer === null || !view.toAct.includes(view.viewer)) return { move: null, memory };
      const level: BotLevel = (PETS_BOT_LEVELS as readonly string[]).includes(budget.level) ? (budget.level as BotLevel) : "medium";
      const mem = isMemory(memory, view.seats) ? memory : newMemory(view.seats);
      const ms = Math.min(PETS_BOT_MS, Math.max(1, budget.ms));
      const seed = budget.rng.int(2 ** 31);
      const d = decide(view, observe(mem, view), level, seed, rolloutBudget(level, ms, ROLLOUTS_PER_SECOND));
      return { move: d.move, memory: d.memory };
    },
  },
  twin: petsTwin,
  probes: petsProbes,
});

/**
 * For the kit: every card id sold, traded in (beside two of the seat's own) and put in an
 * order, and every pick index. A card not in the seat's hand is refused alike wherever it is
 * (another hand, a trade pick, a tier deck, the row, the discard, or no card at all).
 */
function petsProbes(s: PetsState, seat: number): PetsMove[] {
  const own = s.hands[seat] ?? [];
  const out: PetsMove[] = [];
  for (let id = 0; id < s.kinds.length + 2; id++) {
    out.push({ type: "sell", cards: [id] }, { type: "trade", cards: [...own.filter((x) => x !== id).slice(0, 2), id] });
    if (own.length) out.push({ type: "arrange", order: [...own.slice(1), id] });
  }
  for (let index = 0; index < 3; index++) out.push({ type: "pick", index });
  return out;
}

function isMemory(m: unknown, seats: number): m is BotMemory {
  return !!m && typeof m === "object" && Array.isArray((m as BotMemory).known) && (m as BotMemory).known.length === seats;
}
