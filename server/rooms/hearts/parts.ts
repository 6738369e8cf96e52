// Hearts on the generic game room: its view goes over the wire as parts through the generic
// projection (projection.ts, cut by common/hearts/wire.ts): each seat receives its own hand and
// passing cards, a spectator only what is on the table. No schema of its own. Everything else
// (seats, moves, events, timers, bots on worker threads, records) is server/rooms/game/.

import { heartsDef, heartsWire, type HeartsConfig, type HeartsEvent, type HeartsMove, type HeartsState, type HeartsView } from "../../../common/hearts/index.js";
import type { GameServerParts } from "../game/GameRoom.js";
import { viewProjection } from "../game/projection.js";
import type { ViewRoomState } from "../game/ViewRoomState.js";

export const heartsParts: GameServerParts<HeartsState, HeartsMove, HeartsEvent, HeartsConfig, HeartsView, ViewRoomState> = {
  def: heartsDef,
  ...viewProjection(heartsWire),
};
