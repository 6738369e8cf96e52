// window.__hub: a small test/debug hook so browser tests never guess pixels.
// It exposes only what the page already knows (the client never knows mines).
import { announcements } from "./ui/announce";
import { unreachableWakes } from "./ui/unreachable";
import type { RoomSession } from "./net/session";
import type { RoomView } from "./roomView";
import type { PageHandle } from "./pages/page";
import { cueStats } from "./ui/cues";

export interface HubApi {
  /** Plain snapshot: route, connection, seat, and the game's own snapshot (phase, rows, cols, cells…). */
  state(): Record<string, unknown>;
  /** Viewport CSS pixel coordinates of a cell's centre, or null. */
  cellCenter(r: number, c: number): { x: number; y: number } | null;
  /** Cubestacc: page-px centre of a card in your hand, or null. */
  cardCenter(card: number): { x: number; y: number } | null;
  /** Cubestacc: page-px point on the face a legal target (cube `onto`, `mode`) glows on, or null. */
  targetCenter(onto: number, mode: string): { x: number; y: number } | null;
  /** Cubestacc: camera yaw 0..3 (view only). */
  setYaw(yaw: number): void;
  /** Stop rendering and draw one frame now (stable screenshots). */
  renderNow(): void;
  /** Resume on-demand rendering after renderNow(). */
  resume(): void;
  /** Offline solo page only: the local game's mines (the browser holds them anyway when it plays alone). */
  offlineMines(): number[] | null;
  /** Leave the current room (consented). */
  leave(): Promise<void>;
}

declare global {
  interface Window {
    __hub: HubApi;
  }
}

export function installHub(
  current: () => { session: RoomSession; view: RoomView } | null,
  page: () => PageHandle | null = () => null,
): void {
  /** A hook the current game's handle offers (GameHandle.hooks), untyped: tests name it. */
  const hook = (name: string) => current()?.view.handle?.hooks?.[name] as ((...args: unknown[]) => unknown) | undefined;
  window.__hub = {
    state() {
      const cur = current();
      const base: Record<string, unknown> = { route: location.hash || "#/", announced: announcements(), wakes: unreachableWakes() };
      const pg = page();
      if (!cur && pg) return { ...base, connection: "none", ...pg.snapshot() };
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
        cues: cueStats(),
        presence: [...cur.view.presence.lines],
        ...(cur.view.handle?.snapshot() ?? {}),
      };
    },
    cellCenter(r, c) {
      return (current()?.view.handle ?? page())?.cellCenter?.(r, c) ?? null;
    },
    cardCenter(card) {
      return (hook("cardCenter")?.(card) as { x: number; y: number } | null | undefined) ?? null;
    },
    targetCenter(onto, mode) {
      return (hook("targetCenter")?.(onto, mode) as { x: number; y: number } | null | undefined) ?? null;
    },
    setYaw(yaw) {
      hook("setYaw")?.(yaw);
    },
    renderNow() {
      (current()?.view.handle ?? page())?.renderNow();
    },
    resume() {
      (current()?.view.handle ?? page())?.resume();
    },
    offlineMines() {
      const pg = page() as (PageHandle & { offlineMines?: () => number[] | null }) | null;
      return pg?.offlineMines?.() ?? null;
    },
    async leave() {
      await current()?.session.leave();
    },
  };
}
