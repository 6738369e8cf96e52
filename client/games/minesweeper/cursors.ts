// Co-op cursors: where each other player's pointer is, an outlined cell with their name on
// a tag (under the cell on the top row, so it never leaves the board). Drawn into the
// board's cursor layer by boardView.ts; which cursors show is the scene's call.
import { Container, Graphics, Text } from "pixi.js";

interface CursorView {
  box: Container;
  outline: Graphics;
  bg: Graphics;
  label: Text;
  size: number;
  name: string;
  below: boolean;
}

export class SeatCursors {
  private views: (CursorView | null)[] = [];

  constructor(private readonly layer: Container) {}

  /** How many seats have had a cursor (the scene re-syncs each after a relayout). */
  get count(): number {
    return this.views.length;
  }

  /** The cell size changed: every outline and tag is redrawn on its next show. */
  invalidate(): void {
    for (const v of this.views) if (v) v.size = 0;
  }

  hide(index: number): void {
    const v = this.views[index];
    if (v) v.box.visible = false;
  }

  /** Shows seat `index`'s cursor on the cell at view position (x, y), cells S px. */
  show(index: number, name: string, colour: number, x: number, y: number, S: number): void {
    let view = this.views[index];
    if (!view) {
      const box = new Container();
      const outline = new Graphics();
      const bg = new Graphics();
      const label = new Text({
        text: "",
        style: { fontFamily: ["DejaVu Sans", "Arial", "sans-serif"], fontSize: 11, fill: 0xffffff, fontWeight: "bold" },
      });
      box.addChild(outline, bg, label);
      this.layer.addChild(box);
      view = { box, outline, bg, label, size: 0, name: "", below: false };
      this.views[index] = view;
    }
    if (view.size !== S) {
      view.outline.clear().rect(1, 1, S - 2, S - 2).stroke({ width: 2.5, color: colour, alignment: 1 });
      view.size = S;
      view.name = ""; // relabel (position depends on S)
    }
    const below = y === 0; // on the top row the label goes under the cell, not off the board
    if (view.name !== name || view.below !== below) {
      view.name = name;
      view.below = below;
      view.label.text = name;
      const w = view.label.width + 6;
      const hgt = view.label.height + 2;
      const top = below ? S - 2 : -hgt + 2;
      view.bg.clear().roundRect(0, 0, w, hgt, 3).fill({ color: colour, alpha: 0.9 });
      view.bg.position.set(S * 0.6, top);
      view.label.position.set(S * 0.6 + 3, top + 1);
    }
    view.box.position.set(x, y);
    view.box.visible = true;
  }
}
