// Where sockets are accepted: the HTTP server every request and WebSocket comes through, and
// the WebSocket transport's connection handler (Colyseus' own, replaced here).
//
// Half-open sockets per address. One address held 3,000 connections that never sent a whole
// request, never finished a WebSocket upgrade or never joined a room: each costs a socket, a
// parser and buffers, and Node only reaps a silent one after its headers timeout. A socket is
// half-open from its accept until it is first answered (an HTTP request's response finished)
// or, for a WebSocket, until its room join went through (every later message is the room's to
// limit); past `halfOpenPerAddress` (HALF_OPEN_PER_ADDRESS) a new one from that address is
// closed at once, counted (hub_refusals_total{where="socket", code="too-many-sockets"}) and
// logged once per address per interval (RefusalLog). Ordinary connections — keep-alive
// requests already answered, joined room sockets — do not count, so a classroom behind one
// address is not refused. Behind TRUST_PROXY the TCP peer is the proxy (which bounds its own
// half-open connections): a socket then counts, by the address the proxy names, from its
// WebSocket upgrade until its join.
//
// Bogus WebSocket URLs. Colyseus' handler answered a socket whose URL names no room (or a
// reservation that does not exist) by logging an Error with its stack at `error` level, one per
// socket. Here it is a refusal like any other: answered with an error the player can read,
// closed, counted (`no-room`, `bad-url`) and logged once per address per interval without a stack.

import type http from "node:http";
import type net from "node:net";
import { debugAndPrintError, ErrorCode, getBearerToken, matchMaker, Protocol } from "@colyseus/core";
import { WebSocketClient, WebSocketTransport, type TransportOptions } from "@colyseus/ws-transport";
import type WebSocket from "ws";
import { clientAddress, limitKey } from "./clientAddress.js";
import { log } from "../ops/log.js";
import { metrics } from "../ops/metrics.js";
import type { RefusalLog } from "../ops/refusalLog.js";

export interface SocketLimits {
  /** Sockets one address may hold that were never answered nor joined a room. */
  halfOpenPerAddress: number;
  /** Proxies in front of the hub whose X-Forwarded-For is believed (server/net/clientAddress.ts). */
  trustProxy: number;
}

const TOO_MANY = "Too many connections from your address that never finished opening; close some and try again.";
const NO_ROOM = "There is no room to join at this address (the link is wrong, or the room has closed, or your seat reservation expired). Go back to the lobby and join again.";

/** The half-open sockets of every address (one per hub). */
export class SocketGuard {
  private readonly open = new Map<string, number>();
  /** Each half-open socket's address key, until it is answered, joined or closed. */
  private readonly pending = new WeakMap<net.Socket, string>();

  constructor(
    private readonly limits: SocketLimits,
    private readonly refusals: RefusalLog,
  ) {}

  /** Half-open sockets of `key` now (tests). */
  halfOpen(key: string): number {
    return this.open.get(key) ?? 0;
  }

  /** A TCP connection was accepted: counted under its address, or closed at once past the cap. */
  accepted(socket: net.Socket): void {
    if (this.limits.trustProxy > 0) return; // the peer is the proxy: counted at the upgrade instead
    const key = limitKey(tidy(socket.remoteAddress));
    if (!this.take(socket, key)) socket.destroy();
  }

  /** A WebSocket upgrade completed: false when its address is past the cap (the socket must be refused). */
  upgraded(socket: net.Socket, req: http.IncomingMessage): boolean {
    if (this.pending.has(socket) || this.limits.trustProxy <= 0) return true; // counted since its accept
    return this.take(socket, limitKey(clientAddress(req, this.limits.trustProxy)));
  }

  /** The socket was answered or joined a room: an ordinary connection from now on. */
  settled(socket: net.Socket): void {
    const key = this.pending.get(socket);
    if (key === undefined) return;
    this.pending.delete(socket);
    const n = (this.open.get(key) ?? 1) - 1;
    if (n <= 0) this.open.delete(key);
    else this.open.set(key, n);
  }

  private take(socket: net.Socket, key: string): boolean {
    const n = this.open.get(key) ?? 0;
    if (n >= this.limits.halfOpenPerAddress) {
      metrics.refused("socket", "too-many-sockets");
      this.refusals.note(key, "too-many-sockets", { halfOpen: n }, `a connection from ${key} was closed at once: it holds ${n} that never finished opening (HALF_OPEN_PER_ADDRESS)`);
      return false;
    }
    this.open.set(key, n + 1);
    this.pending.set(socket, key);
    socket.once("close", () => this.settled(socket));
    return true;
  }

  /** Watches `server`'s accepted connections. */
  watchConnections(server: http.Server): void {
    server.on("connection", (socket: net.Socket) => this.accepted(socket));
  }

