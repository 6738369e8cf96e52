// The table in Pixi: cube sprites in painter's order, glows on the faces legal
// targets attach to, the ghost preview, the yaw; the camera (pan, zoom, follow) is camera.ts.
//
// Rules space → view space happens here and only here: a cube's pixels come
// from its cell, the cube size and the yaw (geometry.ts) on every layout, and
// are never stored in the model. Rotating the camera remaps the basis and
// re-lays the stack out; the rules never see it.
import { Container, Graphics, Sprite, type Application } from "pixi.js";
import type { AttachMode, PackId, Suit } from "../../../common/cubestacc/types";
import { Animator, easeInOut, easeOut } from "./animations";
import { TableCamera, type WorldBox } from "./camera";
import {
  cellPx,
  facePolygon,
  insidePolygon,
  layoutStack,
  litFace,
  polygonCentre,
  stepPx,
  type CubeSize,
  type Vec,
  type Yaw,
} from "./geometry";
import type { CubeModel } from "./model";
import type { CubeTextures } from "./textures";

export interface Target {
  card: number;
  onto: number;
  mode: AttachMode;
}

export const sameTarget = (a: Target | null, b: Target | null): boolean =>
  !!a && !!b && a.card === b.card && a.onto === b.onto && a.mode === b.mode;

interface CubeNode {
  id: number;
  box: Container;
  sprite: Sprite;
  glow: Graphics;
  mark: Graphics;
  key: string;
  /** Layout position (world px, box top-left). */
  x: number;
  y: number;
}

/** Screen-space geometry of one legal target. */
export interface TargetGeometry {
  target: Target;
  /** Lit face polygon (page px). */
  poly: number[];
  /** A point on the glowing face, nudged toward the slot: what a finger aims at. */
  handle: Vec;
  /** Centre of the slot the new cube will take (page px). */
  slot: Vec;
}

const GLOW = 0xffd23f;
const GLOW_HOT = 0x3dff9a;

export class Board {
  readonly world = new Container({ isRenderGroup: true });
  private cubeLayer = new Container();
  private overlay = new Container();
  private ghost = new Sprite();
  private ghostRing = new Graphics();
  private nodes = new Map<number, CubeNode>();
  private cubes: CubeModel[] = [];
  private pack: PackId = "classic";
  private targets: Target[] = [];
  /** Every legal slot of the viewer's hand: kept in view so picking a card never moves the camera. */
  private frame: Target[] = [];
  private hot: Target | null = null;
  private lastCube = -1;
  /** Cubes in flight (a play animation): layout leaves their position to the tween. */
  private flying = new Set<number>();
  private pivot = -1;

  yaw: Yaw = 0;
  size: CubeSize;
  /** Pan, zoom and follow (camera.ts). */
  readonly camera: TableCamera;
  private placedOnce = false;

  constructor(
    private app: Application,
    private textures: CubeTextures,
    private anim: Animator,
    private requestRender: () => void,
    size: CubeSize,
  ) {
    this.size = size;
    this.cubeLayer.sortableChildren = true;
    this.ghost.alpha = 0.62;
    this.ghost.visible = false;
    this.ghostRing.visible = false;
    this.overlay.addChild(this.ghostRing, this.ghost);
    this.world.addChild(this.cubeLayer, this.overlay);
    app.stage.addChild(this.world);
    this.camera = new TableCamera(app, this.world, anim, requestRender, () => this.contentBounds());
  }

  // ---- model → sprites --------------------------------------------------------------

