// Cell textures: every cell kind is drawn ONCE with Graphics (numbers baked in
// with Text), turned into a texture with renderer.generateTexture, then copied into one
// atlas (cellAtlas) that all the board's cell particles share. They are redrawn only when
// the cell size changes.
import { Container, Graphics, Rectangle, Sprite, Text, Texture, type Renderer } from "pixi.js";
import { CELL } from "../../../common/minesweeper/types";

/** Extra texture id (not a wire code): a hidden cell shown pressed while a button is held. */
export const PRESSED = 15;
export const TEXTURE_COUNT = 16;

/** Number colours 1→8 (games/minesweeper.md). */
export const NUMBER_COLOURS = [0x0000ff, 0x008100, 0xff1300, 0x000083, 0x810500, 0x2a9494, 0x000000, 0x808080];

const FACE = 0xc0c0c0;
const LIGHT = 0xffffff;
const SHADE = 0x808080;
const FONT = ["DejaVu Sans", "Liberation Sans", "Arial", "Helvetica", "sans-serif"];

function flat(g: Graphics, s: number, fill = FACE): void {
  g.rect(0, 0, s, s).fill(fill);
  const line = Math.max(1, Math.round(s / 32));
  g.rect(0, 0, s, line).fill(SHADE);
  g.rect(0, 0, line, s).fill(SHADE);
}

function raised(g: Graphics, s: number): void {
  const b = Math.max(1, Math.round(s / 10));
  g.rect(0, 0, s, s).fill(FACE);
  g.poly([0, 0, s, 0, s - b, b, b, b, b, s - b, 0, s]).fill(LIGHT);
  g.poly([s, s, 0, s, b, s - b, s - b, s - b, s - b, b, s, 0]).fill(SHADE);
}

function mine(g: Graphics, s: number): void {
  const cx = s / 2;
  const cy = s / 2;
  const r = s * 0.24;
  const spike = s * 0.36;
  const w = Math.max(1, s / 14);
  g.moveTo(cx - spike, cy).lineTo(cx + spike, cy);
  g.moveTo(cx, cy - spike).lineTo(cx, cy + spike);
  const d = spike * 0.72;
  g.moveTo(cx - d, cy - d).lineTo(cx + d, cy + d);
  g.moveTo(cx - d, cy + d).lineTo(cx + d, cy - d);
  g.stroke({ width: w, color: 0x000000, cap: "round" });
  g.circle(cx, cy, r).fill(0x000000);
  g.circle(cx - r * 0.35, cy - r * 0.35, r * 0.28).fill(LIGHT);
}

function flag(g: Graphics, s: number): void {
  const pole = Math.max(1, Math.round(s / 14));
  const px = Math.round(s * 0.52);
  g.poly([px, s * 0.18, px, s * 0.52, s * 0.2, s * 0.35]).fill(0xff0000);
  g.rect(px, s * 0.18, pole, s * 0.52).fill(0x000000);
  g.rect(s * 0.38, s * 0.64, s * 0.3, s * 0.07).fill(0x000000);
  g.rect(s * 0.26, s * 0.7, s * 0.52, s * 0.09).fill(0x000000);
}

function cross(g: Graphics, s: number, colour: number): void {
  const m = s * 0.16;
  g.moveTo(m, m).lineTo(s - m, s - m);
  g.moveTo(s - m, m).lineTo(m, s - m);
  g.stroke({ width: Math.max(1.5, s / 10), color: colour, cap: "round" });
}

function tick(g: Graphics, s: number): void {
  g.moveTo(s * 0.58, s * 0.8).lineTo(s * 0.7, s * 0.9).lineTo(s * 0.9, s * 0.62);
  g.stroke({ width: Math.max(1.5, s / 11), color: 0x008100, cap: "round", join: "round" });
}

