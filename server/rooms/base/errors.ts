// Errors that refuse a create or a join. The client's promise rejects with
// `message`; `code` is a Colyseus matchmaking error code (numeric, 4xxx).

import { ErrorCode, OnMessageException, ServerError } from "@colyseus/core";
import type { Logger } from "pino";
import { metrics } from "../../ops/metrics.js";
import { echoType } from "./messages.js";
import { noteRefusal } from "../../net/requestContext.js";

/** An expected refusal (bad option, wrong seat token...): logged quietly, shown to the player. */
export class HubRefusal extends ServerError {
  constructor(
    /** Our stable string code, e.g. "bad-option", "seat-token". */
    readonly reason: string,
    message: string,
    code: number = ErrorCode.MATCHMAKE_UNHANDLED,
  ) {
    super(code, message);
    // The matchmaker rewraps errors thrown in a room: the HTTP answer still names the reason.
    noteRefusal(reason, message);
  }
}

export const refuseOption = (message: string) => new HubRefusal("bad-option", message, ErrorCode.MATCHMAKE_INVALID_CRITERIA);

export const refuseSeatToken = () =>
  new HubRefusal(
    "seat-token",
    "That seat token does not match a seat in this room (the seat was given up, or its game ended).",
    ErrorCode.AUTH_FAILED,
  );

/** One room's exception never kills the process: logged and, for a message, answered to its sender. */
export function reportUncaught(log: Logger, error: Error, methodName: string): void {
  const cause = error.cause;
  if (cause instanceof HubRefusal) return; // an expected refusal (bad option, wrong token): the client was told
  log.error({ event: "room.error", what: methodName, err: cause ?? error }, `uncaught exception in ${methodName}`);
  if (error instanceof OnMessageException) {
    metrics.refused("message", "internal");
    try {
      error.client.send("error", { code: "internal", message: "The server could not process this message.", type: echoType(error.type) });
    } catch {
      /* the client may be gone */
    }
  }
}

export const refuseMovedSeat = () =>
  new HubRefusal(
    "seat-moved",
    "This seat moved to another device with a device link, and the game goes on there. Carry on on that device, or start a new game from the lobby.",
    ErrorCode.AUTH_FAILED,
  );
