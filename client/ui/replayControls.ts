// The transport of every replay page (Minesweeper, Auto Pets, the card table): ⇤ start, ◀ one
// step back, ▶ Play / ❚❚ Pause, ▶ one step forward, the speeds, a scrubber and the position.
// Keys anywhere on the page but in a form control: Space or K plays / pauses, ← and → step.
// The speeds are one radio group (← → move the choice). The page keeps its own clock (frames
// or a timer) and its drawing; this module owns the buttons, the playing flag and the speed.
// A replay's address may carry a moment (`#/replay/ID?at=N`): the page opens there, and
// "Link to this moment" copies the address of the position on screen. The game's big moments
// are marks under the scrubber, each a button that jumps there.
// Look: client/pages/pages.css (.replay-controls).

import { h } from "./dom";
import { toast } from "./toast";

/** A moment worth a mark on the scrubber (a big reveal, a K stack taken, a round's battle). */
export interface ReplayMark {
  at: number;
  label: string;
}

/** The moment a replay's address asks for (`?at=N`), or null. */
export function momentOf(hash: string = location.hash): number | null {
  const q = hash.split("?")[1];
  const at = q ? new URLSearchParams(q).get("at") : null;
  return at !== null && /^\d{1,7}$/.test(at) ? Number(at) : null;
}

/** The address of this replay at move `at`. */
export function momentLink(at: number, hash: string = location.hash): string {
  const base = hash.split("?")[0] || "#/";
  return `${location.origin}${location.pathname}${base}?at=${at}`;
}

export interface ReplayControlsOptions {
  /** Speeds offered (×) and the one at the start (default 1). */
  speeds: readonly number[];
  speed?: number;
  /** The scrubber's last position (moves or events). */
  total: number;
  /** What one step is, in the buttons' and scrubber's labels. */
  unit: "move" | "event";
  /** Label of ⇤ (default "Back to the start"). */
  startLabel?: string;
  /** The position shown now (0…total). */
  position(): number;
  /** Shows position k (already clamped to 0…total). */
  seek(k: number): void;
  /** One step forward by hand (default: seek one further); Auto Pets plays the battles it reaches. */
  forward?(): void;
  /** False while no step forward is possible besides the end (a record that stops replaying). */
  canStep?(): boolean;
  /** Playback started or stopped: the page runs or stops its own clock. */
  onPlaying(on: boolean): void;
  onSpeed?(speed: number): void;
  /** The position text (#replay-pos) and the scrubber's spoken value (default the same text). */
  posText(): string;
  valueText?(): string;
  /** Buttons after ▶ in the first row (Auto Pets' next round), controls after the speeds (a race's board). */
  extra?: HTMLElement[];
  after?: (HTMLElement | null)[];
  /** Under the scrubber (the card table's current line). */
  below?: HTMLElement[];
  /** An extra class on the group (its place in the page's grid). */
  className?: string;
  /** Said to screen readers when playback reaches the end. */
  announce?(text: string): void;
  /** The game's big moments, marked under the scrubber. */
  marks?: readonly ReplayMark[];
}

export interface ReplayControls {
  readonly el: HTMLElement;
  readonly playing: boolean;
  readonly speed: number;
  setPlaying(on: boolean): void;
  /** Playback reached the end: paused, and said so. */
  finish(): void;
  /** The scrubber, the position text and which buttons work, from the page's position now. */
  update(): void;
  destroy(): void;
}

/** Keys typed into these belong to them (a focused button's Space presses it). */
const FORM_TAGS = new Set(["INPUT", "SELECT", "BUTTON", "TEXTAREA"]);

