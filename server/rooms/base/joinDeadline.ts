// A socket that connects but never acknowledges the join (Colyseus' JOIN_ROOM reply) held its
// seat as "connected" forever, and every message meant for it piled up unsent in
// `_enqueuedMessages`; a Cubestacc game without a turn timer sat on that seat's turn. After
// the deadline the connection is closed, which the room treats as a drop.

import { ClientState, type Client } from "@colyseus/core";
import { CLOSE_JOIN_TIMEOUT, closeConnection } from "./flood.js";

/** True once the client acknowledged the join (Colyseus then drops its queue of early messages). */
export function joinCompleted(client: Client): boolean {
  return (client as unknown as { _enqueuedMessages?: unknown })._enqueuedMessages === undefined;
}

/**
 * A connection that closed before acknowledging its join: the messages queued for it are
 * dropped (they go again to the next connection), so Colyseus' allowReconnection, which
 * refuses a connection that never joined, lets the seat's owner come back as after any drop.
 */
export function forgetUnsentJoin(client: Client): void {
  delete (client as unknown as { _enqueuedMessages?: unknown })._enqueuedMessages;
}

/** Closes `client` if it has not completed the join `seconds` from now. Returns a cancel function. */
export function armJoinDeadline(client: Client, seconds: number, onExpire?: () => void): () => void {
  const timer = setTimeout(() => {
    if (joinCompleted(client) || client.state !== ClientState.JOINING) return;
    onExpire?.();
    closeConnection(client, CLOSE_JOIN_TIMEOUT, "join not completed");
  }, seconds * 1000);
  timer.unref();
  return () => clearTimeout(timer);
}
