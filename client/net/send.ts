// A scene's sends, typed by its game's payload map (common/<game>: `<Game>Payloads`, message
// name → payload) and the room's own messages (RoomPayloads): a wrong type or a payload of the
// wrong shape breaks `npm run typecheck` instead of coming back as a `bad-payload` refusal.
import type { RoomPayloads } from "../../common/core/game";
import type { RoomSession } from "./session";

/** Sends one message: false (nothing sent) when not connected. */
export type Send<P> = <K extends keyof P & string>(type: K, payload: P[K]) => boolean;

/** `session.send`, typed by the game's payloads `P` beside the room's own. */
export function typedSend<P>(session: Pick<RoomSession, "send">): Send<P & RoomPayloads> {
  return (type, payload) => session.send(type, payload);
}
