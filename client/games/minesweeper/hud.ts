// The board's HUD, plain DOM: the face (inline SVG, no emoji font needed), the LED
// counter, the timer text, the tools, and the class that lays them out (BoardHud).
import { h } from "../../ui/dom";
import { SeatList } from "../shell/seats";
import type { BoardModel } from "./model";

export type FaceMood = "playing" | "pressed" | "won" | "lost";

/** Timer text with tenths: `s.t`, `m:ss.t`, `h:mm:ss.t`. */
export function formatTime(ms: number): string {
  const tenths = Math.max(0, Math.floor(ms / 100));
  const t = tenths % 10;
  const total = Math.floor(tenths / 10);
  const s = total % 60;
  const m = Math.floor(total / 60) % 60;
  const h = Math.floor(total / 3600);
  const ss = String(s).padStart(2, "0");
  if (h > 0) return `${h}:${String(m).padStart(2, "0")}:${ss}.${t}`;
  if (m > 0) return `${m}:${ss}.${t}`;
  return `${s}.${t}`;
}

/** The mines-left counter, three digits like the original (negative never happens: flags stop at 0). */
export function formatCounter(n: number): string {
  if (n < 0) return "-" + String(Math.min(99, -n)).padStart(2, "0");
  return String(n).padStart(3, "0"); // big custom boards may need 4 digits
}

export function faceSvg(mood: FaceMood): string {
  const eyes =
    mood === "lost"
      ? `<path d="M11 12l4 4M15 12l-4 4M25 12l4 4M29 12l-4 4" stroke="#000" stroke-width="2" stroke-linecap="round"/>`
      : mood === "won"
        ? `<path d="M8 13h24" stroke="#000" stroke-width="2"/><rect x="9" y="12" width="8" height="5" rx="2"/><rect x="23" y="12" width="8" height="5" rx="2"/>`
        : `<circle cx="14" cy="15" r="2.2"/><circle cx="26" cy="15" r="2.2"/>`;
  const mouth =
    mood === "pressed"
      ? `<ellipse cx="20" cy="27" rx="3.5" ry="4" fill="#000"/>`
      : mood === "lost"
        ? `<path d="M13 30q7-7 14 0" fill="none" stroke="#000" stroke-width="2.2" stroke-linecap="round"/>`
        : `<path d="M12 24q8 8 16 0" fill="none" stroke="#000" stroke-width="2.2" stroke-linecap="round"/>`;
  return `<svg viewBox="0 0 40 40" width="100%" height="100%" aria-hidden="true" focusable="false">
<circle cx="20" cy="20" r="17" fill="#ffde00" stroke="#000" stroke-width="2"/>${eyes}${mouth}</svg>`;
}

export const FLAG_ICON = `<svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
<path d="M10 3v11" stroke="#000" stroke-width="2"/><path d="M10 3L3 6.5 10 10z" fill="#e00"/>
<rect x="6" y="14" width="8" height="2" fill="#000"/><rect x="4" y="16" width="12" height="2" fill="#000"/></svg>`;

/** Seat colours for co-op cursors and the seat list (index = seat). */
export const SEAT_COLOURS = [0xd7263d, 0x1b7fbd, 0x2a9d3a, 0xe07b00, 0x8e44ad, 0x0f9d9a, 0xc2185b, 0x6d4c41];

export function cssColour(n: number): string {
  return "#" + n.toString(16).padStart(6, "0");
}

// ---- the board's HUD around the canvas ---------------------------------------------------

export interface HudActions {
  restart(): void;
  flagMode(on: boolean): void;
  zoom(factor: number): void;
}

/**
 * The DOM around the board: LED mines-left counter, the face (restart), the timer, the
 * flag-mode and zoom tools, the players list for shared boards, and a side column for the
 * race panel or the result card.
 */
export class BoardHud {
  readonly root: HTMLElement;
  readonly boardHost: HTMLElement;
  /** Extra DOM next to the board (race panel, result card…): a column beside the board. */
  readonly side: HTMLElement;
  readonly tools: HTMLElement;
  readonly counterEl: HTMLElement;
  readonly timerEl: HTMLElement;
  readonly faceBtn: HTMLButtonElement;
  readonly flagBtn: HTMLButtonElement;
  readonly zoomBox: HTMLElement;
  readonly seatsBox: HTMLElement;
  /** Under the players: "3 seats open" (a live co-op room with room for more), else empty. */
  readonly seatsNote: HTMLElement;
  /** "Making a board without guesses…" while the room makes the board (a no-guess board's first reveal). */
  readonly makingEl: HTMLElement;
  /** Who plays a shared board (the shell's seat list): connection state and cells revealed. */
  readonly seats = new SeatList({ prefix: "ms", parts: { count: true } });
  mood: FaceMood | "" = "";

