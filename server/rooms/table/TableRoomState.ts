// The card table's schema: the view's parts (parts.ts writes them) and the room's settings.
// Its own file, with no room code beside it, so the client can take its type (client/net/wire.ts).

import { MapSchema, Schema, type, view } from "@colyseus/schema";
import { GameRoomState } from "../game/GameRoomState.js";

export class ViewPart extends Schema {
  @type("string") json = "";
}

export class TableRoomState extends GameRoomState {
  /** The view's parts: `key` for everyone, `key#seat` for one seat's own version. */
  @view() @type({ map: ViewPart }) parts = new MapSchema<ViewPart>();
  @type("string") format = "";
  @type("string") tableMode = "";
}
