// The board's first open cells brought on screen once: a race's opening arrives by itself at
// the go, and on a phone's zoomed board it may lie off screen (a clicked opening is there
// already). Checked a microtask after the cells that opened it, so a flood's rows have all
// arrived and the camera goes to the middle of the whole region, not of its first row.
import type { BoardModel } from "./model.js";

export interface OpeningView {
  /** The view can place the camera now (its renderer is up). */
  ready(): boolean;
  scrollIntoView(r: number, c: number): void;
}

export class OpeningFinder {
  /** The opening has been brought on screen (until a new board or game). */
  private shown = false;
  private queued = false;
  private gone = false;

  constructor(
    private readonly model: () => BoardModel,
    private readonly view: OpeningView,
  ) {}

  /** A new board or a new game: the next opening is brought on screen again. */
  reset(): void {
    this.shown = false;
  }

  /** Cells opened (a list with an open code, or a row `hasOpen`): look once they are all in. */
  soon(): void {
    if (this.shown || this.queued) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      this.now();
    });
  }

  /** A row of codes arrived: looks soon if it opens anything (cheap once shown). */
  row(codes: Uint8Array): void {
    if (!this.shown && !this.queued && hasOpen(codes)) this.soon();
  }

  /** Looks now: the middle of the open cells, if any, is scrolled into view. */
  now(): void {
    if (this.shown || this.gone || !this.view.ready()) return;
    const at = openingMiddle(this.model());
    if (!at) return;
    this.shown = true;
    this.view.scrollIntoView(at.r, at.c);
  }

  destroy(): void {
    this.gone = true;
  }
}

/**
 * The open cell nearest the middle of the open cells, or null if none is open. The middle
 * itself may be a hidden cell (a flood shaped like an L or a ring): scrolled into view, it
 * could leave every open cell just off a phone's screen (the flake of issue 45).
 */
export function openingMiddle(m: Pick<BoardModel, "cells" | "cols">): { r: number; c: number } | null {
  let n = 0;
  let rs = 0;
  let cs = 0;
  for (let i = 0; i < m.cells.length; i++) {
    if (m.cells[i] > 8) continue;
    n++;
    rs += Math.floor(i / m.cols);
    cs += i % m.cols;
  }
  if (!n) return null;
  const mr = rs / n;
  const mc = cs / n;
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < m.cells.length; i++) {
    if (m.cells[i] > 8) continue;
    const d = (Math.floor(i / m.cols) - mr) ** 2 + ((i % m.cols) - mc) ** 2;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return { r: Math.floor(best / m.cols), c: best % m.cols };
}

/** Some cell of `codes` is open (0..8). */
function hasOpen(codes: Uint8Array): boolean {
  for (let k = 0; k < codes.length; k++) if (codes[k] <= 8) return true;
  return false;
}
