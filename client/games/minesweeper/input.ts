// Board input: turns mouse, touch and keyboard gestures into intents.
// games/minesweeper.md, exactly:
//   mouse: left release reveals (on a revealed number: chords); right PRESS
//          toggles a flag; middle release or left+right release chords; the
//          pressed cell / 3×3 area highlights while held.
//   touch: tap reveals; long press 500 ms flags (vibrate 100 ms), then 250 ms
//          of ignored input so the lift is not a click. A slide (one finger)
//          or two fingers pan a board larger than the screen; pinch zooms.
//   camera (desktop): a left-button drag pans (its release is not a click);
//          the wheel zooms around the pointer (ctrl+wheel too: trackpad
//          pinch); shift+wheel or a sideways trackpad swipe pans.
// The scene decides what an intent means for the cell under it (reveal vs
// chord, flag mode, counter at 0); this file only knows gestures.

export const LONG_PRESS_MS = 500;
export const AFTER_LONG_PRESS_IGNORE_MS = 250;
/** A zero-delay timer that runs later than this means the main thread was busy (input may be queued). */
const STARVED_MS = 50;
/** A finger that travels farther than this (CSS px) is not a tap. */
const TAP_SLOP = 12;
/** A mouse that travels farther than this with the left button held drags the board. */
const DRAG_SLOP = 6;

export interface BoardTarget {
  /** Cell index under a client (viewport) point, or -1. */
  cellAt(clientX: number, clientY: number): number;
  /** Whether gestures may act at all (seated, connected, game not over). */
  canAct(): boolean;
  /** Left release / tap. */
  primary(cell: number): void;
  /** Right press / long press. `touch` is true for a long press. */
  secondary(cell: number, touch: boolean): void;
  /** Middle release / left+right release. */
  chord(cell: number): void;
  /** Show the held highlight: the cell (single) or its 3×3 area (area). */
  highlight(cell: number, mode: "none" | "single" | "area"): void;
  /** The face shows "pressed" while a button or finger is held on the board. */
  pressing(held: boolean): void;
  /** Pointer is over this cell (-1 when it leaves), for co-op cursors. */
  hover(cell: number): void;
  /** Whether the board is larger than the screen (a mouse drag pans only then). */
  canPan?(): boolean;
  /** Two-finger drag / wheel: move the camera. */
  pan(dx: number, dy: number): void;
  /** Pinch or ctrl+wheel: zoom by factor around a client point. */
  zoom(factor: number, clientX: number, clientY: number): void;
  /** Keyboard: move the keyboard cursor, act on it. */
  keyboard(action: "up" | "down" | "left" | "right" | "primary" | "flag" | "chord"): void;
}