  /**
   * Shows these cubes. New ones fly in from `origin(cube)` (page px) when given;
   * a cube whose art changed (a wild's suit) swaps its texture.
   */
  setCubes(cubes: CubeModel[], pack: PackId, pivot: number, frame: readonly Target[], origin?: (cube: CubeModel) => Vec | null): void {
    this.frame = [...frame];
    const packChanged = pack !== this.pack;
    this.pack = pack;
    this.pivot = pivot;
    // A new game (fewer cubes, or a different root): start over without animations.
    const wasPlaced = this.placedOnce;
    const restart = cubes.length < this.cubes.length || (cubes[0] && this.cubes[0] && cubes[0].card !== this.cubes[0].card);
    if (restart || packChanged) {
      this.anim.finishAll(); // no tween may outlive the sprites it moves
      this.flying.clear();
      for (const node of this.nodes.values()) node.box.destroy({ children: true });
      this.nodes.clear();
      this.glowKey = "";
      this.marksKey = "";
      this.placedOnce = false;
    }
    this.cubes = cubes;
    this.lastCube = cubes.length > 1 ? cubes[cubes.length - 1].id : -1;
    const fresh: CubeNode[] = [];
    for (const cube of cubes) {
      const key = `${pack}:${cube.card}:${cube.wild ? cube.suit : ""}`;
      let node = this.nodes.get(cube.id);
      if (!node) {
        const box = new Container();
        const sprite = new Sprite();
        const glow = new Graphics();
        const mark = new Graphics();
        box.addChild(mark, sprite, glow);
        box.label = `cube ${cube.id}`;
        node = { id: cube.id, box, sprite, glow, mark, key: "", x: 0, y: 0 };
        this.nodes.set(cube.id, node);
        this.cubeLayer.addChild(box);
        fresh.push(node);
      }
      if (node.key !== key) {
        node.key = key;
        node.sprite.texture = this.textures.get(cube.card, pack, cube.wild ? cube.suit : null);
      }
      node.sprite.width = this.size.w;
      node.sprite.height = this.size.h;
    }
    this.layout(false);
    for (const node of fresh) {
      const cube = cubes[node.id];
      const from = this.placedOnce && origin && cube ? origin(cube) : null;
      if (from) this.flyIn(node, from);
    }
    this.placedOnce = true;
    this.drawMarks();
    this.drawGlows();
    this.camera.fit(wasPlaced && !restart);
  }

  /** Re-applies textures that finished rasterising. */
  refreshTextures(): void {
    for (const node of this.nodes.values()) {
      const cube = this.cubes[node.id];
      if (!cube) continue;
      node.sprite.texture = this.textures.get(cube.card, this.pack, cube.wild ? cube.suit : null);
      node.sprite.width = this.size.w;
      node.sprite.height = this.size.h;
    }
    if (this.ghost.visible && this.hot) this.showGhost(this.hot, null);
  }

  private flyIn(node: CubeNode, fromPage: Vec): void {
    const from = this.camera.pageToWorld(fromPage.x, fromPage.y);
    const sx = from.x - this.size.w / 2;
    const sy = from.y - this.size.h / 2;
    node.box.position.set(sx, sy);
    this.flying.add(node.id);
    node.box.alpha = 0.5;
    node.box.scale.set(0.75);
    void this.anim.add({
      key: `fly${node.id}`,
      duration: 380,
      ease: easeOut,
      update: (t) => {
        const lift = Math.sin(Math.PI * t) * -40;
        node.box.position.set(sx + (node.x - sx) * t + this.size.w * 0.125 * (1 - t), sy + (node.y - sy) * t + lift);
        node.box.scale.set(0.75 + 0.25 * t);
        node.box.alpha = 0.5 + 0.5 * t;
      },
      done: () => {
        this.flying.delete(node.id);
        node.box.position.set(node.x, node.y);
        node.box.scale.set(1);
        node.box.alpha = 1;
      },
    });
  }

  /** Positions and painter's order from the cells, yaw and cube size. */
  private layout(animate: boolean): void {
    const order = layoutStack(this.cubes, this.yaw, this.size);
    order.forEach((p, rank) => {
      const node = this.nodes.get(p.id);
      if (!node) return;
      node.box.zIndex = rank;
      const ox = node.box.position.x;
      const oy = node.box.position.y;
      node.x = p.x;
      node.y = p.y;
      if (animate && this.placedOnce) {
        void this.anim.add({
          key: `move${p.id}`,
          duration: 300,
          ease: easeInOut,
          update: (t) => node.box.position.set(ox + (p.x - ox) * t, oy + (p.y - oy) * t),
        });
      } else if (!this.flying.has(p.id)) {
        node.box.position.set(p.x, p.y);
      }
    });
  }

