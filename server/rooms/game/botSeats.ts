// The generic room's bots: after every committed change each bot-played seat that may act
// is asked for its decision (a BotThinker: worker threads in production, server/bots/), and
// the answer is played after the bot's thinking delay only if nothing was committed since.
// Also the owner's `addBot` and `removeBot` messages (between games only).

import type { TypedMove } from "../../../common/core/game.js";
import type { Rejection } from "../../../common/core/rules.js";
import type { BotThinker } from "../../bots/thinker.js";
import type { MessageSpec, MoveContext } from "../base/messages.js";
import { emptyPayload } from "../base/validate.js";
import { seatPayload } from "./parts.js";
import type { GameRoomState } from "./GameRoomState.js";
import type { Play, RoomHost } from "./play.js";

/** What the bots ask of their room besides the play and the host (play.ts). */
export interface BotLinks<M> {
  /** Is this room seat played by a bot now? */
  botPlays(roomSeat: number): boolean;
  thinker(): BotThinker;
  /** Time a bot may think per decision (ms); null: its thinking delay. */
  budgetMs(): number | null;
  delayScale(): number;
  /** The move path's `apply` (movePath.ts). */
  apply(ctx: MoveContext, gameSeat: number, move: M): Rejection | void;
}

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bots read no event, config or view types */
export class BotSeats<S, M extends TypedMove> {
  /** Counts commits: a bot's answer is played only if nothing was committed since it was asked. */
  private revision = 0;
  /** Per bot-played room seat: the revision its decision was asked for. */
  private asked = new Map<number, string>();
  /** Per bot-played room seat: the move it last decided and when it is due (a same decision keeps its time). */
  private due = new Map<number, { key: string; at: number }>();
  /** Per bot-played room seat: cancels its question still waiting for a thread (a newer one replaces it). */
  private waiting = new Map<number, AbortController>();

  constructor(
    private readonly play: Play<S, M, any, any, any, GameRoomState>,
    private readonly host: Pick<RoomHost, "disposing" | "later" | "serverMove" | "logger">,
    private readonly links: BotLinks<M>,
  ) {}

  /** A new game: nothing asked, nothing due. */
  forget(): void {
    this.asked.clear();
    this.due.clear();
    this.cancelAll();
  }

  /** The room is going away: its questions leave the pool's queue (they held the room alive). */
  stop(): void {
    this.cancelAll();
  }

  private cancelAll(): void {
    for (const c of this.waiting.values()) c.abort();
    this.waiting.clear();
  }

