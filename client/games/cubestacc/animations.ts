// Animations without a 60 fps loop: a tween runs frames only while it lives,
// then rendering goes back to on-demand. `finishAll()` jumps every tween to its
// end (stable screenshots, tests). DOM flights use the Web Animations API.

export type Ease = (t: number) => number;

export const easeOut: Ease = (t) => 1 - (1 - t) ** 3;
export const easeInOut: Ease = (t) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);
export const linear: Ease = (t) => t;

export interface TweenSpec {
  duration: number;
  delay?: number;
  ease?: Ease;
  /** Called every frame with eased progress 0..1 (1 on the last call). */
  update(t: number): void;
  done?(): void;
  /** Tweens with the same key replace each other (the old one jumps to its end). */
  key?: string;
}

interface Tween extends TweenSpec {
  start: number;
  resolve(): void;
}

export class Animator {
  private tweens = new Set<Tween>();
  private raf = 0;
  /** When true (reduced motion, screenshots), tweens finish at once. */
  instant = false;

  constructor(private render: () => void) {}

  get busy(): boolean {
    return this.tweens.size > 0;
  }

  add(spec: TweenSpec): Promise<void> {
    if (spec.key) {
      for (const t of this.tweens) if (t.key === spec.key) this.finish(t);
    }
    return new Promise<void>((resolve) => {
      const tween: Tween = { ...spec, start: performance.now() + (spec.delay ?? 0), resolve };
      if (this.instant || spec.duration <= 0) {
        this.finish(tween);
        this.render();
        return;
      }
      this.tweens.add(tween);
      this.loop();
    });
  }

  private finish(t: Tween): void {
    this.tweens.delete(t);
    t.update(1);
    t.done?.();
    t.resolve();
  }

  private loop(): void {
    if (this.raf) return;
    const frame = () => {
      this.raf = 0;
      const now = performance.now();
      for (const t of [...this.tweens]) {
        if (now < t.start) continue;
        const p = Math.min(1, (now - t.start) / t.duration);
        if (p >= 1) this.finish(t);
        else t.update((t.ease ?? easeOut)(p));
      }
      this.render();
      if (this.tweens.size) this.raf = requestAnimationFrame(frame);
    };
    this.raf = requestAnimationFrame(frame);
  }

  finishAll(): void {
    for (const t of [...this.tweens]) this.finish(t);
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
  }

  destroy(): void {
    this.tweens.clear();
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
  }
}

export function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** Flies a picture from one page rect to another (a card drawn, a card sent). */
export function flyPicture(
  url: string,
  from: DOMRect | { left: number; top: number; width: number; height: number },
  to: DOMRect | { left: number; top: number; width: number; height: number },
  options: { duration?: number; delay?: number; className?: string } = {},
): Promise<void> {
  const img = document.createElement("img");
  img.src = url;
  img.alt = "";
  img.className = `cs-flyer ${options.className ?? ""}`;
  img.style.left = `${from.left}px`;
  img.style.top = `${from.top}px`;
  img.style.width = `${from.width}px`;
  img.style.height = `${from.height}px`;
  document.body.append(img);
  const dx = to.left - from.left;
  const dy = to.top - from.top;
  const sx = to.width / Math.max(1, from.width);
  const sy = to.height / Math.max(1, from.height);
  const duration = options.duration ?? 320;
  const delay = options.delay ?? 0;
  if (typeof img.animate !== "function" || prefersReducedMotion()) {
    img.remove();
    return Promise.resolve();
  }
  const anim = img.animate(
    [
      { transform: "translate(0,0) scale(1,1)", opacity: 0.95 },
      { transform: `translate(${dx * 0.5}px, ${dy * 0.5 - 30}px) scale(${(1 + sx) / 2}, ${(1 + sy) / 2})`, opacity: 1, offset: 0.5 },
      { transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})`, opacity: 1 },
    ],
    { duration, delay, easing: "cubic-bezier(.3,.7,.4,1)", fill: "both" },
  );
  return anim.finished.then(
    () => img.remove(),
    () => img.remove(),
  );
}

/**
 * The way a float moves from its anchor (x, y): `up` from its centre (K stack "+2"); `down` from
 * its top edge and `left` from its right edge (a seat's word, which must not cover the seat).
 */
const DRIFT: Record<"up" | "down" | "left", [string, string, string]> = {
  up: ["translate(-50%, -50%) scale(.6)", "translate(-50%, -90%) scale(1.15)", "translate(-50%, -160%) scale(1)"],
  down: ["translate(-50%, 0) scale(.6)", "translate(-50%, 15%) scale(1.1)", "translate(-50%, 70%) scale(1)"],
  left: ["translate(-100%, -50%) scale(.6)", "translate(-108%, -50%) scale(1.1)", "translate(-130%, -50%) scale(1)"],
};

/** A short text that floats and fades (K stack "+2", "Skip!"). */
export function floatText(host: HTMLElement, x: number, y: number, text: string, className = "", drift: keyof typeof DRIFT = "up"): void {
  const el = document.createElement("div");
  el.className = `cs-float ${className}`;
  el.textContent = text;
  el.style.left = `${x}px`;
  el.style.top = `${y}px`;
  el.setAttribute("aria-hidden", "true");
  const [from, mid, to] = DRIFT[drift];
  el.style.transform = mid; // where it rests without an animation (reduced motion)
  host.append(el);
  if (typeof el.animate !== "function" || prefersReducedMotion()) {
    setTimeout(() => el.remove(), 900);
    return;
  }
  el.animate(
    [
      { transform: from, opacity: 0 },
      { transform: mid, opacity: 1, offset: 0.25 },
      { transform: to, opacity: 0 },
    ],
    { duration: 1100, easing: "ease-out", fill: "both" },
  ).finished.then(
    () => el.remove(),
    () => el.remove(),
  );
}
