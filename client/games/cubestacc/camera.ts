// The table's camera: where the world (the stack) sits on the canvas and how large. It follows
// the stack, keeping every cube and glowing slot in view, until the player pans or zooms;
// Recentre (or a rotation) makes it follow again, gliding there.
import type { Application, Container } from "pixi.js";
import { easeInOut, type Animator } from "./animations";
import type { Vec } from "./geometry";

const MIN_ZOOM = 0.3;
const MAX_ZOOM = 2.2;
const PAD = 18;

export interface Camera {
  x: number;
  y: number;
  z: number;
}

/** A box in world px. */
export interface WorldBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export class TableCamera {
  cam: Camera = { x: 0, y: 0, z: 1 };
  /** The camera keeps the whole stack (and every glowing slot) in view until the player pans or zooms. */
  follow = true;

  constructor(
    private readonly app: Application,
    private readonly world: Container,
    private readonly anim: Animator,
    private readonly requestRender: () => void,
    /** World box of everything worth seeing (the cubes and the slots that glow). */
    private readonly bounds: () => WorldBox,
  ) {}

  /** Camera that shows the content (zoom ≤ 1, never tiny), centred. */
  private fitted(): Camera {
    const W = this.app.screen.width;
    const H = this.app.screen.height;
    const b = this.bounds();
    const { top, bottom } = this.insets;
    const h = Math.max(80, H - top - bottom);
    const z = Math.max(MIN_ZOOM, Math.min(1, (W - 2 * PAD) / b.w, (h - 2 * PAD) / b.h));
    return { z, x: Math.round(W / 2 - (b.x + b.w / 2) * z), y: Math.round(top + h / 2 - (b.y + b.h / 2) * z) };
  }

  /** Screen bands the fit keeps free (the event line on top, the camera buttons below). */
  insets = { top: 0, bottom: 0 };

  /** Re-frames the stack when following (animated glide: no jump). */
  fit(animate = true): void {
    if (!this.follow) {
      this.apply();
      return;
    }
    const target = this.fitted();
    const from = { ...this.cam };
    const same = Math.abs(target.x - from.x) < 0.5 && Math.abs(target.y - from.y) < 0.5 && Math.abs(target.z - from.z) < 0.001;
    if (same) return;
    if (!animate) {
      this.cam = target;
      this.apply();
      return;
    }
    void this.anim.add({
      key: "camera",
      duration: 320,
      ease: easeInOut,
      update: (t) => {
        this.cam = { x: from.x + (target.x - from.x) * t, y: from.y + (target.y - from.y) * t, z: from.z + (target.z - from.z) * t };
        this.apply();
      },
    });
  }

  recentre(): void {
    this.follow = true;
    this.fit(true);
  }

  /** Follows and fits at once (after a rotation or a resized window: no glide from a stale frame). */
  recentreNow(): void {
    this.follow = true;
    this.anim.finishAll();
    this.fit(false);
  }

  pan(dx: number, dy: number): void {
    this.follow = false;
    this.cam.x += dx;
    this.cam.y += dy;
    this.clamp();
    this.apply();
  }

  /** Zooms by `factor` keeping the page point (px, py) fixed (or the centre). */
  zoom(factor: number, pageX?: number, pageY?: number): void {
    const z = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, this.cam.z * factor));
    if (z === this.cam.z) return;
    const rect = this.app.canvas.getBoundingClientRect();
    const sx = pageX !== undefined ? pageX - rect.left : this.app.screen.width / 2;
    const sy = pageY !== undefined ? pageY - rect.top : this.app.screen.height / 2;
    const wx = (sx - this.cam.x) / this.cam.z;
    const wy = (sy - this.cam.y) / this.cam.z;
    this.follow = false;
    this.cam = { z, x: sx - wx * z, y: sy - wy * z };
    this.clamp();
    this.apply();
  }

  /** Keeps at least part of the stack on screen (no losing it off the edge). */
  private clamp(): void {
    const b = this.bounds();
    const W = this.app.screen.width;
    const H = this.app.screen.height;
    const keep = 60;
    const minX = keep - (b.x + b.w) * this.cam.z;
    const maxX = W - keep - b.x * this.cam.z;
    const minY = keep - (b.y + b.h) * this.cam.z;
    const maxY = H - keep - b.y * this.cam.z;
    this.cam.x = Math.min(maxX, Math.max(minX, this.cam.x));
    this.cam.y = Math.min(maxY, Math.max(minY, this.cam.y));
  }

  private apply(): void {
    this.world.position.set(this.cam.x, this.cam.y);
    this.world.scale.set(this.cam.z);
    this.requestRender();
  }

  onResize(): void {
    if (this.follow) this.fit(false);
    else {
      this.clamp();
      this.apply();
    }
  }

  pageToWorld(px: number, py: number): Vec {
    const rect = this.app.canvas.getBoundingClientRect();
    return { x: (px - rect.left - this.cam.x) / this.cam.z, y: (py - rect.top - this.cam.y) / this.cam.z };
  }

  worldToPage(wx: number, wy: number): Vec {
    const rect = this.app.canvas.getBoundingClientRect();
    return { x: rect.left + this.cam.x + wx * this.cam.z, y: rect.top + this.cam.y + wy * this.cam.z };
  }

  /** Pans (without animation) so a page point is inside the table, clear of its edges; returns the shift. */
  reveal(px: number, py: number, margin = 24): Vec {
    const rect = this.app.canvas.getBoundingClientRect();
    const { top, bottom } = this.insets;
    let dx = 0;
    let dy = 0;
    if (px < rect.left + margin) dx = rect.left + margin - px;
    else if (px > rect.right - margin) dx = rect.right - margin - px;
    if (py < rect.top + top + margin) dy = rect.top + top + margin - py;
    else if (py > rect.bottom - bottom - margin) dy = rect.bottom - bottom - margin - py;
    if (dx || dy) {
      this.anim.finishAll();
      this.follow = false;
      this.cam.x += dx;
      this.cam.y += dy;
      this.apply();
    }
    return { x: dx, y: dy };
  }
}
