// Board input: turns mouse, touch and keyboard gestures into intents, through the shared
// recognizer (client/ui/gestures.ts, Pointer Events).
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
import { listenGestures } from "../../ui/gestures";

export const LONG_PRESS_MS = 500;
export const AFTER_LONG_PRESS_IGNORE_MS = 250;
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
  // ---- mouse: its buttons (chords need both at once), a left drag pans ------
  let left = false;
  let right = false;
  let middle = false;
  /** Left and right were both down at some point of this gesture. */
  let both = false;
  /** The both-buttons chord already fired for this gesture. */
  let chordDone = false;
  let lastCell = -1;

  const refreshMouse = (cell: number) => {
    const area = (left && right) || middle;
    t.highlight(cell, area ? "area" : left && !chordDone ? "single" : "none");
    t.pressing(left || middle || (right && left));
  };

  const button = (b: number, down: boolean, e: PointerEvent, press: { dragging: boolean } | null) => {
    const cell = t.cellAt(e.clientX, e.clientY);
    if (down) {
      if (b === 0) left = true;
      else if (b === 1) middle = true;
      else {
        right = true;
        if (!left && t.canAct() && cell >= 0) t.secondary(cell, false);
      }
      if (left && right) both = true;
      lastCell = cell;
      if (t.canAct()) refreshMouse(cell);
      return;
    }
    const dragged = b === 0 && !!press?.dragging;
    const act = t.canAct() && cell >= 0 && !dragged;
    if (b === 0) left = false;
    else if (b === 1) middle = false;
    else right = false;
    if (dragged && !right && !middle) {
      both = false;
      chordDone = false;
      t.highlight(-1, "none");
      t.pressing(false);
      return;
    }
    if (both) {
      // left+right: the first release chords, the other release does nothing
      if (!chordDone && act) t.chord(cell);
      chordDone = true;
    } else if (b === 0) {
      if (act) t.primary(cell);
    } else if (b === 1) {
      if (act) t.chord(cell);
    }
    if (!left && !right && !middle) {
      both = false;
      chordDone = false;
    }
    refreshMouse(cell);
  };

  // ---- touch: tap, long press, slide, two fingers ---------------------------
  let ignoreUntil = 0;
  /** The long press may fire for this finger (it went down on a cell while the player could act). */
  let longOk = false;

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

  const stopGestures = listenGestures<number>(
    canvas,
    {
      start: (x, y, e) => {
        if (e.pointerType === "mouse") return t.cellAt(x, y);
        if (performance.now() < ignoreUntil) return undefined;
        const cell = t.cellAt(x, y);
        t.hover(cell);
        longOk = t.canAct() && cell >= 0;
        if (longOk) {
          t.highlight(cell, "single");
          t.pressing(true);
        }
        return cell;
      },
      button,
      canDrag: (p) => p.kind !== "mouse" || ((!t.canPan || t.canPan()) && !right && !middle),
      // a drag is a pan, never a click (nor a long press)
      dragStart: () => {
        t.highlight(-1, "none");
        t.pressing(false);
      },
      drag: (p, dx, dy) => {
        if (p.kind !== "mouse" || !(right || middle)) t.pan(dx, dy);
      },
      longPress: (p, fromLift) => {
        if (fromLift ? !(t.canAct() && p.target >= 0) : !longOk) return false;
        canvas.dataset.gesture = fromLift ? `long-lift ${Math.round(performance.now() - p.downAt)}` : `long-timer ${Math.round(performance.now() - p.downAt)}`;
        // flag (once), vibrate, ignore the lift
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
        if (t.canAct()) t.secondary(p.target, true);
      },
      end: (p) => {
        if (p.kind === "mouse") return;
        t.highlight(-1, "none");
        t.pressing(false);
        // the lift after a long press is never a click
        if (p.long) ignoreUntil = Math.max(ignoreUntil, performance.now() + AFTER_LONG_PRESS_IGNORE_MS / 2);
      },
      tap: (p, e) => {
        if (p.kind === "mouse") return; // the mouse's buttons act (button above)
        canvas.dataset.gesture = `tap ${Math.round(e.timeStamp > 0 ? e.timeStamp - p.downAt : performance.now() - p.downAt)}`;
        if (t.canAct() && p.target >= 0) t.primary(p.target);
      },
      // a second finger turns the gesture into pan/zoom; no cell action
      multi: () => {
        t.highlight(-1, "none");
        t.pressing(false);
      },
      pinch: (dx, dy, factor, x, y) => {
        t.pan(dx, dy);
        if (factor !== 1) t.zoom(factor, x, y);
      },
      pinchEnd: () => {
        ignoreUntil = performance.now() + AFTER_LONG_PRESS_IGNORE_MS;
      },
      hover: (x, y, e) => {
        if (e.pointerType !== "mouse") return;
        const cell = t.cellAt(x, y);
        if (cell !== lastCell) {
          lastCell = cell;
          t.hover(cell);
          if ((left || middle) && t.canAct()) refreshMouse(cell);
        }
      },
      leave: (e) => {
        if (e.pointerType !== "mouse") return;
        lastCell = -1;
        t.hover(-1);
        if (!left && !middle) t.highlight(-1, "none");
      },
    },
    {
      dragSlop: { mouse: DRAG_SLOP, touch: TAP_SLOP },
      tapSlop: { mouse: Infinity, touch: TAP_SLOP },
      longPressMs: LONG_PRESS_MS,
      longPressGuard: true,
      pinchMinRatio: 0.02,
      touchDefaults: "always",
    },
  );

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

  canvas.addEventListener("wheel", onWheel, { passive: false });
  canvas.addEventListener("keydown", onKeyDown);

  return () => {
    stopGestures();
    canvas.removeEventListener("wheel", onWheel);
    canvas.removeEventListener("keydown", onKeyDown);
  };
}
