// window.__hub: a small test/debug hook so browser tests never guess pixels.
// It exposes only what the page already knows (the client never knows mines).
import type { RoomSession } from "./net/session";
import type { RoomView } from "./room-view";

export interface HubApi {
  /** Plain snapshot: route, connection, seat, and the game's own snapshot (phase, rows, cols, cells…). */
  state(): Record<string, unknown>;
  /** Viewport CSS pixel coordinates of a cell's centre, or null. */
  cellCenter(r: number, c: number): { x: number; y: number } | null;
  /** Stop rendering and draw one frame now (stable screenshots). */
  renderNow(): void;
  /** Resume on-demand rendering after renderNow(). */
  resume(): void;
  /** Leave the current room (consented). */
  leave(): Promise<void>;
}

declare global {
  interface Window {
    __hub: HubApi;
  }
}

export function installHub(current: () => { session: RoomSession; view: RoomView } | null): void {
  window.__hub = {
    state() {
      const cur = current();
      const base: Record<string, unknown> = { route: location.hash || "#/" };
      if (!cur) return { ...base, connection: "none" };
      const s = cur.session;
      return {
        ...base,
        game: s.game,
        roomId: s.roomId,
        seat: s.seat,
        spectator: s.spectator,
        private: s.isPrivate,
        connection: s.status.kind,
        attempt: "attempt" in s.status ? s.status.attempt : 0,
        reconnects: s.reconnects,
        clockOffset: s.clock.offsetMs,
        ready: cur.view.handle !== null,
        ...(cur.view.handle?.snapshot() ?? {}),
      };
    },
    cellCenter(r, c) {
      return current()?.view.handle?.cellCenter?.(r, c) ?? null;
    },
    renderNow() {
      current()?.view.handle?.renderNow();
    },
    resume() {
      current()?.view.handle?.resume();
    },
    async leave() {
      await current()?.session.leave();
    },
  };
}
