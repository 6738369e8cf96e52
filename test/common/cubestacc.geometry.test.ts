// Cubestacc's view math (client/games/cubestacc/geometry.ts) is pure: checked against
// shared/games/cubestacc.md without a browser (moved from test/e2e/cubestacc.test.ts, issue 45).
import { expect } from "chai";
import { basis, cellPx, CUBE_DESKTOP, layoutStack, litFace, paintScore, stepPx, type PaintCube, type StackMode, type Yaw } from "../../client/games/cubestacc/geometry.js";

describe("cubestacc view geometry (client, pure)", () => {
  const S = { x: 0.6, y: 0.32 };
  const F = { x: -0.6, y: 0.32 };
  const neg = (v: { x: number; y: number }) => ({ x: -v.x, y: -v.y });

  it("yaw rotates the side/face basis: 0 → (S, F), 1 → (F, −S), 2 → (−S, −F), 3 → (−F, S)", () => {
    expect(basis(0)).to.deep.equal({ side: S, face: F });
    expect(basis(1)).to.deep.equal({ side: F, face: neg(S) });
    expect(basis(2)).to.deep.equal({ side: neg(S), face: neg(F) });
    expect(basis(3)).to.deep.equal({ side: neg(F), face: S });
    for (const yaw of [0, 1, 2, 3] as Yaw[]) {
      expect(stepPx("top", yaw, CUBE_DESKTOP)).to.deep.equal({ x: 0, y: Math.round(-0.6 * CUBE_DESKTOP.h) }); // TOP stays up
      expect(stepPx("wild", yaw, CUBE_DESKTOP)).to.deep.equal(stepPx("top", yaw, CUBE_DESKTOP));
    }
  });

  it("the lit polygon is SIDE when the rotated x ≥ 0, else FACE; TOP for top and wild", () => {
    const table: Record<Yaw, Record<StackMode, string>> = {
      0: { top: "top", wild: "top", side: "side", face: "face" },
      1: { top: "top", wild: "top", side: "face", face: "face" },
      2: { top: "top", wild: "top", side: "face", face: "side" },
      3: { top: "top", wild: "top", side: "side", face: "side" },
    };
    for (const yaw of [0, 1, 2, 3] as Yaw[]) for (const mode of ["top", "wild", "side", "face"] as StackMode[]) expect(litFace(mode, yaw), `${mode} @${yaw}`).to.equal(table[yaw][mode]);
  });

  // root 0; 1 top of 0; 2 side of 0; 3 face of 2; 4 top of 2
  const tree: PaintCube[] = [
    { id: 0, cell: { x: 0, y: 0, z: 0 }, depth: 0, parent: null, open: { top: false, side: false, face: true } },
    { id: 1, cell: { x: 0, y: 1, z: 0 }, depth: 1, parent: 0, open: { top: true, side: true, face: true } },
    { id: 2, cell: { x: 1, y: 0, z: 0 }, depth: 1, parent: 0, open: { top: false, side: true, face: false } },
    { id: 3, cell: { x: 1, y: 0, z: 1 }, depth: 2, parent: 2, open: { top: true, side: true, face: true } },
    { id: 4, cell: { x: 1, y: 1, z: 0 }, depth: 2, parent: 2, open: { top: true, side: true, face: true } },
  ];
  const modes: (StackMode | null)[] = [null, "top", "side", "face", "top"];

  it("a cube's pixels are its parent's plus the rounded attach step (derived, never stored)", () => {
    for (const yaw of [0, 1, 2, 3] as Yaw[]) {
      const walk = (id: number): { x: number; y: number } => {
        const c = tree[id];
        if (c.parent === null) return { x: 0, y: 0 };
        const p = walk(c.parent);
        const st = stepPx(modes[id]!, yaw, CUBE_DESKTOP);
        return { x: p.x + st.x, y: p.y + st.y };
      };
      for (const c of tree) expect(cellPx(c.cell, yaw, CUBE_DESKTOP), `cube ${c.id} @${yaw}`).to.deep.equal(walk(c.id));
    }
  });

  it("painter's order: height×100000 + depth×1000 + px×8 + py×10, +30 open childless tip, −15 covered face, −10 child", () => {
    expect(paintScore(tree[0], 0, 0, 2)).to.equal(-15 * 2 - 10 * 2);
    expect(paintScore(tree[1], 0, -64, 0)).to.equal(100000 + 1000 - 640 + 30);
    expect(paintScore(tree[2], 55, 34, 2)).to.equal(1000 + 440 + 340 - 30 - 20);
    for (const yaw of [0, 1, 2, 3] as Yaw[]) {
      const order = layoutStack(tree, yaw, CUBE_DESKTOP).map((p) => p.id);
      expect(order.indexOf(0), "the root first").to.equal(0);
      expect(order.indexOf(4)).to.be.above(order.indexOf(2)); // on top of its parent
      expect(order.indexOf(3)).to.be.above(order.indexOf(2)); // child over parent at the same height
      expect(order.slice(-2).sort(), "the higher cubes last").to.deep.equal([1, 4]);
    }
  });
});
