// Following a tournament's standings live without entering it: a page that is not an entrant
// joins the tournament's room as a watcher (`join` with `watch: true`, docs/protocol.md
// "Tournaments"), which sends it the standings (and the featured game) as they change and
// nothing else. The room is never made for a watcher, and the hub bounds how many there are:
// while there is no room to watch, or it refuses, or the socket drops, the page goes on
// reading GET /api/tournaments/:id every few seconds (page.ts) and tries again then.
import type { Room } from "colyseus.js";
import { matchmake } from "../net/client";
import type { FeaturedGame } from "./api";
import type { StandingRow } from "./words";

export interface LiveStandings {
  rows: StandingRow[];
  finished: boolean;
  featured: FeaturedGame | null;
}

export class Follower {
  private room: Room | null = null;
  private trying = false;
  private active = false;

  constructor(
    private readonly id: string,
    private readonly onStandings: (s: LiveStandings) => void,
  ) {}

  /** Listening live now? (Else the page polls.) */
  get live(): boolean {
    return this.room !== null;
  }

  /** Watches if not already (or trying); a refusal or no room just leaves the page polling. */
  async start(): Promise<void> {
    this.active = true;
    if (this.room || this.trying) return;
    this.trying = true;
    try {
      const room = await matchmake("join", "tournament", { tournament: this.id, watch: true });
      if (!this.active) return void room.leave(true);
      this.room = room;
      room.onMessage("event", (e: { kind?: string; rows?: StandingRow[]; finished?: boolean; featured?: FeaturedGame | null }) => {
        if (e?.kind === "standings" && Array.isArray(e.rows)) this.onStandings({ rows: e.rows, finished: e.finished === true, featured: e.featured ?? null });
      });
      room.onMessage("*", () => undefined);
      room.onLeave(() => {
        if (this.room === room) this.room = null;
      });
    } catch {
      // no room yet (nobody has joined), or the bound: the page's polling goes on
    } finally {
      this.trying = false;
    }
  }

  /** Stops watching (entered: the entry's connection sends the standings now; or the page goes). */
  stop(): void {
    this.active = false;
    const room = this.room;
    this.room = null;
    void room?.leave(true).catch(() => undefined);
  }
}