  constructor(act: HudActions, noTools: boolean) {
    this.counterEl = h("output", { class: "ms-led ms-counter", "aria-label": "Mines left" }, "000");
    this.timerEl = h("output", { class: "ms-led ms-timer", "aria-label": "Time" }, "0.0");
    this.faceBtn = h("button", { class: "ms-face", type: "button", "aria-label": "Restart" });
    this.faceBtn.addEventListener("click", () => act.restart());
    this.flagBtn = h("button", { class: "ms-tool ms-flagmode", type: "button", "aria-pressed": "false", hidden: noTools });
    this.flagBtn.innerHTML = `${FLAG_ICON}<span>Flag mode</span>`;
    this.flagBtn.addEventListener("click", () => act.flagMode(this.flagBtn.getAttribute("aria-pressed") !== "true"));
    const zoomOut = h("button", { class: "ms-tool", type: "button", "aria-label": "Zoom out" }, "−");
    const zoomIn = h("button", { class: "ms-tool", type: "button", "aria-label": "Zoom in" }, "+");
    zoomOut.addEventListener("click", () => act.zoom(1 / 1.25));
    zoomIn.addEventListener("click", () => act.zoom(1.25));
    this.zoomBox = h("span", { class: "ms-zoom", hidden: true }, zoomOut, zoomIn);
    this.boardHost = h("div", { class: "ms-board" });
    this.seatsNote = h("p", { class: "ms-seats-open", id: "ms-seats-open" });
    this.seatsBox = h("aside", { class: "ms-seats", "aria-label": "Players", hidden: true }, this.seats.el, this.seatsNote);
    this.side = h("div", { class: "ms-side", hidden: true });
    this.makingEl = h("p", { class: "ms-making", role: "status", hidden: true });
    this.tools = h("div", { class: "ms-tools" }, this.flagBtn, this.zoomBox);
    this.root = h(
      "div",
      { class: "ms" },
      h("div", { class: "ms-top" }, h("div", { class: "ms-hud" }, this.counterEl, this.faceBtn, this.timerEl), this.tools),
      this.makingEl,
      h("div", { class: "ms-main" }, this.boardHost, this.seatsBox, this.side),
    );
    this.setFace("playing");
  }

  setFace(mood: FaceMood): void {
    if (mood === this.mood) return;
    this.mood = mood;
    this.faceBtn.innerHTML = faceSvg(mood);
    this.faceBtn.dataset.mood = mood;
  }

  setFlagMode(on: boolean): void {
    this.flagBtn.setAttribute("aria-pressed", String(on));
    this.flagBtn.classList.toggle("on", on);
  }

  /** Counter, face and the face's label from the model; `held`: a cell is being pressed. */
  /** Writes only what changed: a patch calls this once or twice, and a DOM write is not free. */
  update(m: BoardModel, o: { held: boolean; seated: boolean; restartable: boolean; noSeats: boolean }): void {
    setText(this.counterEl, formatCounter(m.phase === "won" ? 0 : m.mines - m.flags));
    this.setFace(m.phase === "won" ? "won" : m.phase === "lost" ? "lost" : o.held ? "pressed" : "playing");
    const disabled = !o.seated || m.mode === "race";
    if (this.faceBtn.disabled !== disabled) this.faceBtn.disabled = disabled;
    const title = o.restartable ? "New game (Space / F2)" : "";
    if (this.faceBtn.title !== title) this.faceBtn.title = title;
    const label =
      m.mode === "race"
        ? m.phase === "won" ? "Cleared" : m.phase === "lost" ? "Out" : "Racing"
        : m.phase === "won" ? "Won. New game" : m.phase === "lost" ? "Lost. New game" : "New game";
    if (this.faceBtn.getAttribute("aria-label") !== label) this.faceBtn.setAttribute("aria-label", label);
    setText(this.makingEl, m.preparing);
    if (this.makingEl.hidden !== !m.preparing) this.makingEl.hidden = !m.preparing;
    const hidden = o.noSeats || m.mode === "race" || (m.mode !== "coop" && m.maxSeats <= 1);
    if (this.seatsBox.hidden !== hidden) this.seatsBox.hidden = hidden;
  }

  setTime(ms: number): void {
    const text = formatTime(ms);
    if (this.timerEl.textContent !== text) this.timerEl.textContent = text;
  }
}

function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}
