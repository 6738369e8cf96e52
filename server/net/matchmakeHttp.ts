// POST /matchmake/<method>/<room>: Colyseus' handler (Server.handleMatchMakeRequest) with
// what it lacks. It collected bodies of any size (four 128 MB bodies: 1 GB), so the body is
// bounded here (413 with a JSON error). It passed `x-real-ip`/`x-forwarded-for` as the
// client's address, which anyone can write, so the address comes from clientAddress()
// (TRUST_PROXY). And before the matchmaker runs, the admission checks: per-address
// reservation limits, a seat token checked against its room before any seat is reserved
// (a bogus token locked a room for 15 s), wrong-token budgets. Refusals keep Colyseus'
// answer shape (`200 {code, error}`, which colyseus.js turns into its error) plus our
// string `reason`. Cross-origin requests are answered only for allowed origins (cors.ts).
// While Redis does not answer (scale-out), a request is answered 503 `hub-unavailable` at once,
// and so is one already waiting on Redis when the outage is seen, instead of hanging until
// the client gives up (server/ops/redisWatch.ts).

import type { IncomingMessage, ServerResponse } from "node:http";
import { ErrorCode, getBearerToken, matchMaker, type Server } from "@colyseus/core";
import { HubRefusal, refuseMovedSeat, refuseSeatToken } from "../rooms/base/errors.js";
import { normaliseRoomId } from "../rooms/base/privateCodes.js";
import { watchTarget } from "../rooms/game/spectatorDelay.js";
import type { Admission } from "./admission.js";
import { clientAddress, limitKey } from "./clientAddress.js";
import { withRequest, type RequestContext } from "./requestContext.js";
import { corsHeaders, judgeOrigin, ORIGIN_REFUSED, type CorsPolicy } from "./cors.js";
import { log } from "../ops/log.js";
import { metrics } from "../ops/metrics.js";
import type { RefusalLog } from "../ops/refusalLog.js";
import { UNAVAILABLE_MESSAGE } from "../ops/redisWatch.js";
import type { HomeStore } from "../store/HomeStore.js";
import { isQuickPlayRoom, safeMatchmake } from "../safety/quickPlay.js";

export interface MatchmakeGuard {
  admission: Admission;
  trustProxy: number;
  maxBodyBytes: number;
  /** Restores a room that is in the room log but not live (sleeping, or its process gone) before a join by id. */
  wake?: (roomId: string) => Promise<void>;
  /** Which pages may call the matchmaker from another origin. */
  cors: CorsPolicy;
  /** What matchmaking needs (Redis in scale-out): is it answering, when does it stop, who was turned away. */
  outages?: OutageSource;
  /** Where refusals are logged: once per address per interval (server/ops/refusalLog.ts); default a line each. */
  refusals?: RefusalLog;
  /** Profiles' blocks, reports and bans, which quick play honours (server/safety/quickPlay.ts). */
  home?: () => HomeStore | undefined;
}

export interface OutageSource {
  available(): boolean;
  /** Calls `fn` when the next outage is seen; returns how to stop listening. */
  onDown(fn: () => void): () => void;
  turnedAwayOne(): void;
}

const RESTARTING_MESSAGE = "The hub is restarting; try again in a few seconds.";
/** Seconds a client is told to wait before trying again (Retry-After). */
const RETRY_AFTER_SECONDS = 3;

/** Thrown when an outage is seen while the request waits. */
class Unavailable extends Error {}

/** Methods that reserve a seat (or a spectator place) in a room. */
const RESERVING = new Set(["create", "joinOrCreate", "join", "joinById"]);
const DEFAULT_RESERVATION_SECONDS = Number(process.env.COLYSEUS_SEAT_RESERVATION_TIME || 15);

/** Replaces `server.handleMatchMakeRequest` (Colyseus calls it as a method of the server). */
export function installMatchmakeHandler(server: Server, guard: MatchmakeGuard): void {
  const target = server as unknown as {
    handleMatchMakeRequest(req: IncomingMessage, res: ServerResponse): Promise<void>;
    transport: { protocol?: unknown };
  };
  target.handleMatchMakeRequest = (req, res) => handle(target.transport, guard, req, res);
}

