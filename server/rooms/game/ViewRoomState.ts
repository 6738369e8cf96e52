// The schema of a game that ships its view as parts (common/core/viewWire.ts; projection.ts
// writes them). Its own file, with no room code beside it, so the client can take its type.

import { MapSchema, Schema, type, view } from "@colyseus/schema";
import { GameRoomState } from "./GameRoomState.js";

export class ViewPart extends Schema {
  @type("string") json = "";
}

export class ViewRoomState extends GameRoomState {
  /** The view's parts: `key` for everyone, `key#seat` (game seat) for one seat's own version. */
  @view() @type({ map: ViewPart }) parts = new MapSchema<ViewPart>();
  /** The room's turn timers as configured (seconds; 0: none), for a scene to say them. */
  @type("uint16") turnSeconds = 0;
  @type("uint16") togetherSeconds = 0;
}