/** Draws one cell kind (a wire code 0..14 or PRESSED) into a fresh container. */
function drawKind(kind: number, s: number): Container {
  const root = new Container();
  const g = new Graphics();
  root.addChild(g);
  if (kind >= 0 && kind <= 8) {
    flat(g, s);
    if (kind > 0) {
      const label = new Text({
        text: String(kind),
        style: {
          fontFamily: FONT,
          fontWeight: "bold",
          fontSize: Math.max(6, Math.round(s * 0.68)),
          fill: NUMBER_COLOURS[kind - 1],
        },
      });
      label.anchor.set(0.5);
      label.position.set(s / 2 + 0.5, s / 2 + 0.5);
      root.addChild(label);
    }
  } else if (kind === CELL.HIDDEN) {
    raised(g, s);
  } else if (kind === CELL.FLAG) {
    raised(g, s);
    flag(g, s);
  } else if (kind === CELL.MINE) {
    flat(g, s);
    mine(g, s);
  } else if (kind === CELL.WRONG_FLAG) {
    flat(g, s);
    mine(g, s);
    cross(g, s, 0xff0000);
  } else if (kind === CELL.HIT_MINE) {
    flat(g, s, 0xff0000);
    mine(g, s);
  } else if (kind === CELL.FLAGGED_MINE) {
    raised(g, s);
    flag(g, s);
    tick(g, s);
  } else {
    // PRESSED (and anything unknown): an empty, pushed-in cell
    flat(g, s);
  }
  return root;
}

/** Generates the whole texture set for cell size `s` (CSS px). Index = wire code or PRESSED. */
export function makeCellTextures(renderer: Renderer, s: number): Texture[] {
  const out: Texture[] = [];
  for (let kind = 0; kind < TEXTURE_COUNT; kind++) {
    if (kind === PRESSED) {
      out.push(out[0]); // a pressed hidden cell looks exactly like an open zero
      continue;
    }
    const target = drawKind(kind, s);
    out.push(
      renderer.generateTexture({
        target,
        frame: new Rectangle(0, 0, s, s),
        resolution: renderer.resolution,
        antialias: true,
      }),
    );
    target.destroy({ children: true });
  }
  return out;
}

export function destroyCellTextures(textures: Texture[]): void {
  const seen = new Set<Texture>();
  for (const t of textures) {
    if (seen.has(t)) continue;
    seen.add(t);
    t.destroy(true);
  }
}

/** Atlas frames per row (16 kinds: a 4×4 sheet). */
const ATLAS_COLS = 4;

/** One texture of every cell kind (frames[kind], PRESSED included) cut from one shared sheet. */
export interface CellAtlas {
  sheet: Texture;
  frames: Texture[];
}

/**
 * The cell kinds of size `s` in one sheet, so one ParticleContainer draws the whole board.
 * Each frame sits in its own slot with a ring of its own edge pixels around it (the kind drawn
 * again one texel off each way, under itself): a scaled frame (a zoom gesture, before the
 * sheet is redrawn) samples its own edge colour there, never a neighbour frame or a gap, as a
 * separate texture's clamped edge did. Slots start on device pixels so a frame drawn at its
 * size maps texel to pixel.
 */
export function makeCellAtlas(renderer: Renderer, s: number): CellAtlas {
  const res = renderer.resolution;
  const snap = (v: number) => Math.ceil(v * res - 1e-6) / res; // up to a whole device pixel
  const edge = snap(1);
  const pitch = snap(s + 2 * edge);
  const kinds = makeCellTextures(renderer, s);
  const root = new Container();
  const at: { x: number; y: number }[] = [];
  for (let kind = 0; kind < TEXTURE_COUNT; kind++) {
    const x = (kind % ATLAS_COLS) * pitch + edge;
    const y = Math.floor(kind / ATLAS_COLS) * pitch + edge;
    at.push({ x, y });
    for (const [dx, dy] of RING) {
      const copy = new Sprite(kinds[kind]);
      copy.position.set(x + dx * edge, y + dy * edge);
      root.addChild(copy);
    }
  }
  const rows = Math.ceil(TEXTURE_COUNT / ATLAS_COLS);
  const sheet = renderer.generateTexture({
    target: root,
    frame: new Rectangle(0, 0, Math.ceil(ATLAS_COLS * pitch), Math.ceil(rows * pitch)),
    resolution: res,
    antialias: false,
  });
  root.destroy({ children: true });
  destroyCellTextures(kinds);
  const frames = at.map(({ x, y }) => new Texture({ source: sheet.source, frame: new Rectangle(x, y, s, s) }));
  return { sheet, frames };
}

/** The ring's eight offsets, then the frame itself (drawn last, on top). */
const RING: readonly [number, number][] = [
  [-1, -1], [0, -1], [1, -1],
  [-1, 0], [1, 0],
  [-1, 1], [0, 1], [1, 1],
  [0, 0],
];

export function destroyCellAtlas(atlas: CellAtlas): void {
  for (const frame of atlas.frames) frame.destroy(false);
  atlas.sheet.destroy(true);
}
