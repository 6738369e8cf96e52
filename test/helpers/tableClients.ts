// Card-table players as colyseus.js clients of the test process, beside a page (cheaper than a
// browser each): a test whose page shows the table lets the other seats be these. They join by
// the room's code, send a decklist, keep and act as the table's messages say (docs/table.md).
import { Client, type Room } from "colyseus.js";
import { deckMessages } from "../../common/table/game.js";
import { joinView, partsFor, type Parts } from "../../common/table/wire.js";
import { Probe, until } from "./hub.js";

/** A new table of `seats` from `sdk`, every seat joined (a room and a probe each), once its game has started. */
export async function openTable(sdk: Client, seats: number): Promise<{ rooms: Room<any>[]; probes: Probe[] }> {
  const first = await sdk.create("table", { seats });
  const rooms = [first];
  const probes = [new Probe(first)];
  for (let i = 1; i < seats; i++) {
    rooms.push(await sdk.joinById(first.roomId));
    probes.push(new Probe(rooms[i]));
  }
  await probes[0].until(() => probes[0].state?.phase === "playing" || undefined, 10_000, "the table's start");
  return { rooms, probes };
}

/** The table's stage as a client sees it ("decks", then "table"): its "m" part (common/table/wire.ts). */
export const tableStage = (p: Probe): string | null => {
  const json = p.state?.parts?.get?.("m")?.json as string | undefined;
  return json ? (JSON.parse(json) as { stage: string }).stage : null;
};

export interface TableClient {
  name: string;
  room: Room<any>;
  probe: Probe;
  seat: number;
}

/** Joins `names` to the private table `roomId` on `port`, each in its own seat. */
export async function joinTableClients(port: number, roomId: string, names: string[]): Promise<TableClient[]> {
  const sdk = new Client(`ws://127.0.0.1:${port}`);
  const out: TableClient[] = [];
  for (const name of names) {
    const room = await sdk.joinById(roomId, { name });
    const probe = new Probe(room);
    const msg = await probe.next("seat", 0);
    out.push({ name, room, probe, seat: msg.seat });
  }
  return out;
}

/** The client's own view, as its client would join it from the room's parts. */
export function tableViewOf(b: TableClient) {
  const raw: Parts = {};
  b.probe.state?.parts?.forEach((p: { json: string }, k: string) => (raw[k] = p.json));
  return joinView(partsFor(raw, b.seat), "spectator");
}

/** The client's player index: the one hand it can read (−1 before the deal). */
export function tableIndexOf(b: TableClient): number {
  const zones = tableViewOf(b)?.table?.zones ?? {};
  const k = Object.keys(zones).find((z) => z.endsWith(".hand") && zones[z].cards?.some((c) => c.known));
  return k ? Number(k.split(".")[0]) : -1;
}

/** One table action (`{ do: "keep", … }`, `{ do: "move", … }`…). */
export const tableAct = (b: TableClient, action: Record<string, unknown>) => b.room.send("act", { action });

/** Sends `decklist` as this client's deck. */
export function sendDeck(b: TableClient, decklist: string): void {
  for (const m of deckMessages(decklist)) b.room.send("deck", { ...m, name: b.name });
}

/** Waits for this client's opening hand, then keeps it. */
export async function keepHand(b: TableClient): Promise<void> {
  await until(() => tableIndexOf(b) >= 0 || undefined, 10_000, `${b.name}'s hand`);
  tableAct(b, { do: "keep", bottom: [] });
}
