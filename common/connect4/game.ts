// Connect Four as a game definition (common/core/game.ts): options, the one
// payload parser, who acts, the bot. No hidden information, so no twin.

import { nobody, onTurn, unknownType, withRules, type GameDef, type PayloadsOf } from "../core/game.js";
import { badPayload, fail, intIn, isWholeNumber, objectWith, ok, type Parsed } from "../core/payload.js";
import { C4_BOT_LEVELS, chooseColumn, type C4BotLevel } from "./bots.js";
import { COLS, connect4Rules, openColumns, type Connect4Config, type Connect4Event, type Connect4Move, type Connect4State, type Connect4View } from "./rules.js";

export const CONNECT4_MODES = ["online", "solo"] as const;
export const CONNECT4_TIMER = { min: 5, max: 300, online: 30 } as const;

/** What a player sends: `drop {col}`. */
export type Connect4Payloads = PayloadsOf<Connect4Move, { drop: { col: number } }>;

export function parseConnect4Move(type: string, payload: unknown): Parsed<Connect4Move> {
  if (type !== "drop") return unknownType(type, ["drop"]);
  const o = objectWith(payload, ["col"]);
  if (!o.ok) return o;
  if (!isWholeNumber(o.value.col)) return badPayload("col must be a whole number (0 is the leftmost column).");
  const col = intIn(o.value.col, 0, COLS - 1);
  if (col === null) return fail("out-of-range", `Columns are 0 to ${COLS - 1}.`);
  return ok({ type: "drop", col });
}

export const connect4Def: GameDef<Connect4State, Connect4Move, Connect4Event, Connect4Config, Connect4View> = withRules(connect4Rules, {
  title: "Connect Four",
  seats: { min: 2, max: 2 },
  rated: { seats: { min: 2, max: 2 }, options: { mode: "online" } },
  configure(options) {
    const mode = options.mode ?? "online";
    if (typeof mode !== "string" || !(CONNECT4_MODES as readonly string[]).includes(mode)) {
      return fail("bad-option", `Unknown mode ${JSON.stringify(String(mode).slice(0, 20))}: use online or solo.`);
    }
    const timerIn = options.timer ?? (mode === "solo" ? 0 : CONNECT4_TIMER.online);
    const timer = timerIn === 0 ? 0 : intIn(timerIn, CONNECT4_TIMER.min, CONNECT4_TIMER.max);
    if (timer === null) return fail("bad-option", `timer must be 0 (none) or a whole number of seconds from ${CONNECT4_TIMER.min} to ${CONNECT4_TIMER.max}.`);
    const botLevel = options.botLevel ?? "normal";
    if (typeof botLevel !== "string" || !(C4_BOT_LEVELS as readonly string[]).includes(botLevel)) return fail("bad-option", "botLevel must be easy or normal.");
    return ok({ config: { timer }, seats: 2, mode, bots: mode === "solo" ? 1 : 0, turnSeconds: timer, botLevel, criteria: { mode, timer } });
  },
  result: (s) => (s.winner === null ? "draw" : "won"),
  places: (s) => [0, 1].map((seat) => (s.winner === null || s.winner === seat ? 1 : 2)),
  whoActs: (s) => (s.over ? nobody : onTurn(s.turn, s.turnStartedAt, undefined, s.moves)),
  eventsFor: (events) => events.map((e) => ({ ...e })),
  moveTypes: ["drop"],
  parseMove: parseConnect4Move,
  legalMoves: (s, seat) => (s.over || seat !== s.turn ? [] : openColumns(s.grid).map((col) => ({ type: "drop" as const, col }))),
  timeoutMove: (s, seat) => (!s.over && seat === s.turn ? { type: "timeout" } : null),
  bot: {
    levels: C4_BOT_LEVELS,
    delayMs: [400, 800],
    choose(view, _seat, _memory, budget) {
      const level = (C4_BOT_LEVELS as readonly string[]).includes(budget.level) ? (budget.level as C4BotLevel) : "normal";
      const col = chooseColumn(view, level, budget.rng, budget.elapsed ? { ms: budget.ms, elapsed: budget.elapsed } : undefined);
      return { move: col === null ? null : { type: "drop", col }, memory: null };
    },
  },
});
