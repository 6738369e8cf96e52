// One gesture recognizer for every game canvas, on DOM Pointer Events (mouse, pen and touch
// alike; not Pixi's federated events, which would hit-test the scene graph: the games hit-test
// their own layout). It knows only gestures; each game's input.ts says what they mean.
//   press            a left button, a finger or a pen goes down (start() says on what, or no)
//   tap              the lift, within the tap slop, of a press that did not drag, long-press
//                    or become a pinch; a second tap on the same key (tapKey) soon is a doubleTap
//   long press       a finger or pen held still for longPressMs (never a mouse: right click is
//                    the mouse's, see menu)
//   drag             the press moved past the drag slop and canDrag() agreed (asked on each
//                    move until it does); the first drag() catches up from where it started
//   pinch            a second finger (or pointer) joins: pan by the midpoint, zoom by the
//                    spread; the whole gesture stays a pinch until every pointer is up
//   button           each mouse button going down or up, also a second button pressed while
//                    one is held (Pointer Events report those as pointermove: "chorded" buttons)
//   hover / leave    a pointer moving outside a drag; the pointer leaving the canvas
//   menu             a right click (contextmenu from a mouse or pen; the browser's menu never shows)
// The canvas wants CSS touch-action (none, or pan-y where the page may scroll under it).

export type PointerKind = "mouse" | "touch" | "pen";

export interface Press<T> {
  readonly id: number;
  readonly kind: PointerKind;
  /** Where it went down and where it is now (client coordinates). */
  readonly x0: number;
  readonly y0: number;
  x: number;
  y: number;
  /** performance.now() when it went down. */
  readonly downAt: number;
  /** What start() said the press is on. */
  readonly target: T;
  /** Moved past the drag slop at some point. */
  moved: boolean;
  dragging: boolean;
  long: boolean;
  /** A second pointer joined: no tap, no long press, no drag. */
  multi: boolean;
}

export interface GestureHandlers<T> {
  /** A left button, finger or pen went down at a client point: what it presses, or undefined to ignore it. */
  start(x: number, y: number, e: PointerEvent): T | undefined;
  tap?(press: Press<T>, e: PointerEvent): void;
  doubleTap?(press: Press<T>, e: PointerEvent): void;
  /**
   * `fromLift`: the lift came first on a starved thread but was held long enough
   * (longPressGuard). Return false when it is not a long press after all (the lift may tap).
   */
  longPress?(press: Press<T>, fromLift: boolean): boolean | void;
  /** May this press drag now? Asked on each move past the slop until true. Default: yes. */
  canDrag?(press: Press<T>): boolean;
  /** The press became a drag (before its first drag()). */
  dragStart?(press: Press<T>): void;
  /** dx, dy since the last drag() (the first: since the press went down). */
  drag?(press: Press<T>, dx: number, dy: number, e: PointerEvent): void;
  /** Every press ends here: lifted (`cancelled` false) or pointercancel. */
  end?(press: Press<T>, cancelled: boolean, e: PointerEvent): void;
  /** A second pointer joined (the press, if any, is now multi). */
  multi?(): void;
  pinch?(dx: number, dy: number, factor: number, x: number, y: number): void;
  /** Every pointer of a pinch is up. */
  pinchEnd?(): void;
  /** A mouse button changed; `press` is the left button's press while it lasts. */
  button?(button: number, down: boolean, e: PointerEvent, press: Press<T> | null): void;
  /** A pointer moved outside a drag; `pressing`: some press is held. */
  hover?(x: number, y: number, e: PointerEvent, pressing: boolean): void;
  leave?(e: PointerEvent, pressing: boolean): void;
  menu?(e: MouseEvent, press: Press<T> | null): void;
}

export interface GestureOptions<T> {
  /** CSS px before a press is a drag, per pointer kind (pen goes with touch). */
  dragSlop: { mouse: number; touch: number };
  /** CSS px from the start within which a lift is a tap. Default: the drag slop. */
  tapSlop?: { mouse: number; touch: number };
  longPressMs?: number;
  /**
   * On a starved main thread (a slow phone, a software-rendered test browser) the lift may be
   * queued behind the long-press timer: give queued input turns until a zero-delay turn comes
   * back promptly, and let a lift held long enough by its own timestamp be the long press.
   */
  longPressGuard?: boolean;
  doubleTapMs?: number;
  /** Taps on equal keys are a double tap; undefined: this press cannot be one. */
  tapKey?(press: Press<T>): unknown;
  /** Zoom only when the spread changed by more than this ratio (then measure from there). Default 0. */
  pinchMinRatio?: number;
  /** Capture the pointer on a press (moves and the lift follow it off the canvas). Default: yes. */
  capture?(press: Press<T>): boolean;
  /**
   * Touch defaults to cancel: "always" (no emulated mouse events, clicks or page zoom after a
   * touch) or "dragging" (only touchmove during a drag: the page may scroll otherwise).
   */
  touchDefaults: "always" | "dragging";
}

