// The Cubestacc table on a Pixi canvas: the stage, the board (board.ts), its textures and
// animations, the view's yaw (remembered in this browser), the fit after a resize, and
// on-demand rendering (a change schedules one frame; animations run frames only while they
// last). What is on the table comes from the scene; nothing here reads the room.
import { Application } from "pixi.js";
import type { AttachMode } from "../../../common/cubestacc/types";
import { FrameRequests, initStillStage } from "../stage.js";
import { Animator, prefersReducedMotion } from "./animations";
import { Board } from "./board";
import { CUBE_DESKTOP, CUBE_PHONE, normYaw, type CubeSize, type Yaw } from "./geometry";
import { CubeTextures } from "./textures";

const YAW_KEY = "hub.cubestacc.yaw";

function loadYaw(): Yaw {
  try {
    return normYaw(Number(localStorage.getItem(YAW_KEY) ?? 0) || 0);
  } catch {
    return 0;
  }
}

function cubeSize(): CubeSize {
  const phone = window.innerWidth < 640 || window.innerHeight < 500;
  return phone ? CUBE_PHONE : CUBE_DESKTOP;
}

/** The parts of the page around the table the view measures and labels (the live HUD, or a replay's bar). */
export interface TableChrome {
  /** The camera buttons: the stack keeps clear of them. */
  readonly viewControls: HTMLElement;
  /** The deck counter: its first child shows the card back. */
  readonly deckEl: HTMLElement;
  setYaw(yaw: number): void;
}

export class TableView {
  readonly app = new Application();
  board!: Board;
  textures!: CubeTextures;
  anim!: Animator;
  yaw: Yaw = loadYaw();
  private frames = new FrameRequests(() => this.renderFrame());
  private destroyed = false;
  /** The table's size at the last resize: a big change (rotation, window resize) refits the camera. */
  private lastSize = { w: 0, h: 0 };

  constructor(
    private readonly host: HTMLElement,
    private readonly hud: TableChrome,
    /** After every resize (the hand's drag picture follows the cube size). */
    private readonly resized: () => void,
  ) {}

  /** Draws the stage into the table element; null when the scene went away meanwhile. */
  async init(): Promise<HTMLCanvasElement | null> {
    await initStillStage(this.app, this.host, { antialias: true });
    if (this.destroyed) return null;
    const canvas = this.app.canvas;
    canvas.classList.add("cs-canvas");
    canvas.tabIndex = 0;
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", "The cube stack. Drag to pan, pinch or wheel to zoom, [ and ] rotate the view.");
    this.host.prepend(canvas);

    this.anim = new Animator(() => this.renderFrame());
    this.anim.instant = prefersReducedMotion();
    this.textures = new CubeTextures(() => {
      this.board?.refreshTextures();
      this.requestRender();
    });
    this.board = new Board(this.app, this.textures, this.anim, () => this.requestRender(), cubeSize());
    this.board.setYaw(this.yaw, false);
    this.hud.setYaw(this.yaw);
    (this.hud.deckEl.firstElementChild as HTMLElement).style.backgroundImage = `url("${this.textures.backUrl()}")`;

    this.app.renderer.on("resize", () => {
      this.measureInsets();
      this.board.setSize(cubeSize());
      const { width: w, height: ht } = this.app.screen;
      const last = this.lastSize;
      this.lastSize = { w, h: ht };
      const big = last.w > 0 && (Math.abs(w - last.w) > last.w * 0.1 || Math.abs(ht - last.h) > last.h * 0.1 || w > ht !== last.w > last.h);
      if (big) this.board.camera.recentreNow(); // rotation or a resized window: show the whole stack again
      else this.board.camera.onResize();
      this.resized();
      this.renderFrame();
    });
    return canvas;
  }

  /** Keeps the stack clear of the event line and the camera buttons. */
  measureInsets(): void {
    const view = this.hud.viewControls.getBoundingClientRect();
    const vertical = view.height > view.width; // phone landscape: the buttons stand on the left edge
    this.board.camera.insets = { top: vertical ? 6 : 34, bottom: view.height > 0 && !vertical ? view.height + 6 : 0 };
  }

  /** Turns the view (remembered in this browser). */
  setYaw(yaw: Yaw, animate = true): void {
    this.yaw = yaw;
    try {
      localStorage.setItem(YAW_KEY, String(yaw));
    } catch {
      /* storage disabled */
    }
    this.board.setYaw(yaw, animate);
    this.hud.setYaw(yaw);
  }

  /** Screenshots: no frames of its own, no new flights. */
  get frozen(): boolean {
    return this.frames.frozen;
  }

  requestRender(): void {
    this.frames.request();
  }

  renderFrame(): void {
    if (!this.destroyed && this.app.renderer) this.app.render();
  }

  /** Page-px point on the face a target attaches to (what a finger or a drop aims at). */
  targetCenter(onto: number, mode: string): { x: number; y: number } | null {
    const t = { card: -1, onto, mode: mode as AttachMode };
    let g = this.board.geometryOf(t);
    if (!g) return null;
    // a point under the HUD or off the table cannot be tapped: bring it into view first
    const moved = this.board.camera.reveal(g.handle.x, g.handle.y);
    if (moved.x || moved.y) {
      this.renderFrame();
      g = this.board.geometryOf(t)!;
    }
    return { x: Math.round(g.handle.x * 10) / 10, y: Math.round(g.handle.y * 10) / 10 };
  }

  /** How many placed cubes have their centre inside the table's box (and how many there are). */
  stackInView(cubes: readonly { id: number }[]): { inside: number; total: number } {
    const r = this.host.getBoundingClientRect();
    let inside = 0;
    for (const c of cubes) {
      const p = this.board.cubeCentre(c.id);
      if (p && p.x >= r.left && p.x <= r.right && p.y >= r.top && p.y <= r.bottom) inside++;
    }
    return { inside, total: cubes.length };
  }

  /** Every animation ends now and frames stop until thaw() (stable screenshots). */
  freeze(): void {
    this.frames.frozen = true;
    this.anim?.finishAll();
    this.app.ticker?.stop();
  }

  thaw(): void {
    this.frames.frozen = false;
    this.requestRender();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.frames.stop();
    this.anim?.destroy();
    this.board?.destroy();
    this.textures?.destroy();
    try {
      this.app.destroy({ removeView: true }, { children: true });
    } catch {
      /* init may not have finished */
    }
  }
}
