// Cubestacc's room: the generic game room (server/rooms/game/) with Cubestacc's parts
// (parts.ts: schema and projection). Options, payload parsers and rules: common/cubestacc.

import { parseCubestaccOptions, parsePlay } from "../../../common/cubestacc/index.js";
import { refuseOption } from "../base/errors.js";
import { gameRoomClass } from "../game/gameRoomClass.js";
import { cubestaccParts } from "./parts.js";

export { CUBESTACC_MODES as MODES, TIMER, SOLO_BOTS, ONLINE_SEATS_DEFAULT, type CubestaccMode, type CubestaccOptions } from "../../../common/cubestacc/index.js";
/** Quick-play criteria (docs/protocol.md). */
export const FILTER_KEYS = ["mode", "seats", "pack", "wildPivot", "timer"];

export const CubestaccRoom = gameRoomClass(cubestaccParts);
export type CubestaccRoom = InstanceType<typeof CubestaccRoom>;

/** Room options, or a refusal (common/cubestacc/game.ts). */
export function parseOptions(options: Record<string, unknown>) {
  const o = parseCubestaccOptions(options);
  if (!o.ok) throw refuseOption(o.error.message);
  return o.value;
}

/** `play {card, onto, mode, suit?}`: the one parser, in common/cubestacc/game.ts. */
export const playPayload = parsePlay;
