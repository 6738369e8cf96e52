// A seated player's connection closed. Consented (left), never finished joining, or no
// reconnection window: the seat is freed (or held, for a seat reclaimed by token). Otherwise
// the seat shows disconnected and waits RECONNECT_SECONDS for the same session to come back;
// after that it is held for its seat token if the game wants (SeatBook.holdOrFree), or freed.

import type { Client } from "@colyseus/core";
import type { HubSettings } from "../../settings.js";
import type { ClientData } from "./gate.js";
import type { HubState } from "./HubState.js";
import { armJoinDeadline, joinCompleted } from "./joinDeadline.js";
import type { JoinRequest, SeatRecord } from "./seats.js";

/** What a leaving seat needs of the seat book (SeatBook; named here so the two files do not import each other). */
export interface LeavingSeats {
  record(seat: number): SeatRecord;
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
  onSeatConnection(seat: number, connected: boolean): void;
  onViewer(client: Client, seat: number): void;
}

export async function seatLeft(book: LeavingSeats, room: LeavingRoom, client: Client, data: ClientData, consented: boolean): Promise<void> {
  const seat = data.seat;
  const record = book.record(seat);
  if (record.sessionId !== client.sessionId) return; // the seat was reclaimed by another connection
  if (room.disposing()) return;
  const settings = room.settings();
  const seatState = () => room.state().seats[seat];
  // A connection that never finished joining never received a new seat's token: nothing to
  // hold. A reclaimed seat is still its owner's (they have the token): held, as after a drop.
  const joined = joinCompleted(client);
  // A seat a device link moved away waits for the new device, whatever the old one does.
  if (record.movedFrom && record.movedFrom === client.sessionId) {
    room.exclusive(() => book.awaitNewDevice(seat));
    return;
  }
  const holdUnjoined = !consented && !joined && (client.auth as JoinRequest | undefined)?.seatToken !== undefined;
  if (consented || !joined || settings.reconnectSeconds <= 0) {
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

  room.exclusive(() => {
    seatState().connected = false;
    room.onSeatConnection(seat, false);
    room.commit();
  });

  const reconnection = room.allowReconnection(client, settings.reconnectSeconds);
  if (typeof reconnection.reject === "function") {
    const deferred = reconnection;
    record.reconnection = { reject: (reason?: unknown) => deferred.reject!(reason) as void };
  }
  try {
    const newClient = await reconnection;
    if (record.sessionId !== client.sessionId) return;
    record.reconnection = null;
    // The new socket's sends are guarded too (strikes carry over), and it must finish its join.
    data.flood.rebind(newClient);
    data.cancelJoinDeadline = armJoinDeadline(newClient, settings.joinTimeoutSeconds);
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
    if (room.disposing()) return;
    room.exclusive(() => {
      book.holdOrFree(seat);
      room.commit();
    });
    book.shortenAbandonedHolds();
  }
}
