// The messages a game room takes besides the base's: each of the definition's move types
// (parsed by its `parseMove`, played through the move path: movePath.ts), the owner's
// `addBot` and `removeBot` when the game has bots (botSeats.ts), `restart` when the
// definition has `whyNoRestart`, and `cursor` when it has `parseCursor`.

import type { Pointer, TypedMove } from "../../../common/core/game.js";
import type { Rejection } from "../../../common/core/rules.js";
import type { MessageSpec, MoveContext } from "../base/messages.js";
import { emptyPayload } from "../base/validate.js";
import { botOwnerMessages } from "./botSeats.js";
import type { GameRoomState } from "./GameRoomState.js";
import type { Play } from "./play.js";

/** What the messages have their room do. */
export interface MessagesRoom<M> {
  playerMove(ctx: MoveContext, move: M): Rejection | void;
  restart(ctx: MoveContext): Rejection | void;
  /** For the owner's bot messages (botSeats.ts). */
  addBot(): number;
  removeBot(seat: number): boolean;
}

/** Each message type with its spec, in the order the room defines them. */
export function gameMessages<S, M extends TypedMove, E, C, V, St extends GameRoomState>(play: Play<S, M, E, C, V, St>, room: MessagesRoom<M>): [string, MessageSpec<any>][] {
  const { def, configured } = play;
  const out: [string, MessageSpec<any>][] = [];
  for (const type of def.moveTypes) {
    const move: MessageSpec<M> = { parse: (payload) => def.parseMove(type, payload, configured.config), run: (ctx, move) => room.playerMove(ctx, move) };
    out.push([type, move]);
  }
  // A rated game is between the people matched: nobody adds a bot to it.
  if (def.bot) {
    const own = botOwnerMessages({
      seats: configured.seats,
      owner: () => play.st.owner,
      playing: () => play.playing,
      rated: () => play.rated !== null,
      add: () => room.addBot(),
      remove: (seat) => room.removeBot(seat),
    });
    out.push(...Object.entries(own));
  }
  if (def.whyNoRestart) out.push(["restart", { parse: emptyPayload, run: (ctx: MoveContext) => room.restart(ctx) }]);
  const parseCursor = def.parseCursor?.bind(def);
  if (parseCursor) {
    // A pointer is not a move: its own rate bucket, no patch of its own, never in the room log.
    const cursor: MessageSpec<Pointer> = {
      bucket: "cursor",
      patchNow: false,
      parse: (payload) => parseCursor(payload, configured.config),
      run: (ctx, at) => play.parts.showCursor?.(play.st, ctx.seat, at),
    };
    out.push(["cursor", cursor]);
  }
  return out;
}