async function handle(transport: { protocol?: unknown }, guard: MatchmakeGuard, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) {
    // colyseus.js: a ServerError 503 with these words; our client tries again by itself.
    res.writeHead(503, { "Content-Type": "application/json", "Retry-After": String(RETRY_AFTER_SECONDS) });
    res.end(JSON.stringify({ code: 503, error: RESTARTING_MESSAGE, reason: "hub-restarting" }));
    return;
  }
  const controller = matchMaker.controller;
  const origin = judgeOrigin(req, guard.cors);
  if (origin.kind === "refused") {
    metrics.refused("join", ORIGIN_REFUSED.code);
    res.writeHead(403, { "Content-Type": "application/json", Vary: "Origin" });
    res.end(JSON.stringify({ code: ORIGIN_REFUSED.code, error: ORIGIN_REFUSED.message, reason: ORIGIN_REFUSED.code }));
    return;
  }
  const headers: Record<string, string> = origin.kind === "allowed" ? corsHeaders(origin.origin) : { Vary: "Origin" };
  if (req.method === "OPTIONS") {
    res.writeHead(204, headers);
    res.end();
    return;
  }
  if (req.method !== "POST") {
    res.writeHead(404, headers);
    res.end();
    return;
  }
  const body = await readBounded(req, guard.maxBodyBytes);
  if (body === null) {
    tooLarge(req, res, headers, guard.maxBodyBytes);
    return;
  }
  const params: string[] = req.url?.match(controller.allowedRoomNameChars) ?? [];
  const at = params.indexOf(controller.matchmakeRoute as string);
  const method = params[at + 1] ?? "";
  const roomName = params[at + 2] ?? "";
  const address = limitKey(clientAddress(req, guard.trustProxy));
  const ctx: RequestContext = { address };

  headers["Content-Type"] = "application/json";
  if (guard.outages && !guard.outages.available()) return unavailable(res, headers, guard, method, roomName);
  let stopListening = () => {};
  try {
    let options: unknown;
    try {
      options = JSON.parse(body.toString("utf8"));
    } catch {
      throw new HubRefusal("bad-request", "The request body must be the join options as JSON.", ErrorCode.MATCHMAKE_UNHANDLED);
    }
    const work = withRequest(ctx, async () => {
      await admit(guard.admission, method, roomName, options, address);
      if (method === "joinById" && guard.wake) await guard.wake(normaliseRoomId(roomName));
      // a spectator of a room with a spectator delay watches its delayed mirror
      const target = method === "joinById" && isObject(options) && options.spectate === true ? await watchTarget(normaliseRoomId(roomName)) : roomName;
      const auth = { token: getBearerToken(req.headers.authorization ?? ""), headers: req.headers, ip: address, req };
      const invoke = (m: string, name: string, opts: unknown) => controller.invokeMethod(m, name, opts as never, auth as never);
      const home = guard.home?.();
      // Quick play and new rooms of a game: blocks, upheld reports and bans (server/safety/quickPlay.ts).
      if (home && method !== "joinById" && RESERVING.has(method) && isObject(options) && isQuickPlayRoom(target)) {
        return safeMatchmake(home, method, target, options, invoke) as ReturnType<typeof invoke>;
      }
      return invoke(method, target, options);
    });
    // Work waiting on a Redis that stopped answering is answered now (it may still finish later:
    // a reservation nobody uses expires).
    work.catch(() => undefined); // answered already if an outage won the race below
    const outages = guard.outages;
    const outage = outages && new Promise<never>((_, reject) => (stopListening = outages.onDown(() => reject(new Unavailable()))));
    const response = await (outage ? Promise.race([work, outage]) : work);
    if (RESERVING.has(method) && response?.sessionId) {
      reachedHere(response as { room?: Record<string, unknown> });
      const room = matchMaker.getLocalRoomById(response.room?.roomId) as unknown as { seatReservationTime?: number } | undefined;
      guard.admission.reserved(address, response.sessionId, room?.seatReservationTime ?? DEFAULT_RESERVATION_SECONDS);
    }
    if (transport.protocol !== undefined) (response as { protocol?: unknown }).protocol = transport.protocol;
    res.writeHead(200, headers);
    res.end(JSON.stringify(response));
  } catch (e) {
    if (e instanceof Unavailable) return unavailable(res, headers, guard, method, roomName, true);
    const err = e as { code?: number; message?: string };
    if (method === "reconnect" && err.code === ErrorCode.MATCHMAKE_EXPIRED) guard.admission.wrongToken(address);
    // A refusal thrown inside the matchmaker reaches here rewrapped (a seat reservation's even
    // as "… is already full"): the one noted while serving this request says what happened.
    const refusal = e instanceof HubRefusal ? { reason: e.reason, message: e.message } : ctx.refusal;
    const reason = refusal?.reason ?? (typeof err.code === "number" ? `colyseus-${err.code}` : "internal");
    metrics.refused("join", reason);
    const words = refusal?.message ?? err.message ?? "refused";
    if (guard.refusals) guard.refusals.note(address, reason, { method, roomName }, words);
    else log.info({ event: "join.refused", method, roomName, code: reason, address }, words);
    res.writeHead(200, headers);
    res.end(JSON.stringify({ code: err.code, error: refusal?.message ?? err.message, ...(refusal ? { reason: refusal.reason } : {}) }));
  } finally {
    stopListening();
  }
}