/** A zero-delay timer that runs later than this means the main thread was busy (input may be queued). */
const STARVED_MS = 50;
const BUTTON_BITS = [1, 4, 2]; // button 0 left, 1 middle, 2 right → `buttons` bits

const kindOf = (e: PointerEvent): PointerKind => (e.pointerType === "mouse" ? "mouse" : e.pointerType === "pen" ? "pen" : "touch");

/** Listens on the canvas; returns the way to stop. */
export function listenGestures<T>(canvas: HTMLElement, h: GestureHandlers<T>, o: GestureOptions<T>): () => void {
  /** Every pointer held down (mouse: with its left button), for the pinch. */
  const down = new Map<number, { x: number; y: number }>();
  let press: Press<T> | null = null;
  let longTimer: ReturnType<typeof setTimeout> | null = null;
  let pinch: { d: number; x: number; y: number } | null = null;
  let pinching = false;
  let mouseButtons = 0;
  let lastTap: { key: unknown; at: number } | null = null;

  const slop = (p: Press<T>, s: { mouse: number; touch: number }) => (p.kind === "mouse" ? s.mouse : s.touch);
  const cancelLong = () => {
    if (longTimer) clearTimeout(longTimer);
    longTimer = null;
  };
  const stillLong = (p: Press<T>) => press === p && !p.moved && !p.long && !p.multi;
  const fireLong = (p: Press<T>, fromLift: boolean) => {
    p.long = h.longPress?.(p, fromLift) !== false;
  };
  const confirmLong = (p: Press<T>, tries: number) => {
    longTimer = null;
    if (!stillLong(p)) return;
    const asked = performance.now();
    longTimer = setTimeout(() => {
      longTimer = null;
      if (!stillLong(p)) return;
      if (performance.now() - asked > STARVED_MS && tries < 8) confirmLong(p, tries + 1);
      else fireLong(p, false);
    }, 0);
  };
  const two = () => {
    const [a, b] = [...down.values()];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.hypot(a.x - b.x, a.y - b.y) };
  };

  const begin = (e: PointerEvent) => {
    if (down.size > 0 && !h.pinch) return; // one press at a time when there is no pinch
    down.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (down.size >= 2) {
      pinching = true;
      pinch = two();
      cancelLong();
      if (press && !press.multi) press.multi = true;
      h.multi?.();
      return;
    }
    if (pinching) return;
    const target = h.start(e.clientX, e.clientY, e);
    if (target === undefined) return; // still held: a second finger makes it a pinch
    const p: Press<T> = {
      id: e.pointerId,
      kind: kindOf(e),
      x0: e.clientX,
      y0: e.clientY,
      x: e.clientX,
      y: e.clientY,
      downAt: performance.now(),
      target,
      moved: false,
      dragging: false,
      long: false,
      multi: false,
    };
    press = p;
    if (o.capture?.(p) ?? true) canvas.setPointerCapture?.(e.pointerId);
    if (p.kind !== "mouse" && o.longPressMs !== undefined && h.longPress) {
      longTimer = setTimeout(() => (o.longPressGuard ? confirmLong(p, 0) : stillLong(p) && fireLong(p, false)), o.longPressMs);
    }
  };

  const finish = (e: PointerEvent, id: number) => {
    if (!down.has(id)) return;
    down.delete(id);
    if (down.size < 2) pinch = null;
    const p = press;
    if (p && p.id === id) {
      press = null;
      cancelLong();
      const cancelled = e.type === "pointercancel";
      const held = e.timeStamp > 0 ? e.timeStamp - p.downAt : performance.now() - p.downAt;
      if (o.longPressGuard && !cancelled && !p.moved && !p.long && !p.multi && o.longPressMs !== undefined && h.longPress && p.kind !== "mouse" && held >= o.longPressMs) {
        fireLong(p, true); // held long enough, but the timer had not had its turn yet
      }
      const near = Math.hypot(e.clientX - p.x0, e.clientY - p.y0) <= slop(p, o.tapSlop ?? o.dragSlop);
      const tap = !cancelled && !p.dragging && !p.long && !p.multi && near;
      h.end?.(p, cancelled, e);
      if (tap) {
        const key = o.doubleTapMs !== undefined ? o.tapKey?.(p) : undefined;
        const now = performance.now();
        if (key !== undefined && lastTap && lastTap.key === key && now - lastTap.at < (o.doubleTapMs ?? 0)) {
          lastTap = null;
          h.doubleTap?.(p, e);
        } else {
          lastTap = key !== undefined ? { key, at: now } : null;
          h.tap?.(p, e);
        }
      }
    }
    if (down.size === 0 && pinching) {
      pinching = false;
      h.pinchEnd?.();
    }
  };

  /** Mouse buttons from `buttons`, so a second button held with the first is seen too. */
  const buttons = (e: PointerEvent) => {
    if (e.pointerType !== "mouse") return;
    const now = e.type === "pointerup" || e.type === "pointercancel" ? 0 : e.buttons;
    for (let b = 0; b < 3; b++) {
      const bit = BUTTON_BITS[b];
      if ((mouseButtons & bit) === (now & bit)) continue;
      const isDown = (now & bit) !== 0;
      mouseButtons ^= bit;
      if (isDown && b === 0) begin(e);
      if (isDown && b !== 0 && h.button) canvas.setPointerCapture?.(e.pointerId); // its release must come back here
      h.button?.(b, isDown, e, press && press.kind === "mouse" ? press : null);
      if (!isDown && b === 0) finish(e, e.pointerId);
    }
  };

  const onDown = (e: PointerEvent) => {
    if (e.pointerType === "mouse") buttons(e);
    else begin(e);
  };

  const onMove = (e: PointerEvent) => {
    // a second button while one is held (not a button held from outside the canvas)
    if (e.pointerType === "mouse" && mouseButtons !== 0 && e.buttons !== mouseButtons) buttons(e);
    const at = down.get(e.pointerId);
    if (at) {
      at.x = e.clientX;
      at.y = e.clientY;
    }
    if (pinching) {
      if (down.size >= 2 && pinch && at) {
        const g = two();
        const ratio = pinch.d > 0 && g.d > 0 ? g.d / pinch.d : 1;
        const zoom = Math.abs(ratio - 1) > (o.pinchMinRatio ?? 0);
        h.pinch?.(g.x - pinch.x, g.y - pinch.y, zoom ? ratio : 1, g.x, g.y);
        pinch = { d: zoom ? g.d : pinch.d, x: g.x, y: g.y };
      }
      return;
    }
    const p = press;
    if (!p || p.id !== e.pointerId) {
      h.hover?.(e.clientX, e.clientY, e, !!p);
      return;
    }
    const px = p.x;
    const py = p.y;
    p.x = e.clientX;
    p.y = e.clientY;
    if (!p.moved && Math.hypot(e.clientX - p.x0, e.clientY - p.y0) > slop(p, o.dragSlop)) {
      p.moved = true;
      cancelLong();
    }
    if (!p.dragging && p.moved && (h.canDrag?.(p) ?? true)) {
      p.dragging = true;
      h.dragStart?.(p);
      h.drag?.(p, e.clientX - p.x0, e.clientY - p.y0, e);
      return;
    }
    if (p.dragging) h.drag?.(p, e.clientX - px, e.clientY - py, e);
    else h.hover?.(e.clientX, e.clientY, e, true);
  };

  const onUp = (e: PointerEvent) => {
    if (e.pointerType === "mouse") {
      if (e.type === "pointercancel") {
        const p = press;
        mouseButtons = 0;
        if (p?.kind === "mouse") finish(e, p.id);
      } else buttons(e);
    } else finish(e, e.pointerId);
  };

  const onLeave = (e: PointerEvent) => h.leave?.(e, !!press);
  const onMenu = (e: MouseEvent) => {
    e.preventDefault();
    // A touch's own long-press menu: ours is the long press.
    if ((e as PointerEvent).pointerType === "touch" || press?.long) return;
    h.menu?.(e, press);
  };
  const noAutoscroll = (e: MouseEvent) => e.button === 1 && e.preventDefault();
  const noEmulation = (e: TouchEvent) => {
    if (e.cancelable && (o.touchDefaults === "always" || (e.type === "touchmove" && press?.dragging))) e.preventDefault();
  };

  const offs: (() => void)[] = [];
  const on = <K extends keyof HTMLElementEventMap>(type: K, f: (e: HTMLElementEventMap[K]) => void, opts?: AddEventListenerOptions) => {
    canvas.addEventListener(type, f as EventListener, opts);
    offs.push(() => canvas.removeEventListener(type, f as EventListener));
  };
  on("pointerdown", onDown);
  on("pointermove", onMove);
  on("pointerup", onUp);
  on("pointercancel", onUp);
  on("pointerleave", onLeave);
  on("contextmenu", onMenu);
  on("mousedown", noAutoscroll); // the middle button's autoscroll is the mouse event's default
  for (const type of ["touchstart", "touchmove", "touchend"] as const) on(type, noEmulation, { passive: false });
  return () => {
    cancelLong();
    offs.forEach((f) => f());
  };
}
