// Clients an attacker would write: matchmaking over plain HTTP with chosen headers, and a
// WebSocket that may never acknowledge its join, never read, or flood pre-encoded frames.

import http from "node:http";
import { getMessageBytes, Protocol } from "@colyseus/core";
import WebSocket from "ws";

export interface MatchmakeAnswer {
  status: number;
  body: any;
}

/** POST /matchmake/<method>/<room> with `options` as JSON and extra headers (e.g. X-Forwarded-For). */
export async function matchmake(port: number, method: string, room: string, options: unknown = {}, headers: Record<string, string> = {}): Promise<MatchmakeAnswer> {
  const res = await fetch(`http://127.0.0.1:${port}/matchmake/${method}/${room}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(options),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

/** A matchmaking answer that must be a reservation (fails with the server's error otherwise). */
export function reservationOf(answer: MatchmakeAnswer): { room: { roomId: string; processId: string }; sessionId: string } {
  if (!answer.body?.sessionId) throw new Error(`expected a seat reservation, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** POST with a raw body; `chunked` leaves out Content-Length. Resolves with the answer (or how the socket ended). */
export function postRaw(port: number, path: string, body: Buffer, chunked = false): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = http.request({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      headers: chunked ? { "content-type": "application/json", "transfer-encoding": "chunked" } : { "content-type": "application/json", "content-length": body.length },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on("error", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", (e) => resolve({ error: e.message }));
    // In pieces, as a large upload arrives: the server may answer before the end.
    let offset = 0;
    const step = 64 * 1024;
    const write = () => {
      while (offset < body.length) {
        const piece = body.subarray(offset, offset + step);
        offset += step;
        if (!req.write(piece)) {
          req.once("drain", write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

/** One frame as colyseus.js encodes `room.send(type, payload)`. */
export function roomFrame(type: string, payload: unknown): Buffer {
  return Buffer.from(getMessageBytes.raw(Protocol.ROOM_DATA, type, payload));
}

/** A WebSocket on a reserved seat, speaking the protocol by hand. */
export class RawSocket {
  readonly ws: WebSocket;
  /** Set when the server sent JOIN_ROOM (its reconnection token etc.). */
  joined = false;
  /** The reconnection token the server's JOIN_ROOM carried ("" before it arrived). */
  reconnectionToken = "";
  closed: { code: number } | null = null;
  readonly opened: Promise<void>;
  readonly closedP: Promise<{ code: number }>;

  /** `options.reconnectionToken`: the socket of a reconnection (POST /matchmake/reconnect's reservation). */
  constructor(port: number, reservation: { room: { roomId: string; processId: string }; sessionId: string }, options: { ack: boolean; reconnectionToken?: string }) {
    const reconnecting = options.reconnectionToken ? `&reconnectionToken=${options.reconnectionToken}` : "";
    const url = `ws://127.0.0.1:${port}/${reservation.room.processId}/${reservation.room.roomId}?sessionId=${reservation.sessionId}${reconnecting}`;
    this.ws = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once("open", () => resolve());
      this.ws.once("error", reject);
    });
    this.closedP = new Promise((resolve) => {
      this.ws.once("close", (code) => {
        this.closed = { code };
        resolve({ code });
      });
    });
    this.ws.on("error", () => {});
    this.ws.on("message", (data: Buffer) => {
      if (data[0] === Protocol.JOIN_ROOM && !this.joined) {
        this.joined = true;
        this.reconnectionToken = data.subarray(2, 2 + data[1]).toString("utf8");
        if (options.ack) this.ws.send(Buffer.from([Protocol.JOIN_ROOM]));
      }
    });
  }

  /** Resolves once the server's JOIN_ROOM arrived (and was acknowledged, if asked). */
  async waitJoined(timeoutMs = 4000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.joined) {
      if (this.closed || Date.now() > deadline) throw new Error(`no JOIN_ROOM (closed: ${JSON.stringify(this.closed)})`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** Stops reading: the kernel buffers fill and the server's sends back up. */
  stopReading(): void {
    this.ws.pause();
  }

  resumeReading(): void {
    this.ws.resume();
  }
}