/**
 * A seat reserved in a room of this process is reached here. Colyseus answers with the room's
 * listing as Redis held it when the request came, and a room restored here from a killed
 * process's log takes seats a moment before its new listing is written: the answer then named
 * the dead process's address and the player's socket was refused there (ECONNREFUSED).
 */
function reachedHere(response: { room?: Record<string, unknown> }): void {
  const room = response.room;
  const local = typeof room?.roomId === "string" ? (matchMaker.getLocalRoomById(room.roomId) as { listing?: { publicAddress?: string } } | undefined) : undefined;
  if (!room || !local || room.processId === matchMaker.processId) return;
  log.info({ event: "join.relisted", room: room.roomId, listed: room.processId }, `room ${String(room.roomId)} is here but Redis still listed it at process ${String(room.processId)}: the player is sent here`);
  room.processId = matchMaker.processId;
  // No public address of its own: the client connects where it asked, which is this process.
  if (local.listing?.publicAddress) room.publicAddress = local.listing.publicAddress;
  else delete room.publicAddress;
}

/**
 * 503 `hub-unavailable` with Retry-After: what needs Redis is not answering. colyseus.js
 * rejects with a ServerError whose code is 503 and whose message is the sentence below;
 * our client retries by itself on it (client/net/retry.ts).
 */
function unavailable(res: ServerResponse, headers: Record<string, string>, guard: MatchmakeGuard, method: string, roomName: string, waited = false): void {
  guard.outages?.turnedAwayOne();
  metrics.refused("join", "hub-unavailable");
  if (waited) log.warn({ event: "join.refused", method, roomName, code: "hub-unavailable" }, "a matchmaking request waiting on Redis was answered \"briefly unavailable\"");
  res.writeHead(503, { ...headers, "Retry-After": String(RETRY_AFTER_SECONDS) });
  res.end(JSON.stringify({ code: 503, error: UNAVAILABLE_MESSAGE, reason: "hub-unavailable" }));
}

/** The checks made before the matchmaker reserves anything. Throws a HubRefusal. */
async function admit(admission: Admission, method: string, roomName: string, options: unknown, address: string): Promise<void> {
  const seatToken = isObject(options) && typeof options.seatToken === "string" ? options.seatToken : undefined;
  const presentsToken = method === "reconnect" || (method === "joinById" && seatToken !== undefined);
  if (presentsToken && !admission.mayGuess(address)) {
    throw new HubRefusal(
      "too-many-guesses",
      "Too many wrong seat tokens from your address; wait a few minutes, then try again.",
      ErrorCode.AUTH_FAILED,
    );
  }
  if (!RESERVING.has(method)) return;
  admission.checkReserve(address);
  if (method === "joinById" && seatToken !== undefined) {
    const roomId = normaliseRoomId(roomName);
    // An unknown room is answered by the matchmaker itself ("not found").
    if (!(await matchMaker.getRoomById(roomId))) return;
    let accepted: unknown = true;
    try {
      accepted = await matchMaker.remoteRoomCall(roomId, "acceptsSeatToken", [seatToken]);
    } catch {
      return; // the room went away meanwhile: the matchmaker answers
    }
    if (accepted === false) {
      // A token a device link retired is no guess: say where the seat went.
      if ((await matchMaker.remoteRoomCall(roomId, "seatTokenMoved", [seatToken]).catch(() => false)) === true) throw refuseMovedSeat();
      admission.wrongToken(address);
      throw refuseSeatToken();
    }
  }
}

/** The body, or null once it passes `max` bytes (nothing more is kept). */
function readBounded(req: IncomingMessage, max: number): Promise<Buffer | null> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > max) return Promise.resolve(null);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (value: Buffer | null) => {
      if (done) return;
      done = true;
      req.removeListener("data", onData);
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        chunks.length = 0;
        finish(null);
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => finish(Buffer.concat(chunks)));
    req.once("error", () => finish(null));
    req.once("aborted", () => finish(null));
  });
}

/** 413, then the rest of the body is read and dropped (never kept) and the connection closed. */
function tooLarge(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>, max: number): void {
  metrics.refused("join", "body-too-large");
  res.writeHead(413, { ...headers, "Content-Type": "application/json", Connection: "close" });
  res.end(
    JSON.stringify({
      code: "body-too-large",
      error: `Matchmaking requests are limited to ${max} bytes of join options; send fewer or shorter options.`,
    }),
  );
  req.resume();
  res.once("finish", () => setTimeout(() => req.socket.destroy(), 2000).unref());
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