  /**
   * Watches `server`'s answered requests. Called once Colyseus has attached its matchmaking
   * routes (it takes every `request` listener there was into one of its own, which passes
   * `/matchmake` requests to none of them): ahead of it, this one sees every request.
   */
  watchRequests(server: http.Server): void {
    server.prependListener("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
      res.once("finish", () => this.settled(req.socket));
    });
  }
}

/** "::ffff:127.0.0.1" → "127.0.0.1". */
function tidy(address: string | undefined): string {
  if (!address) return "unknown";
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}

type RawClient = WebSocket & { pingCount: number };

function heartbeat(this: WebSocket): void {
  (this as RawClient).pingCount = 0;
}

/**
 * Colyseus' WebSocket transport with the hub's connection handler: the half-open cap, the
 * client's address as TRUST_PROXY reads it (Colyseus passed `X-Real-IP` / `X-Forwarded-For`,
 * which anyone can write, as the room's `ip`), and bogus URLs refused quietly.
 */
export class HubTransport extends WebSocketTransport {
  constructor(
    options: TransportOptions & { server: http.Server },
    private readonly guard: SocketGuard,
    private readonly limits: SocketLimits,
    private readonly refusals: RefusalLog,
  ) {
    super(options);
    this.httpServer = options.server;
    guard.watchConnections(options.server);
    // The base class listens with its own handler; this one replaces it.
    this.wss.off("connection", (WebSocketTransport.prototype as unknown as { onConnection: (...a: unknown[]) => unknown }).onConnection);
    this.wss.on("connection", (raw: RawClient, req: http.IncomingMessage) => void this.connect(raw, req));
  }

  override listen(port: number, hostname?: string, backlog?: number, listeningListener?: () => void): this {
    if (!this.watching && this.httpServer) this.guard.watchRequests(this.httpServer);
    this.watching = true;
    return super.listen(port, hostname, backlog, listeningListener);
  }

  private watching = false;
  private readonly httpServer: http.Server;

  private async connect(raw: RawClient, req: http.IncomingMessage): Promise<void> {
    // A socket's own failures (a reset, a malformed frame) are the client's: a short line, no stack.
    raw.on("error", (err) => log.debug({ event: "socket.refused", code: "socket-error", reason: err.message.slice(0, 200) }, "a WebSocket failed"));
    raw.on("pong", heartbeat);
    raw.pingCount = 0;
    const address = limitKey(clientAddress(req, this.limits.trustProxy));
    let url: URL | null = null;
    try {
      url = new URL(`ws://server/${req.url ?? ""}`);
    } catch {
      url = null;
    }
    const sessionId = url?.searchParams.get("sessionId") ?? null;
    const client = new WebSocketClient(sessionId ?? "", raw);
    if (!this.guard.upgraded(req.socket, req)) return this.refuse(client, raw, address, "too-many-sockets", TOO_MANY, ErrorCode.MATCHMAKE_UNHANDLED);
    if (!url) return this.refuse(client, raw, address, "bad-url", NO_ROOM, ErrorCode.MATCHMAKE_INVALID_ROOM_ID, req.url);
    const roomId = url.pathname.match(/\/[a-zA-Z0-9_-]+\/([a-zA-Z0-9_-]+)$/)?.[1];
    const room = roomId ? matchMaker.getLocalRoomById(roomId) : undefined;
    if (!room || !sessionId || !room.hasReservedSeat(sessionId, url.searchParams.get("reconnectionToken") ?? undefined)) {
      const code = !roomId ? "bad-url" : room ? "no-reservation" : "no-room";
      return this.refuse(client, raw, address, code, NO_ROOM, room ? ErrorCode.MATCHMAKE_EXPIRED : ErrorCode.MATCHMAKE_INVALID_ROOM_ID, req.url);
    }
    try {
      await (room as unknown as { _onJoin(c: WebSocketClient, ctx: unknown): Promise<void> })._onJoin(client, {
        headers: req.headers,
        token: url.searchParams.get("_authToken") ?? getBearerToken(req.headers.authorization ?? ""),
        ip: address,
      });
      this.guard.settled(req.socket);
    } catch (e) {
      // Refusals (onAuth's ServerErrors) are answered, not printed; anything else is a bug.
      debugAndPrintError(e as Error);
      const err = e as { code?: number; message?: string };
      client.error(err.code ?? ErrorCode.MATCHMAKE_UNHANDLED, err.message, () => raw.close(Protocol.WS_CLOSE_WITH_ERROR));
    }
  }

  private refuse(client: WebSocketClient, raw: RawClient, address: string, code: string, words: string, errorCode: number, path?: string): void {
    metrics.refused("socket", code);
    if (code !== "too-many-sockets") {
      this.refusals.note(address, code, { path: path === undefined ? undefined : path.slice(0, 120) }, `a WebSocket was refused (${code}): no room is waiting for it at that address`);
    }
    client.error(errorCode, words, () => raw.close(Protocol.WS_CLOSE_WITH_ERROR));
  }
}