export function attachBoardInput(canvas: HTMLCanvasElement, t: BoardTarget): () => void {
  // ---- mouse --------------------------------------------------------------
  let left = false;
  let right = false;
  let middle = false;
  /** Left and right were both down at some point of this gesture. */
  let both = false;
  /** The both-buttons chord already fired for this gesture. */
  let chordDone = false;
  let lastCell = -1;
  /** Left-button drag: where it started, whether it became a pan, the last point. */
  let dragFrom: { x: number; y: number } | null = null;
  let dragging = false;
  let dragX = 0;
  let dragY = 0;

  const refreshMouse = (cell: number) => {
    const area = (left && right) || middle;
    t.highlight(cell, area ? "area" : left && !chordDone ? "single" : "none");
    t.pressing(left || middle || (right && left));
  };

  const onMouseDown = (e: MouseEvent) => {
    if (e.button === 1) e.preventDefault(); // no autoscroll (the canvas still gets focus from left/right presses)
    const cell = t.cellAt(e.clientX, e.clientY);
    if (e.button === 0) {
      left = true;
      dragFrom = { x: e.clientX, y: e.clientY };
      dragging = false;
    } else if (e.button === 1) middle = true;
    else if (e.button === 2) {
      right = true;
      if (!left && t.canAct() && cell >= 0) t.secondary(cell, false);
    } else return;
    if (left && right) both = true;
    lastCell = cell;
    if (t.canAct()) refreshMouse(cell);
  };

  const onDragMove = (e: MouseEvent) => {
    if (!left || !dragFrom || right || middle) return;
    if (!dragging && t.canPan && !t.canPan()) return;
    if (!dragging && Math.hypot(e.clientX - dragFrom.x, e.clientY - dragFrom.y) > DRAG_SLOP) {
      dragging = true; // a drag is a pan, never a click
      dragX = dragFrom.x;
      dragY = dragFrom.y;
      t.highlight(-1, "none");
      t.pressing(false);
    }
    if (dragging) {
      t.pan(e.clientX - dragX, e.clientY - dragY);
      dragX = e.clientX;
      dragY = e.clientY;
    }
  };

  const onMouseMove = (e: MouseEvent) => {
    if (dragging) return;
    const cell = t.cellAt(e.clientX, e.clientY);
    if (cell !== lastCell) {
      lastCell = cell;
      t.hover(cell);
      if ((left || middle) && t.canAct()) refreshMouse(cell);
    }
  };

  const onMouseUp = (e: MouseEvent) => {
    if (e.button > 2) return;
    const wasDown = e.button === 0 ? left : e.button === 1 ? middle : right;
    if (!wasDown) return;
    const cell = t.cellAt(e.clientX, e.clientY);
    const act = t.canAct() && cell >= 0 && !(e.button === 0 && dragging);
    if (e.button === 0) {
      left = false;
      dragFrom = null;
      if (dragging) {
        dragging = false;
        if (!right && !middle) {
          both = false;
          chordDone = false;
          t.highlight(-1, "none");
          t.pressing(false);
          return;
        }
      }
    }
    if (e.button === 0) left = false;
    else if (e.button === 1) middle = false;
    else right = false;
    if (both) {
      // left+right: the first release chords, the other release does nothing
      if (!chordDone && act) t.chord(cell);
      chordDone = true;
    } else if (e.button === 0) {
      if (act) t.primary(cell);
    } else if (e.button === 1) {
      if (act) t.chord(cell);
    }
    if (!left && !right && !middle) {
      both = false;
      chordDone = false;
    }
    refreshMouse(cell);
  };

  const onContextMenu = (e: Event) => e.preventDefault();
  const onMouseLeave = () => {
    lastCell = -1;
    t.hover(-1);
    if (!left && !middle) t.highlight(-1, "none");
  };
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const sideways = Math.abs(e.deltaX) > Math.abs(e.deltaY);
    if (e.shiftKey) t.pan(-(e.deltaY || e.deltaX), 0);
    else if (sideways && !e.ctrlKey && !e.metaKey) t.pan(-e.deltaX, -e.deltaY);
    else if (e.deltaY !== 0) {
      // a wheel notch (~100 px) is 1.15×; trackpad pinches (ctrl+wheel, small deltas) zoom smoothly
      const px = e.deltaMode === 1 ? e.deltaY * 33 : e.deltaMode === 2 ? e.deltaY * 400 : e.deltaY;
      const factor = Math.pow(1.15, -Math.max(-3, Math.min(3, px / 100)));
      t.zoom(factor, e.clientX, e.clientY);
    }
  };

  // ---- touch --------------------------------------------------------------
  let touchId: number | null = null;
  let startX = 0;
  let startY = 0;
  let lastX = 0;
  let lastY = 0;
  let touchCell = -1;
  let moved = false;
  let longFired = false;
  let longTimer: ReturnType<typeof setTimeout> | null = null;
  let ignoreUntil = 0;
  /** When the current finger's touchstart was handled (performance.now()). */
  let downAt = 0;
  /** Two-finger camera gesture in progress (until every finger is up). */
  let multi = false;
  let pinchDist = 0;
  let midX = 0;
  let midY = 0;

  const cancelLong = () => {
    if (longTimer) clearTimeout(longTimer);
    longTimer = null;
  };
  const endSingle = () => {
    cancelLong();
    touchId = null;
    t.highlight(-1, "none");
    t.pressing(false);
  };
  const twoFinger = (list: TouchList) => {
    const a = list[0];
    const b = list[1];
    return {
      x: (a.clientX + b.clientX) / 2,
      y: (a.clientY + b.clientY) / 2,
      d: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY),
    };
  };

  const onTouchStart = (e: TouchEvent) => {
    e.preventDefault();
    if (e.touches.length >= 2) {
      // a second finger turns the gesture into pan/zoom; no cell action
      endSingle();
      multi = true;
      const g = twoFinger(e.touches);
      midX = g.x;
      midY = g.y;
      pinchDist = g.d;
      return;
    }
    if (multi || performance.now() < ignoreUntil) return;
    downAt = performance.now();
    const touch = e.changedTouches[0];
    touchId = touch.identifier;
    startX = touch.clientX;
    startY = touch.clientY;
    moved = false;
    longFired = false;
    touchCell = t.cellAt(startX, startY);
    t.hover(touchCell);
    if (!t.canAct() || touchCell < 0) return;
    t.highlight(touchCell, "single");
    t.pressing(true);
    longTimer = setTimeout(() => confirmLong(0), LONG_PRESS_MS);
  };

  /** The finger is still down after LONG_PRESS_MS: flag (once), vibrate, ignore the lift. */
  const fireLong = () => {
    longFired = true;
    ignoreUntil = performance.now() + AFTER_LONG_PRESS_IGNORE_MS;
    if (typeof navigator.vibrate === "function") {
      try {
        navigator.vibrate(100);
      } catch {
        /* not allowed without a user gesture in some browsers */
      }
    }
    t.highlight(-1, "none");
    t.pressing(false);
    if (t.canAct()) t.secondary(touchCell, true);
  };

  /**
   * The long-press timer ran. On a starved main thread (a slow phone, a
   * software-rendered test browser) the lift may already be waiting behind
   * it: give queued input a turn first — until a zero-delay turn comes back
   * promptly — so a quick tap never turns into a long press. The lift's own
   * timestamp then decides (onTouchEnd).
   */
  const confirmLong = (tries: number) => {
    longTimer = null;
    if (touchId === null || moved || longFired) return;
    const asked = performance.now();
    longTimer = setTimeout(() => {
      longTimer = null;
      if (touchId === null || moved || longFired) return;
      if (performance.now() - asked > STARVED_MS && tries < 8) confirmLong(tries + 1);
      else {
        canvas.dataset.gesture = `long-timer ${Math.round(performance.now() - downAt)} ${tries}`;
        fireLong();
      }
    }, 0);
  };

  const onTouchMove = (e: TouchEvent) => {
    e.preventDefault();
    if (multi && e.touches.length >= 2) {
      const g = twoFinger(e.touches);
      t.pan(g.x - midX, g.y - midY);
      if (pinchDist > 0 && g.d > 0 && Math.abs(g.d / pinchDist - 1) > 0.02) {
        t.zoom(g.d / pinchDist, g.x, g.y);
        pinchDist = g.d;
      }
      midX = g.x;
      midY = g.y;
      return;
    }
    if (touchId === null) return;
    const touch = [...e.changedTouches].find((x) => x.identifier === touchId);
    if (!touch) return;
    if (!moved && Math.hypot(touch.clientX - startX, touch.clientY - startY) > TAP_SLOP) {
      moved = true; // a slide is not a tap and not a long press: it drags a large board
      cancelLong();
      t.highlight(-1, "none");
      t.pressing(false);
      lastX = startX;
      lastY = startY;
    }
    if (moved) {
      t.pan(touch.clientX - lastX, touch.clientY - lastY);
      lastX = touch.clientX;
      lastY = touch.clientY;
    }
  };

  const onTouchEnd = (e: TouchEvent) => {
    e.preventDefault();
    if (multi) {
      if (e.touches.length === 0) {
        multi = false;
        ignoreUntil = performance.now() + AFTER_LONG_PRESS_IGNORE_MS;
      }
      return;
    }
    if (touchId === null) return;
    const touch = [...e.changedTouches].find((x) => x.identifier === touchId);
    if (!touch) return;
    const cell = touchCell;
    // How long the finger was down, by the lift's own timestamp (not by when we got to it).
    const held = e.timeStamp > 0 ? e.timeStamp - downAt : performance.now() - downAt;
    if (!moved && !longFired && e.type === "touchend" && held >= LONG_PRESS_MS && t.canAct() && cell >= 0) {
      canvas.dataset.gesture = `long-lift ${Math.round(held)}`;
      fireLong(); // held long enough, but the timer had not had its turn yet
    }
    const tap = !moved && !longFired && e.type === "touchend";
    endSingle();
    if (longFired) {
      // the lift after a long press is never a click
      ignoreUntil = Math.max(ignoreUntil, performance.now() + AFTER_LONG_PRESS_IGNORE_MS / 2);
      return;
    }
    if (tap) canvas.dataset.gesture = `tap ${Math.round(held)}`;
    if (tap && t.canAct() && cell >= 0) t.primary(cell);
  };

  // ---- keyboard -------------------------------------------------------------
  const onKeyDown = (e: KeyboardEvent) => {
    const map: Record<string, Parameters<BoardTarget["keyboard"]>[0]> = {
      ArrowUp: "up",
      ArrowDown: "down",
      ArrowLeft: "left",
      ArrowRight: "right",
      Enter: "primary",
      f: "flag",
      F: "flag",
      c: "chord",
      C: "chord",
    };
    const action = map[e.key];
    if (!action || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    t.keyboard(action);
  };

  canvas.addEventListener("mousedown", onMouseDown);
  canvas.addEventListener("mousemove", onMouseMove);
  window.addEventListener("mousemove", onDragMove);
  window.addEventListener("mouseup", onMouseUp);
  canvas.addEventListener("contextmenu", onContextMenu);
  canvas.addEventListener("mouseleave", onMouseLeave);
  canvas.addEventListener("wheel", onWheel, { passive: false });
  canvas.addEventListener("touchstart", onTouchStart, { passive: false });
  canvas.addEventListener("touchmove", onTouchMove, { passive: false });
  canvas.addEventListener("touchend", onTouchEnd, { passive: false });
  canvas.addEventListener("touchcancel", onTouchEnd, { passive: false });
  canvas.addEventListener("keydown", onKeyDown);

  return () => {
    cancelLong();
    canvas.removeEventListener("mousedown", onMouseDown);
    canvas.removeEventListener("mousemove", onMouseMove);
    window.removeEventListener("mousemove", onDragMove);
    window.removeEventListener("mouseup", onMouseUp);
    canvas.removeEventListener("contextmenu", onContextMenu);
    canvas.removeEventListener("mouseleave", onMouseLeave);
    canvas.removeEventListener("wheel", onWheel);
    canvas.removeEventListener("touchstart", onTouchStart);
    canvas.removeEventListener("touchmove", onTouchMove);
    canvas.removeEventListener("touchend", onTouchEnd);
    canvas.removeEventListener("touchcancel", onTouchEnd);
    canvas.removeEventListener("keydown", onKeyDown);
  };
}
