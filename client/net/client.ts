// The one colyseus.js Client, talking to the server at the page's own origin
// (ws://host or wss://host; the Vite dev server proxies to the game server).
import { Client, type Room } from "colyseus.js";
import type { PublicRoom, RoomCheck } from "../../common/core/wire";
import { UNAVAILABLE } from "./retry";

export type { PublicRoom, RoomCheck };

let client: Client | null = null;

export function hubClient(): Client {
  if (!client) {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    client = new Client(`${scheme}://${location.host}`);
  }
  return client;
}

/**
 * A join the hub refused: its refusal code (`reason`, the matchmaking answer's: "closed",
 * "no-tournament", …) and its own sentence. colyseus.js keeps only the sentence, so a page that
 * acts on the code joins through `matchmake` below.
 */
export class JoinRefused extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = "JoinRefused";
  }
}

/**
 * `join` / `joinOrCreate` as colyseus.js does it (the HTTP matchmaker, then the seat
 * reservation), keeping the refusal's code: a refusal rejects with `JoinRefused`; the network's
 * failure with the fetch's error (retry.ts `hubUnavailable` knows it).
 */
export async function matchmake(method: "join" | "joinOrCreate", roomName: string, options: Record<string, unknown>): Promise<Room> {
  const res = await fetch(`/matchmake/${method}/${encodeURIComponent(roomName)}`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify(options),
  });
  const body = (await res.json().catch(() => null)) as { error?: unknown; reason?: unknown; sessionId?: unknown } | null;
  if (!body || typeof body.error === "string" || !body.sessionId) {
    throw new JoinRefused(typeof body?.reason === "string" ? body.reason : `http-${res.status}`, typeof body?.error === "string" ? body.error : "");
  }
  return hubClient().consumeSeatReservation(body as never);
}

export async function fetchRooms(game?: string, signal?: AbortSignal): Promise<PublicRoom[]> {
  const url = game ? `/api/rooms?game=${encodeURIComponent(game)}` : "/api/rooms";
  const res = await fetch(url, { signal, headers: { Accept: "application/json" } });
  if (res.status === 503) throw new Error(UNAVAILABLE);
  if (!res.ok) throw new Error(`GET /api/rooms answered ${res.status}`);
  const body = (await res.json()) as unknown;
  const list = Array.isArray(body) ? body : (body as { rooms?: unknown }).rooms;
  return Array.isArray(list) ? (list as PublicRoom[]) : [];
}

/**
 * What room `id` offers a newcomer (GET /api/rooms/:id): null when there is no such room.
 * Throws when the server could not say (network, rate limit): the join itself decides then.
 */
export async function checkRoom(id: string, signal?: AbortSignal): Promise<RoomCheck | null> {
  const res = await fetch(`/api/rooms/${encodeURIComponent(id)}`, { signal, headers: { Accept: "application/json" } });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`GET /api/rooms/${id} answered ${res.status}`);
  const body = (await res.json()) as RoomCheck;
  return typeof body?.open === "number" && typeof body.game === "string" ? body : Promise.reject(new Error("not a room check"));
}

/** A private code: 5 letters, case-insensitive on input, upper-case on the wire. */
export function normaliseCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return /^[A-Z]{5}$/.test(code) ? code : null;
}