  /**
   * After every committed change: ask for the decision of every bot-played seat that may act.
   * The room goes on meanwhile; an answer to an older revision is dropped (the newer question
   * is already out), so a bot never plays on a table it did not see.
   */
  replan(): void {
    const { play, host, links } = this;
    const game = play.game;
    const bot = play.def.bot;
    if (!game || !bot || !play.playing || host.disposing()) return;
    const who = play.def.whoActs(game.state);
    const version = String(++this.revision);
    play.order.forEach((room, g) => {
      if (!links.botPlays(room)) return this.asked.delete(room);
      if (!who.seats.includes(g) && !who.anytime?.length) return;
      if (this.asked.get(room) === version) return;
      this.asked.set(room, version);
      const level = play.configured.botLevel ?? bot.levels[bot.levels.length - 1];
      const [min, max] = bot.delayMs;
      const seed = play.botSeed;
      const delay = min + ((seed + game.log.length * 7919 + g * 104729) % (max - min + 1));
      const asked = Date.now();
      const ask = (tries: number): void => {
        // the older question of this seat is moot: its answer would be dropped anyway
        this.waiting.get(room)?.abort();
        const cancel = new AbortController();
        this.waiting.set(room, cancel);
        links.thinker()
          .think({ game: play.def.id, view: game.view(g), seat: g, level, seed: seed ^ (game.log.length * 2654435761), budgetMs: (links.budgetMs() ?? delay) * 2 ** Math.min(tries, 6), memory: null }, cancel.signal)
          .then((answer) => {
            if (this.waiting.get(room) === cancel) this.waiting.delete(room);
            if (host.disposing() || play.game !== game || this.asked.get(room) !== version) return;
            // Cut off at its budget (a loaded machine): no decision was made, and with nothing
            // committed meanwhile nobody would ask again, so the game would wait on this seat
            // forever. Ask again, with twice the time each try (a busy machine gets slower, not faster).
            if (answer.cutOff && !cancel.signal.aborted) {
              host.logger().warn({ event: "bot.cut-off", seat: room, tries: tries + 1 }, "a bot's decision ran past its time and was stopped; asking it again with more time");
              return ask(tries + 1);
            }
            if (answer.move === null) return;
            // The same decision as before (say, a Caught while the table plays on) keeps its time:
            // a busy table never starves a bot's out-of-turn call.
            const key = JSON.stringify(answer.move);
            const before = this.due.get(room);
            const at = before && before.key === key ? before.at : asked + delay * links.delayScale();
            this.due.set(room, { key, at });
            const wait = Math.max(0, at - Date.now());
            host.later(wait, () =>
              host.serverMove(
                room,
                (ctx) =>
                  play.game === game && String(this.revision) === version && links.botPlays(room) && play.playing
                    ? (this.due.delete(room), links.apply(ctx, g, answer.move as M))
                    : false,
                "bot move",
              ),
            );
          })
          .catch((e) => {
            if (this.waiting.get(room) === cancel) this.waiting.delete(room);
            // A pool closing with the server drops its pending decisions: nothing to report then.
            if (host.disposing() || /pool closed/.test(String((e as Error)?.message))) return;
            const current = !cancel.signal.aborted && play.game === game && this.asked.get(room) === version;
            host.logger().error({ event: "bot.failed", seat: room, tries: tries + 1, err: e }, current ? "a bot could not decide; asking it again" : "a bot could not decide");
            // Its thread failed (an error, or it exited): as with a cut-off, nobody else would ask
            // again, so a table with no turn clock would wait on this seat for good. Ask again
            // after a pause that doubles (at most 30 s apart: a bot that always fails is logged,
            // not spun on).
            if (current) host.later(Math.min(30_000, 250 * 2 ** tries), () => {
              if (!host.disposing() && play.game === game && this.asked.get(room) === version && !this.waiting.has(room)) ask(tries + 1);
            });
          });
      };
      ask(0);
    });
  }
}

/** What the owner's bot messages need of their room. */
export interface BotOwnerRoom {
  seats: number;
  owner(): number;
  playing(): boolean;
  /** A rated room (no bots may join it). */
  rated?(): boolean;
  /** Seats a bot in the first free seat; its seat, or −1 when none is free. */
  add(): number;
  /** False: `seat` is not a bot seat. */
  remove(seat: number): boolean;
}

/** `addBot` and `removeBot`: the room's creator fills or frees seats with bots, never mid-game. */
export function botOwnerMessages(room: BotOwnerRoom): Record<string, MessageSpec<any>> {
  const refused = (seat: number): Rejection | undefined => {
    if (room.rated?.()) return { code: "not-allowed", message: "A rated game is played by the people rated quick play matched: no bots join it." };
    if (seat !== room.owner()) return { code: "not-allowed", message: "Only the room's creator can do that." };
    if (room.playing()) return { code: "not-allowed", message: "Not while a game is running." };
    return undefined;
  };
  const addBot: MessageSpec<unknown> = {
    parse: emptyPayload,
    run: (ctx) => refused(ctx.seat) ?? (room.add() < 0 ? { code: "no-free-seat", message: "Every seat is taken." } : undefined),
  };
  const removeBot: MessageSpec<{ seat: number }> = {
    parse: seatPayload(room.seats),
    run: (ctx, { seat }) => refused(ctx.seat) ?? (room.remove(seat) ? undefined : { code: "not-a-bot", message: `Seat ${seat} is not a bot seat.` }),
  };
  return { addBot, removeBot };
}
