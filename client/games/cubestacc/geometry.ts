// View-space math for the cube stack (pure: no Pixi, no DOM).
//
// Rules space is integer cells on a parent tree (common/cubestacc). View space
// is pixels: every cube's position is derived from its cell, the cube size and
// the camera yaw, never stored. Numbers from shared/games/cubestacc.md:
//   offsets (fractions of the cube size): top/wild (0, −0.6), side (+0.6, +0.32),
//   face (−0.6, +0.32); yaw 0..3 rotates the side/face basis, TOP stays up:
//   1 → (F, −S), 2 → (−S, −F), 3 → (−F, S);
//   the lit polygon for a mode is SIDE when the rotated x ≥ 0, else FACE;
//   painter's order (ascending): height×100000 + depth×1000 + px×8 + py×10,
//   +30 for an open tip with no children, −15 per covered face, −10 per child,
//   ties by play order;
//   cube polygons in a 120×140 box.

export type Yaw = 0 | 1 | 2 | 3;
export type ViewFace = "top" | "side" | "face";
export type StackMode = "top" | "side" | "face" | "wild";

export interface Vec {
  x: number;
  y: number;
}

/** The art box every cube is drawn in. */
export const BOX_W = 120;
export const BOX_H = 140;

/** Cube polygons in the 120×140 box (x, y pairs). The art is fixed: TOP diamond, FACE left, SIDE right. */
export const POLY: Readonly<Record<ViewFace, readonly number[]>> = {
  top: [60, 18, 108, 46, 60, 74, 12, 46],
  face: [12, 46, 60, 74, 60, 122, 12, 94],
  side: [60, 74, 108, 46, 108, 94, 60, 122],
};

/** Outline of the whole cube (top + both walls). */
export const OUTLINE: readonly number[] = [60, 18, 108, 46, 108, 94, 60, 122, 12, 94, 12, 46];

/** Cube size (the 120×140 box scaled) on desktop and phones. */
export const CUBE_DESKTOP = { w: 92, h: 106 } as const;
export const CUBE_PHONE = { w: 78, h: 90 } as const;

export interface CubeSize {
  w: number;
  h: number;
}

const TOP: Vec = { x: 0, y: -0.6 };
const SIDE: Vec = { x: 0.6, y: 0.32 };
const FACE: Vec = { x: -0.6, y: 0.32 };
const neg = (v: Vec): Vec => ({ x: -v.x, y: -v.y });

export function normYaw(n: number): Yaw {
  return ((((Math.round(n) % 4) + 4) % 4) as Yaw);
}

/** The rotated side/face basis (as fractions of the cube size) for a camera yaw. */
export function basis(yaw: Yaw): { side: Vec; face: Vec } {
  switch (yaw) {
    case 1:
      return { side: FACE, face: neg(SIDE) };
    case 2:
      return { side: neg(SIDE), face: neg(FACE) };
    case 3:
      return { side: neg(FACE), face: SIDE };
    default:
      return { side: SIDE, face: FACE };
  }
}

/** Offset ratio of a child attached with `mode`, under `yaw`. */
export function stackRatio(mode: StackMode, yaw: Yaw): Vec {
  if (mode === "top" || mode === "wild") return TOP;
  return basis(yaw)[mode];
}

/** The polygon that lights up for a target attached with `mode` (follows the camera). */
export function litFace(mode: StackMode, yaw: Yaw): ViewFace {
  if (mode === "top" || mode === "wild") return "top";
  return stackRatio(mode, yaw).x >= 0 ? "side" : "face";
}

/** Pixel step of one attach under `yaw` for a cube size (rounded like the reference reflow). */
export function stepPx(mode: StackMode, yaw: Yaw, size: CubeSize): Vec {
  const r = stackRatio(mode, yaw);
  return { x: Math.round(r.x * size.w), y: Math.round(r.y * size.h) };
}

export interface CellLike {
  x: number;
  y: number;
  z: number;
}

