// Rated quick play through a real hub, as the rated suites drive it: profiles over HTTP, the
// queue until matched (with this browser's id, as the client sends it), and a Connect Four
// game played to a chosen winner.

import { expect } from "chai";
import type { Client, Room } from "colyseus.js";
import { Probe } from "../helpers/hub.js";

export interface Me {
  key: string;
  id: string;
  name: string;
}

export async function apiAt(port: number, path: string, init: RequestInit & { key?: string } = {}): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { "content-type": "application/json", ...(init.headers as Record<string, string>) };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  const res = await fetch(`http://127.0.0.1:${port}/api${path}`, { ...init, headers });
  return { status: res.status, body: await res.json() };
}

export async function newProfileAt(port: number, name: string): Promise<Me> {
  const made = await apiAt(port, "/profiles", { method: "POST", body: JSON.stringify({ name }) });
  expect(made.status, JSON.stringify(made.body)).to.equal(201);
  return { key: made.body.key, id: made.body.profile.id, name };
}

/** Joins rated quick play (with `browser`, the client's browser id, when given). */
export async function joinQueue(client: Client, me: Me, pool = "connect4", browser?: string): Promise<{ q: Room<any>; queue: Probe }> {
  const q = await client.joinOrCreate("rated", { pool, profileKey: me.key, ...(browser ? { browser } : {}) });
  return { q, queue: new Probe(q) };
}

/** Waits in rated quick play until matched; joins the rated room with the reservation. */
export async function ratedMatch(client: Client, me: Me, pool = "connect4", browser?: string): Promise<{ room: Room<any>; probe: Probe; queue: Probe }> {
  const { q, queue } = await joinQueue(client, me, pool, browser);
  const matched = await queue.next("event", 0, (e) => e.kind === "matched", 10_000);
  const room = await client.consumeSeatReservation(matched.reservation);
  const probe = new Probe(room);
  await q.leave();
  await probe.next("seat", 0);
  return { room, probe, queue };
}

/**
 * Plays Connect Four to the end: `winner` drops in column 0 (four in a column win), the other
 * along the bottom row with a gap (columns 1, 2, 3, 5: never four), so the winner wins whoever
 * moves first (both in one column lost the game for the winner when the other moved first).
 */
const LOSER_COLUMNS = [1, 2, 3, 5];
export async function playToWin(players: { room: Room<any>; probe: Probe }[], winnerSeat: number): Promise<void> {
  const bySeat = (seat: number) => players.find((p) => p.room.state.seats?.[seat] && p.probe.messages.some((m) => m.type === "seat" && m.payload.seat === seat))!;
  let loserMoves = 0;
  for (let turn = 0; turn < 8; turn++) {
    const seat = await players[0].probe.until(() => (players[0].room.state.acting?.length ? players[0].room.state.acting[0] : undefined), 5000, "someone on turn");
    bySeat(seat).room.send("drop", { col: seat === winnerSeat ? 0 : LOSER_COLUMNS[loserMoves++] });
    await players[0].probe.until(() => players[0].room.state.phase === "finished" || players[0].room.state.acting?.[0] !== seat || undefined, 5000, "the move");
    if (players[0].room.state.phase === "finished") return;
  }
}
