// What a mounted game scene or board page gives back to the page that mounted it (main.ts,
// the test hook window.__hub). Apart from types.ts so that pages/page.ts can extend it.

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