/**
 * Top-left of a cube's box in world pixels (root at 0,0). Equal to walking the
 * parent chain and adding each attach step: every side step is the same
 * vector, every face step, every top step.
 */
export function cellPx(cell: CellLike, yaw: Yaw, size: CubeSize): Vec {
  const s = stepPx("side", yaw, size);
  const f = stepPx("face", yaw, size);
  const t = stepPx("top", yaw, size);
  // (+ 0 turns −0 into 0)
  return { x: cell.x * s.x + cell.z * f.x + cell.y * t.x + 0, y: cell.x * s.y + cell.z * f.y + cell.y * t.y + 0 };
}

/** The cell a child attached with `mode` occupies. */
export function childCell(cell: CellLike, mode: StackMode): CellLike {
  if (mode === "side") return { x: cell.x + 1, y: cell.y, z: cell.z };
  if (mode === "face") return { x: cell.x, y: cell.y, z: cell.z + 1 };
  return { x: cell.x, y: cell.y + 1, z: cell.z };
}

/** A face polygon (or the outline) moved to a cube's box at `at`, scaled to `size`. */
export function facePolygon(face: ViewFace | "outline", at: Vec, size: CubeSize): number[] {
  const src = face === "outline" ? OUTLINE : POLY[face];
  const sx = size.w / BOX_W;
  const sy = size.h / BOX_H;
  const out: number[] = new Array(src.length);
  for (let i = 0; i < src.length; i += 2) {
    out[i] = at.x + src[i] * sx;
    out[i + 1] = at.y + src[i + 1] * sy;
  }
  return out;
}

export function polygonCentre(poly: readonly number[]): Vec {
  let x = 0;
  let y = 0;
  const n = poly.length / 2;
  for (let i = 0; i < poly.length; i += 2) {
    x += poly[i];
    y += poly[i + 1];
  }
  return { x: x / n, y: y / n };
}

/** Even-odd point-in-polygon. */
export function insidePolygon(poly: readonly number[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 2; i < poly.length; j = i, i += 2) {
    const xi = poly[i];
    const yi = poly[i + 1];
    const xj = poly[j];
    const yj = poly[j + 1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** What the painter needs to know of a placed cube. */
export interface PaintCube {
  id: number;
  cell: CellLike;
  depth: number;
  open: { top: boolean; side: boolean; face: boolean };
  parent: number | null;
}

/** Painter's score of one cube (ascending = drawn first). */
export function paintScore(c: PaintCube, px: number, py: number, children: number): number {
  const covered = (c.open.top ? 0 : 1) + (c.open.side ? 0 : 1) + (c.open.face ? 0 : 1);
  const openTip = covered < 3 && children === 0 ? 30 : 0;
  return c.cell.y * 100000 + c.depth * 1000 + px * 8 + py * 10 + openTip - 15 * covered - 10 * children;
}

export interface Placement {
  id: number;
  /** Box top-left in world pixels. */
  x: number;
  y: number;
  score: number;
}

/** Positions and painter's order for the whole stack: returned in drawing order. */
export function layoutStack(cubes: readonly PaintCube[], yaw: Yaw, size: CubeSize): Placement[] {
  const children = new Map<number, number>();
  for (const c of cubes) if (c.parent !== null) children.set(c.parent, (children.get(c.parent) ?? 0) + 1);
  const out = cubes.map((c) => {
    const p = cellPx(c.cell, yaw, size);
    return { id: c.id, x: p.x, y: p.y, score: paintScore(c, p.x, p.y, children.get(c.id) ?? 0) };
  });
  out.sort((a, b) => a.score - b.score || a.id - b.id);
  return out;
}

/** Bounding box of a set of cube boxes. */
export function boundsOf(points: readonly Vec[], size: CubeSize): { x: number; y: number; w: number; h: number } {
  if (points.length === 0) return { x: 0, y: 0, w: size.w, h: size.h };
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of points) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x + size.w);
    y1 = Math.max(y1, p.y + size.h);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}
