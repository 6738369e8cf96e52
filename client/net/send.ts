// A scene's sends, typed by its game's payload map (common/<game>: `<Game>Payloads`, message
// name → payload) and the room's own messages (RoomPayloads): a wrong type or a payload of the
// wrong shape breaks `npm run typecheck` instead of coming back as a `bad-payload` refusal.
import type { RoomPayloads } from "../../common/core/game";
import type { RoomSession } from "./session";

/** Sends one of the game's messages (payloads `P`) or the room's own: false (nothing sent) when not connected. */
export type Send<P> = <K extends keyof (P & RoomPayloads) & string>(type: K, payload: (P & RoomPayloads)[K]) => boolean;

/** `session.send`, typed by the game's payloads `P` beside the room's own (no `P`: the room's own only). */
export function typedSend<P extends object = Record<never, never>>(session: Pick<RoomSession, "send">): Send<P> {
  return (type, payload) => session.send(type, payload);
}