  // ---- yaw, size -------------------------------------------------------------

  setYaw(yaw: Yaw, animate = true): void {
    if (yaw === this.yaw) return;
    this.yaw = yaw;
    this.layout(animate);
    this.drawGlows();
    if (this.hot) this.showGhost(this.hot, null);
    this.camera.follow = true;
    this.camera.fit(animate);
  }

  setSize(size: CubeSize): void {
    if (size.w === this.size.w && size.h === this.size.h) return;
    this.size = size;
    for (const node of this.nodes.values()) {
      node.sprite.width = size.w;
      node.sprite.height = size.h;
    }
    this.layout(false);
    this.drawMarks();
    this.drawGlows();
    this.camera.fit(false);
  }

  /** World box of everything worth seeing: the cubes and the slots that glow. */
  private contentBounds(): WorldBox {
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    const add = (x: number, y: number) => {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + this.size.w);
      y1 = Math.max(y1, y + this.size.h);
    };
    for (const node of this.nodes.values()) add(node.x, node.y);
    for (const t of [...this.frame, ...this.targets]) {
      const s = this.slotWorld(t);
      if (s) add(s.x, s.y);
    }
    if (!Number.isFinite(x0)) return { x: 0, y: 0, w: this.size.w, h: this.size.h };
    // the art box has empty margins (hats use the top one): trim a little
    return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  }

  // ---- coordinates -------------------------------------------------------------------

  /** Box top-left (world) of the slot a target would fill. */
  private slotWorld(t: Target): Vec | null {
    const parent = this.nodes.get(t.onto);
    if (!parent) return null;
    const step = stepPx(t.mode, this.yaw, this.size);
    return { x: parent.x + step.x, y: parent.y + step.y };
  }

  /** Page-px centre of a placed cube (its box centre). */
  cubeCentre(id: number): Vec | null {
    const node = this.nodes.get(id);
    if (!node) return null;
    return this.camera.worldToPage(node.x + this.size.w / 2, node.y + this.size.h / 2);
  }

  /** Page-px size of one cube at the current zoom. */
  cubePageSize(): { w: number; h: number } {
    return { w: this.size.w * this.camera.cam.z, h: this.size.h * this.camera.cam.z };
  }

  geometryOf(t: Target): TargetGeometry | null {
    const parent = this.nodes.get(t.onto);
    const slot = this.slotWorld(t);
    if (!parent || !slot) return null;
    const polyW = facePolygon(litFace(t.mode, this.yaw), { x: parent.x, y: parent.y }, this.size);
    const poly: number[] = [];
    for (let i = 0; i < polyW.length; i += 2) {
      const p = this.camera.worldToPage(polyW[i], polyW[i + 1]);
      poly.push(p.x, p.y);
    }
    const fc = polygonCentre(poly);
    const sc = this.camera.worldToPage(slot.x + this.size.w / 2, slot.y + this.size.h / 2);
    const k = 0.25;
    return { target: t, poly, handle: { x: fc.x + (sc.x - fc.x) * k, y: fc.y + (sc.y - fc.y) * k }, slot: sc };
  }

  /**
   * The legal target nearest to a page point: a point on a glowing face or near
   * a slot wins; `radius` (in cube widths) limits how far it may be.
   */
  pick(pageX: number, pageY: number, candidates: readonly Target[], radius: number): Target | null {
    const limit = radius * this.size.w * this.camera.cam.z;
    let best: Target | null = null;
    let bestD = Infinity;
    for (const t of candidates) {
      const g = this.geometryOf(t);
      if (!g) continue;
      const dHandle = Math.hypot(pageX - g.handle.x, pageY - g.handle.y);
      const dSlot = Math.hypot(pageX - g.slot.x, pageY - g.slot.y);
      // on the glowing face itself counts as close as its handle allows
      const inFace = insidePolygon(g.poly, pageX, pageY);
      const d = Math.min(dHandle * (inFace ? 0.5 : 1), dSlot);
      if (d < bestD) {
        bestD = d;
        best = t;
      }
    }
    return bestD <= limit ? best : null;
  }

  // ---- glows, ghost, marks --------------------------------------------------------------

  /** Which targets glow (the picked card's), and which one is under the pointer. */
  setTargets(targets: readonly Target[], hot: Target | null = null): void {
    const changed = targets.length !== this.targets.length || targets.some((t, i) => !sameTarget(t, this.targets[i]));
    const hotChanged = !sameTarget(hot, this.hot) && !(hot === null && this.hot === null);
    if (!changed && !hotChanged) return;
    this.targets = [...targets];
    this.hot = hot;
    this.drawGlows();
    if (hot) this.showGhost(hot, null);
    else this.hideGhost();
    this.requestRender();
  }

  get activeTargets(): readonly Target[] {
    return this.targets;
  }

  private glowKey = "";
  private marksKey = "";

  private drawGlows(force = false): void {
    const key = `${this.targets.map((t) => `${t.card}/${t.onto}/${t.mode}`).join(",")}|${this.hot ? `${this.hot.card}/${this.hot.onto}/${this.hot.mode}` : ""}|${this.yaw}|${this.size.w}|${this.nodes.size}`;
    if (!force && key === this.glowKey) return;
    this.glowKey = key;
    for (const node of this.nodes.values()) node.glow.clear();
    const sx = this.size.w / 120;
    const sy = this.size.h / 140;
    for (const t of this.targets) {
      const node = this.nodes.get(t.onto);
      if (!node) continue;
      const poly = facePolygon(litFace(t.mode, this.yaw), { x: 0, y: 0 }, this.size);
      const hot = sameTarget(t, this.hot);
      node.glow
        .poly(poly)
        .fill({ color: hot ? GLOW_HOT : GLOW, alpha: hot ? 0.55 : 0.38 })
        .stroke({ width: Math.max(2.5, 3.5 * Math.min(sx, sy)), color: hot ? GLOW_HOT : GLOW, alpha: 0.95, join: "round" });
    }
  }

  private drawMarks(force = false): void {
    const key = `${this.lastCube}|${this.pivot}|${this.size.w}|${this.nodes.size}`;
    if (!force && key === this.marksKey) return;
    this.marksKey = key;
    for (const node of this.nodes.values()) {
      node.mark.clear();
      const poly = facePolygon("outline", { x: 0, y: 0 }, this.size);
      if (node.id === this.pivot) {
        node.mark.poly(poly).stroke({ width: 7, color: 0xffb000, alpha: 0.9, join: "round" });
      } else if (node.id === this.lastCube) {
        node.mark.poly(poly).stroke({ width: 6, color: 0xffffff, alpha: 0.7, join: "round" });
      }
    }
  }

  /** The ghost preview: the card, translucent, in the slot it would take. */
  showGhost(t: Target, chosen: Suit | null): void {
    const slot = this.slotWorld(t);
    if (!slot) return this.hideGhost();
    this.ghost.texture = this.textures.get(t.card, this.pack, chosen);
    this.ghost.width = this.size.w;
    this.ghost.height = this.size.h;
    this.ghost.position.set(slot.x, slot.y);
    this.ghost.visible = true;
    const outline = facePolygon("outline", slot, this.size);
    this.ghostRing.clear().poly(outline).stroke({ width: 3, color: GLOW_HOT, alpha: 0.9, join: "round" });
    this.ghostRing.visible = true;
    this.requestRender();
  }

  hideGhost(): void {
    if (!this.ghost.visible && !this.ghostRing.visible) return;
    this.ghost.visible = false;
    this.ghostRing.visible = false;
    this.requestRender();
  }

  /** Positions of cubes under the current layout (tests, debugging). */
  positions(): { id: number; x: number; y: number; z: number }[] {
    return [...this.nodes.values()].map((n) => ({ id: n.id, x: n.x, y: n.y, z: n.box.zIndex }));
  }

  /** The root's world position under a yaw (for tests: it never moves). */
  static rootAt(yaw: Yaw, size: CubeSize): Vec {
    return cellPx({ x: 0, y: 0, z: 0 }, yaw, size);
  }

  destroy(): void {
    this.world.destroy({ children: true });
    this.nodes.clear();
  }
}
