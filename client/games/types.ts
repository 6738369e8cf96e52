// What the room shell gives a game scene, and what a scene gives back.
import type { RoomSession } from "../net/session";

export interface GameContext {
  session: RoomSession;
  /** A short line under the room title, e.g. "Co-op · Beginner 9×9 · 10 mines". */
  setSubtitle(text: string): void;
  /** Polite screen-reader announcement (won, lost, restarted). */
  announce(text: string): void;
}

export interface GameHandle {
  destroy(): void;
  /** Plain data for tests and debugging (never hidden information: the client has none). */
  snapshot(): Record<string, unknown>;
  /** Viewport CSS pixel coordinates of a cell's centre (grid games). */
  cellCenter?(r: number, c: number): { x: number; y: number } | null;
  /**
   * A game's own test and debug hooks, by name, for window.__hub (never game rules):
   * Cubestacc has `cardCenter(card)`, `targetCenter(onto, mode)` and `setYaw(yaw)`.
   */
  hooks?: Record<string, (...args: never[]) => unknown>;
  /** Stop animation and render one frame now (stable screenshots). */
  renderNow(): void;
  /** Undo renderNow(). */
  resume(): void;
}

export type MountGame = (host: HTMLElement, ctx: GameContext) => Promise<GameHandle>;

/**
 * A game's short figure beside a seat's name in the shared seat list (life, trophies), read
 * from the room's state for a room seat; null: none for that seat now.
 */
export type SeatFigure = (state: unknown, seat: number) => { text: string; label: string } | null;
