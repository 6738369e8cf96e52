// A seated player's connection closed. Consented (left), or no reconnection window: the seat
// is freed (or held, when its owner holds the token). Otherwise the seat shows disconnected
// and waits RECONNECT_SECONDS for the same session to come back; after that it is held for its
// seat token if the game wants (SeatBook.holdOrFree), or freed.
//
// Its owner holds the seat's token once one of their connections finished joining (the `seat`
// message goes out with the join's acknowledgement), or when they joined with it. A connection
// that drops before its own join completes is then a drop like any other (a reconnection, or
// a rejoin with the seat token, cut on a lossy link before its acknowledgement). A first join
// cut there is "unconfirmed": its player may have JOIN_ROOM (and its reconnection token) but
// never got the seat's token, or may have nothing and join again as a newcomer. So the seat
// waits for that reconnection for the window, is anyone's who joins meanwhile
// (SeatBook.seatForNewcomer), and is freed, never held, when the window ends.

import type { Client } from "@colyseus/core";
import type { HubSettings } from "../../settings.js";
import type { ClientData } from "./gate.js";
import type { HubState } from "./HubState.js";
import { armJoinDeadline, forgetUnsentJoin, joinCompleted } from "./joinDeadline.js";
import type { JoinRequest, SeatRecord } from "./seats.js";

/** What a leaving seat needs of the seat book (SeatBook; named here so the two files do not import each other). */
export interface LeavingSeats {
  record(seat: number): SeatRecord;
  freshView(client: Client, seat: number): void;
  awaitNewDevice(seat: number): void;
  free(seat: number): void;
  holdOrFree(seat: number): void;
  shortenAbandonedHolds(): void;
}

/** What it needs of the room (a part of seatBook.ts' SeatBookRoom). */
export interface LeavingRoom {
  state(): HubState;
  settings(): HubSettings;
  disposing(): boolean;
  commit(): void;
  exclusive(fn: () => void): void;
  welcome(client: Client, data: ClientData): void;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  allowReconnection(client: Client, seconds: number): PromiseLike<Client> & { reject?: Function };
  /** The pending reconnection of `token` is also taken with each of `others` (until it ends). */
  alsoReconnectWith(others: readonly string[], token: string): void;
  onSeatConnection(seat: number, connected: boolean): void;
  onViewer(client: Client, seat: number): void;
}

/** Reconnection tokens of cut reconnections kept per player (each one a join that never completed). */
const MAX_HELD_TOKENS = 4;

export async function seatLeft(book: LeavingSeats, room: LeavingRoom, client: Client, data: ClientData, consented: boolean): Promise<void> {
  const seat = data.seat;
  const record = book.record(seat);
  if (record.sessionId !== client.sessionId) return; // the seat was reclaimed by another connection
  if (room.disposing()) return;
  const settings = room.settings();
  const seatState = () => room.state().seats[seat];
  const joined = joinCompleted(client);
  // A seat a device link moved away waits for the new device, whatever the old one does.
  if (record.movedFrom && record.movedFrom === client.sessionId) {
    room.exclusive(() => book.awaitNewDevice(seat));
    return;
  }
  const ownerHasToken = joined || data.ownerHasToken === true || (client.auth as JoinRequest | undefined)?.seatToken !== undefined;
  const holdUnjoined = !consented && !joined && ownerHasToken;
  if (consented || settings.reconnectSeconds <= 0) {
    room.exclusive(() => {
      if (!holdUnjoined) book.free(seat);
      else {
        record.sessionId = null;
        seatState().connected = false;
        room.onSeatConnection(seat, false);
        book.holdOrFree(seat);
      }
      room.commit();
    });
    book.shortenAbandonedHolds();
    return;
  }

  record.unconfirmed = !ownerHasToken;
  room.exclusive(() => {
    seatState().connected = false;
    room.onSeatConnection(seat, false);
    room.commit();
  });

  if (ownerHasToken) data.ownerHasToken = true;
  if (!joined) forgetUnsentJoin(client);
  // The player holds the token of the last JOIN_ROOM it received: this connection's if it
  // completed its join, else perhaps one of those before it (the last few are kept).
  const tokens = joined ? [] : (data.reconnectionTokens ?? []).filter((t) => t !== client.reconnectionToken).slice(-MAX_HELD_TOKENS);
  data.reconnectionTokens = [...tokens, client.reconnectionToken];
  const reconnection = room.allowReconnection(client, settings.reconnectSeconds);
  if (tokens.length) room.alsoReconnectWith(tokens, client.reconnectionToken);
  if (typeof reconnection.reject === "function") {
    const deferred = reconnection;
    record.reconnection = { reject: (reason?: unknown) => deferred.reject!(reason) as void };
  }
  try {
    const newClient = await reconnection;
    if (record.sessionId !== client.sessionId) return;
    record.reconnection = null;
    record.unconfirmed = false;
    // The new socket's sends are guarded too (strikes carry over), and it must finish its join.
    data.flood.rebind(newClient);
    data.cancelJoinDeadline = armJoinDeadline(newClient, settings.joinTimeoutSeconds);
    // Colyseus hands the new connection the old one's StateView, which missed every change of
    // audience while the player was away: the new connection's view is built afresh.
    book.freshView(newClient, seat);
    room.exclusive(() => {
      seatState().connected = true;
      room.onSeatConnection(seat, true);
      room.onViewer(newClient, seat);
      room.welcome(newClient, data);
      room.commit();
    });
  } catch {
    if (record.sessionId !== client.sessionId) return; // reclaimed by seat token meanwhile
    record.reconnection = null;
    record.sessionId = null;
    const unconfirmed = record.unconfirmed === true;
    record.unconfirmed = false;
    if (room.disposing()) return;
    room.exclusive(() => {
      // Nobody holds an unconfirmed seat's token: nothing to hold it for.
      if (unconfirmed) book.free(seat);
      else book.holdOrFree(seat);
      room.commit();
    });
    book.shortenAbandonedHolds();
  }
}
