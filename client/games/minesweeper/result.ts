// The result of a finished board: time, 3BV, 3BV/s, clicks, efficiency, and
// what to do next (replay link, new game, submit). Plain DOM, shared by room
// games, offline solo and the replay page.
import { h } from "../../ui/dom";
import { formatTime } from "./hud";

/** Stats as common/minesweeper/stats.ts computes them (and the server sends them). */
export interface StatsLike {
  threeBV: number;
  threeBVSolved: number;
  threeBVPerSecond: number | null;
  clicks: number;
  leftClicks?: number;
  rightClicks?: number;
  chords?: number;
  efficiency: number | null;
  timeMs: number;
  phase?: string;
}

export function formatRate(v: number | null | undefined): string {
  return typeof v === "number" && Number.isFinite(v) ? v.toFixed(2) : "—";
}

export function formatEfficiency(v: number | null | undefined): string {
  return typeof v === "number" && Number.isFinite(v) ? `${Math.round(v * 100)} %` : "—";
}

/** A definition list of the figures. */
export function statsList(stats: StatsLike, opts: { time?: boolean } = {}): HTMLElement {
  const rows: [string, string | Node, string?][] = [];
  if (opts.time !== false) rows.push(["Time", formatTime(stats.timeMs) + (stats.timeMs < 60_000 ? " s" : ""), "time"]);
  rows.push(
    ["3BV", stats.threeBVSolved === stats.threeBV ? String(stats.threeBV) : `${stats.threeBVSolved} / ${stats.threeBV}`, "3bv"],
    ["3BV/s", formatRate(stats.threeBVPerSecond), "3bvs"],
    ["Clicks", clicksText(stats), "clicks"],
    ["Efficiency", formatEfficiency(stats.efficiency), "efficiency"],
  );
  return h(
    "dl",
    { class: "ms-stats" },
    ...rows.map(([k, v, id]) => h("div", { "data-stat": id ?? k }, h("dt", {}, k), h("dd", {}, v))),
  );
}

function clicksText(s: StatsLike): string | Node {
  if (s.leftClicks === undefined) return String(s.clicks);
  const parts = [`${s.leftClicks} L`, `${s.rightClicks ?? 0} R`];
  if (s.chords) parts.push(`${s.chords} chord${s.chords === 1 ? "" : "s"}`);
  const el = document.createElement("span");
  el.append(String(s.clicks), " ");
  const detail = document.createElement("small");
  detail.textContent = parts.join(" · ");
  el.append(detail);
  return el;
}

export interface CardAction {
  label: string;
  run?: () => void;
  href?: string;
  primary?: boolean;
  id?: string;
}

export function actionButton(a: CardAction): HTMLElement {
  if (a.href) return h("a", { class: `button-link${a.primary ? " primary" : ""}`, href: a.href, id: a.id }, a.label);
  const b = h("button", { type: "button", class: a.primary ? "primary" : "secondary", id: a.id }, a.label);
  if (a.run) b.addEventListener("click", a.run);
  return b;
}

/** The result card: heading, figures, a note line, actions; closable. */
export function resultCard(opts: {
  title: string;
  won: boolean;
  stats?: StatsLike | null;
  note?: string | Node;
  actions?: CardAction[];
  onClose?: () => void;
  id?: string;
}): HTMLElement {
  const close = opts.onClose ? h("button", { type: "button", class: "ms-result-close small", "aria-label": "Close the result" }, "×") : null;
  if (close && opts.onClose) close.addEventListener("click", opts.onClose);
  return h(
    "section",
    { class: `ms-result ${opts.won ? "ms-result-won" : "ms-result-lost"}`, id: opts.id ?? "ms-result", "aria-labelledby": "ms-result-h", role: "region" },
    h("div", { class: "ms-result-head" }, h("h2", { id: "ms-result-h" }, opts.title), close),
    opts.stats ? statsList(opts.stats) : null,
    opts.note ? h("p", { class: "ms-result-note" }, opts.note) : null,
    opts.actions?.length ? h("div", { class: "ms-result-actions" }, ...opts.actions.map(actionButton)) : null,
  );
}

/** `#/replay/ID` for a stored game. */
export function replayHref(id: number): string {
  return `#/replay/${id}`;
}