export function replayControls(o: ReplayControlsOptions): ReplayControls {
  let playing = false;
  let speed = o.speed ?? 1;
  const unit = o.unit;
  const Unit = unit[0].toUpperCase() + unit.slice(1);
  const playBtn = h("button", { type: "button", class: "primary replay-play", id: "replay-play", "aria-label": "Play" }, "▶ Play");
  const startBtn = h("button", { type: "button", class: "small", id: "replay-start", "aria-label": o.startLabel ?? "Back to the start" }, "⇤");
  const backBtn = h("button", { type: "button", class: "small", id: "replay-back", "aria-label": `One ${unit} back` }, "◀");
  const fwdBtn = h("button", { type: "button", class: "small", id: "replay-fwd", "aria-label": `One ${unit} forward` }, "▶");
  const speedGroup = h("div", { class: "replay-speeds", role: "radiogroup", "aria-label": "Playback speed" });
  const speedBtns = o.speeds.map((s) => {
    const b = h("button", { type: "button", class: "small", role: "radio", "aria-checked": String(s === speed), "data-speed": s }, `${s}×`);
    b.addEventListener("click", () => setSpeed(s));
    b.addEventListener("keydown", (e) => {
      const k = o.speeds.indexOf(speed);
      if (e.key === "ArrowRight" || e.key === "ArrowUp") setSpeed(o.speeds[Math.min(o.speeds.length - 1, k + 1)], true);
      else if (e.key === "ArrowLeft" || e.key === "ArrowDown") setSpeed(o.speeds[Math.max(0, k - 1)], true);
      else return;
      e.preventDefault();
    });
    speedGroup.append(b);
    return b;
  });
  const scrub = h("input", { type: "range", min: 0, max: Math.max(0, o.total), step: 1, value: 0, id: "replay-scrub", class: "replay-scrub", "aria-label": `Position (${unit}s)` });
  const posEl = h("output", { class: "replay-pos", id: "replay-pos", "aria-live": "off" }, "");
  const shareBtn = h("button", { type: "button", class: "small secondary", id: "replay-share", "aria-label": "Copy a link to this moment of the replay" }, "🔗 Link to this moment");
  shareBtn.addEventListener("click", () => {
    const link = momentLink(o.position());
    history.replaceState(null, "", link);
    void navigator.clipboard?.writeText(link).then(
      () => toast("Link to this moment copied: whoever opens it sees the game from here."),
      () => toast(`Link to this moment: ${link}`),
    );
  });
  const marks = (o.marks ?? []).filter((m) => m.at >= 0 && m.at <= o.total);
  const marksEl = marks.length
    ? h(
        "div",
        { class: "replay-marks", id: "replay-marks", role: "group", "aria-label": "Big moments" },
        ...marks.map((m) => {
          const b = h("button", { type: "button", class: "replay-mark", "data-at": m.at, title: m.label, "aria-label": `${m.label} (${unit} ${m.at})` });
          b.style.left = `${o.total > 0 ? (100 * m.at) / o.total : 0}%`;
          b.addEventListener("click", () => pausedSeek(m.at));
          return b;
        }),
      )
    : null;
  const el = h(
    "div",
    { class: `replay-controls${o.className ? ` ${o.className}` : ""}`, id: "replay-controls", role: "group", "aria-label": "Replay controls" },
    h("div", { class: "replay-row" }, startBtn, backBtn, playBtn, fwdBtn, ...(o.extra ?? []), speedGroup, ...(o.after ?? []), shareBtn),
    h("div", { class: "replay-row replay-row-scrub" }, h("div", { class: "replay-scrub-wrap" }, scrub, marksEl), posEl),
    ...(o.below ?? []),
  );

  const clamp = (k: number) => Math.max(0, Math.min(o.total, Math.round(k)));
  const canStep = () => o.position() < o.total && (o.canStep?.() ?? true);

  function showSpeed(focus: boolean): void {
    speedBtns.forEach((b, i) => {
      const on = o.speeds[i] === speed;
      b.setAttribute("aria-checked", String(on));
      b.tabIndex = on ? 0 : -1;
      if (on && focus) b.focus();
    });
  }
  function setSpeed(s: number, focus = false): void {
    speed = s;
    showSpeed(focus);
    o.onSpeed?.(s);
  }
  showSpeed(false);

  function setPlaying(on: boolean): void {
    if (on && o.position() >= o.total) o.seek(0);
    playing = on;
    playBtn.textContent = on ? "❚❚ Pause" : "▶ Play";
    playBtn.setAttribute("aria-label", on ? "Pause" : "Play");
    o.onPlaying(on);
    update();
  }

  function update(): void {
    const at = o.position();
    scrub.value = String(at);
    const text = o.posText();
    if (posEl.textContent !== text) posEl.textContent = text;
    scrub.setAttribute("aria-valuetext", o.valueText?.() ?? text);
    startBtn.disabled = backBtn.disabled = at <= 0;
    fwdBtn.disabled = !canStep();
  }

  const pausedSeek = (k: number) => {
    if (playing) setPlaying(false);
    o.seek(clamp(k));
    update();
  };
  const back = () => pausedSeek(o.position() - 1);
  const forward = () => {
    if (playing) setPlaying(false);
    if (!canStep()) return update();
    if (o.forward) o.forward();
    else o.seek(clamp(o.position() + 1));
    update();
  };

  playBtn.addEventListener("click", () => setPlaying(!playing));
  startBtn.addEventListener("click", () => pausedSeek(0));
  backBtn.addEventListener("click", back);
  fwdBtn.addEventListener("click", forward);
  scrub.addEventListener("input", () => pausedSeek(Number(scrub.value)));

  const onKey = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target as HTMLElement | null;
    if (FORM_TAGS.has(target?.tagName ?? "") || target?.isContentEditable) return;
    if (e.key === " " || e.key === "k" || e.key === "K") setPlaying(!playing);
    else if (e.key === "ArrowRight") forward();
    else if (e.key === "ArrowLeft") back();
    else return;
    e.preventDefault();
  };
  document.addEventListener("keydown", onKey);
  // A shared moment: the page has drawn its first frame by the next one; go there then.
  const asked = momentOf();
  if (asked !== null) requestAnimationFrame(() => pausedSeek(asked));

  return {
    el,
    get playing() {
      return playing;
    },
    get speed() {
      return speed;
    },
    setPlaying,
    finish() {
      setPlaying(false);
      o.announce?.("End of the replay.");
    },
    update,
    destroy() {
      document.removeEventListener("keydown", onKey);
      if (playing) {
        playing = false;
        o.onPlaying(false);
      }
    },
  };
}
