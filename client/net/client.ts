// The one colyseus.js Client, talking to the server at the page's own origin
// (ws://host or wss://host; the Vite dev server proxies to the game server).
import { Client } from "colyseus.js";
import type { PublicRoom } from "../../common/core/wire";
import { UNAVAILABLE } from "./retry";

export type { PublicRoom };

let client: Client | null = null;

export function hubClient(): Client {
  if (!client) {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    client = new Client(`${scheme}://${location.host}`);
  }
  return client;
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

/** A private code: 5 letters, case-insensitive on input, upper-case on the wire. */
export function normaliseCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return /^[A-Z]{5}$/.test(code) ? code : null;
}
