// Lobby panel: Minesweeper leaderboards (GET /api/leaderboard/minesweeper?level=&window=),
// best 10 per level for Today / Week / Month / All time, with the stats of each
// game and a link to its replay. Two accessible tab lists (level, period) drive
// one tab panel: arrow keys / Home / End move and select, roving tabindex.
import { RANK_RULES } from "../../../common/minesweeper/plausible";
import { LEVELS, type StandardLevel } from "../../../common/minesweeper/types";
import { cachedJson } from "../../net/cachedGet";
import { levelName } from "./levels";
import { h } from "../../ui/dom";
import "./leaderboard.css";

export const WINDOWS = [
  { id: "today", label: "Today" },
  { id: "week", label: "Week" },
  { id: "month", label: "Month" },
  { id: "all", label: "All time" },
] as const;

export type WindowId = (typeof WINDOWS)[number]["id"];

export interface LeaderboardEntry {
  rank: number;
  name: string;
  timeMs: number;
  threeBV: number | null;
  threeBVPerSecond: number | null;
  efficiency: number | null;
  clicks: number | null;
  finishedAt: number;
  replayId: number | null;
}

export interface Leaderboard {
  level: string;
  window: string;
  now: number;
  since: number;
  entries: LeaderboardEntry[];
}

export async function fetchLeaderboard(level: string, window: string, noGuess = false): Promise<Leaderboard> {
  const body = await cachedJson<any>(`/api/leaderboard/minesweeper?level=${encodeURIComponent(level)}&window=${encodeURIComponent(window)}${noGuess ? "&noGuess=1" : ""}`);
  return { level, window, now: Number(body?.now) || Date.now(), since: Number(body?.since) || 0, entries: Array.isArray(body?.entries) ? body.entries : [] };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 100_000 ? 2 : 1)} s`;
}

function ago(at: number, now: number): string {
  const d = Math.max(0, now - at);
  if (d < 60_000) return "just now";
  if (d < 3_600_000) return `${Math.floor(d / 60_000)} min ago`;
  if (d < 86_400_000) return `${Math.floor(d / 3_600_000)} h ago`;
  const days = Math.floor(d / 86_400_000);
  return days < 45 ? `${days} d ago` : new Date(at).toLocaleDateString();
}

const num2 = (v: number | null | undefined) => (typeof v === "number" && Number.isFinite(v) ? v.toFixed(2) : "—");
const pct = (v: number | null | undefined) => (typeof v === "number" && Number.isFinite(v) ? `${Math.round(v * 100)} %` : "—");

/** One tab list with roving tabindex and automatic activation. */
function tablist(
  idPrefix: string,
  label: string,
  items: readonly { id: string; label: string }[],
  selected: string,
  panelId: string,
  onSelect: (id: string) => void,
): { el: HTMLElement; select(id: string): void; selectedTabId(): string } {
  const el = h("div", { role: "tablist", "aria-label": label, class: "tabs", id: `${idPrefix}-tabs` });
  let current = selected;
  const tabs = items.map((item) => {
    const tab = h(
      "button",
      {
        type: "button",
        role: "tab",
        id: `${idPrefix}-tab-${item.id}`,
        "aria-controls": panelId,
        "aria-selected": String(item.id === current),
        tabindex: item.id === current ? 0 : -1,
        "data-tab": item.id,
      },
      item.label,
    );
    tab.addEventListener("click", () => choose(item.id, false));
    el.append(tab);
    return tab;
  });
  const choose = (id: string, focus: boolean) => {
    current = id;
    tabs.forEach((t, i) => {
      const on = items[i].id === id;
      t.setAttribute("aria-selected", String(on));
      t.tabIndex = on ? 0 : -1;
      if (on && focus) t.focus();
    });
    onSelect(id);
  };
  el.addEventListener("keydown", (e) => {
    const k = items.findIndex((i) => i.id === current);
    let next = -1;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") next = (k + 1) % items.length;
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") next = (k - 1 + items.length) % items.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = items.length - 1;
    if (next < 0) return;
    e.preventDefault();
    choose(items[next].id, true);
  });
  return {
    el,
    select: (id) => choose(id, false),
    selectedTabId: () => `${idPrefix}-tab-${current}`,
  };
}

export class LeaderboardPanel {
  readonly el: HTMLElement;
  private level: StandardLevel = "beginner";
  private window: WindowId = "all";
  /** The no-guess boards' own leaderboard. */
  private noGuess = false;
  private panel: HTMLElement;
  private note: HTMLElement;
  private body: HTMLElement;
  private levels: ReturnType<typeof tablist>;
  private windows: ReturnType<typeof tablist>;
  private boards: ReturnType<typeof tablist>;
  private abort: AbortController | null = null;

  constructor() {
    const panelId = "leaderboard-panel";
    this.levels = tablist(
      "lb-level",
      "Level",
      Object.keys(LEVELS).map((id) => ({ id, label: levelName(id) })),
      this.level,
      panelId,
      (id) => {
        this.level = id as StandardLevel;
        void this.load();
      },
    );
    this.windows = tablist("lb-window", "Period", WINDOWS, this.window, panelId, (id) => {
      this.window = id as WindowId;
      void this.load();
    });
    this.boards = tablist("lb-boards", "Boards", [{ id: "ordinary", label: "Ordinary" }, { id: "noguess", label: "No guess" }], "ordinary", panelId, (id) => {
      this.noGuess = id === "noguess";
      void this.load();
    });
    this.note = h("p", { class: "lb-note", role: "status", "aria-live": "polite" }, "Loading…");
    this.body = h("tbody");
    this.panel = h(
      "div",
      { role: "tabpanel", id: panelId, class: "lb-panel", tabindex: 0 },
      this.note,
      h(
        "div",
        { class: "table-wrap" },
        h(
          "table",
          { id: "leaderboard-table", class: "lb-table" },
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              ...["#", "Name", "Time", "3BV", "3BV/s", "Eff.", "Clicks", "When", ""].map((t) => h("th", { scope: "col" }, t)),
            ),
          ),
          this.body,
        ),
      ),
    );
    const refresh = h("button", { type: "button", class: "small", id: "lb-refresh" }, "Refresh");
    refresh.addEventListener("click", () => void this.load());
    this.el = h(
      "section",
      { class: "card leaderboard", id: "leaderboard", "aria-labelledby": "lb-h" },
      h("div", { class: "rooms-head" }, h("h2", { id: "lb-h" }, "Leaderboard · Minesweeper"), refresh),
      h("div", { class: "lb-tabs" }, this.levels.el, this.boards.el, this.windows.el),
      this.panel,
      h("p", { class: "card-note" }, "Best 10 solo wins timed by the server on each standard level; no-guess boards rank apart. Co-op, race, custom and offline games do not rank."),
      rankRules(),
    );
  }

  show(): void {
    void this.load();
  }

  async load(): Promise<void> {
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    this.panel.setAttribute("aria-labelledby", `${this.levels.selectedTabId()} ${this.boards.selectedTabId()} ${this.windows.selectedTabId()}`);
    this.panel.setAttribute("aria-busy", "true");
    this.panel.dataset.level = this.level;
    this.panel.dataset.window = this.window;
    this.panel.dataset.boards = this.noGuess ? "noguess" : "ordinary";
    delete this.panel.dataset.loaded;
    if (this.body.childElementCount === 0) this.note.textContent = "Loading…";
    try {
      const board = await fetchLeaderboard(this.level, this.window, this.noGuess);
      if (abort.signal.aborted) return;
      this.render(board);
    } catch (e) {
      if (abort.signal.aborted) return;
      this.body.replaceChildren();
      this.note.textContent = `Could not load the leaderboard (${e instanceof Error ? e.message : String(e)}).`;
    } finally {
      if (!abort.signal.aborted) {
        this.panel.removeAttribute("aria-busy");
        this.panel.dataset.loaded = `${this.level}/${this.window}${this.noGuess ? "/noguess" : ""}`;
      }
    }
  }

  private render(board: Leaderboard): void {
    const name = `${levelName(this.level)}${this.noGuess ? ", no guess" : ""}`;
    const period = WINDOWS.find((w) => w.id === this.window)!.label.toLowerCase();
    this.note.textContent = board.entries.length
      ? `${name}, ${period}: best ${board.entries.length}.`
      : `No times on ${name} ${this.window === "all" ? "yet" : `for ${period}`}: win a solo game to be the first.`;
    this.body.replaceChildren(
      ...board.entries.map((e) =>
        h(
          "tr",
          { "data-rank": e.rank },
          h("td", {}, String(e.rank)),
          h("th", { scope: "row", class: "lb-name" }, e.name || "Player"),
          h("td", { class: "lb-time" }, seconds(e.timeMs)),
          h("td", {}, e.threeBV === null || e.threeBV === undefined ? "—" : String(e.threeBV)),
          h("td", {}, num2(e.threeBVPerSecond)),
          h("td", {}, pct(e.efficiency)),
          h("td", {}, e.clicks === null || e.clicks === undefined ? "—" : String(e.clicks)),
          h("td", { title: new Date(e.finishedAt).toLocaleString() }, ago(e.finishedAt, board.now)),
          h(
            "td",
            {},
            typeof e.replayId === "number" && e.replayId > 0
              ? h("a", { href: `#/replay/${e.replayId}`, class: "lb-replay", "aria-label": `Watch ${e.name}'s ${seconds(e.timeMs)} replay` }, "Replay")
              : null,
          ),
        ),
      ),
    );
  }
}

/**
 * "How are games ranked?": the plausibility rules in plain words, behind a disclosure, from
 * the same figures the server applies (common/minesweeper/plausible.ts).
 */
export function rankRules(): HTMLElement {
  const rows = (Object.keys(RANK_RULES) as StandardLevel[]).map((id) => {
    const r = RANK_RULES[id];
    return h("tr", {}, h("th", { scope: "row" }, levelName(id)), h("td", {}, `${r.minTimeMs / 1000} s`), h("td", {}, `${r.maxThreeBVPerSecond} 3BV/s`), h("td", {}, String(r.minThreeBV)));
  });
  return h(
    "details",
    { class: "lb-rules", id: "lb-rules" },
    h("summary", { id: "lb-rules-summary" }, "How are games ranked?"),
    h(
      "div",
      { class: "lb-rules-body", id: "lb-rule" },
      h("p", {}, "Every solo win on a standard level is timed by the server. Only games a person could have played rank; the others are kept as unranked records:"),
      h(
        "ul",
        {},
        h("li", {}, "a board one or two clicks clear (too easy to count);"),
        h("li", {}, "a time under the best human times for the level;"),
        h("li", {}, "a solving speed above the best players'. Speed is counted in 3BV per second: 3BV is the fewest clicks that clear a board."),
      ),
      h(
        "div",
        { class: "table-wrap" },
        h(
          "table",
          { class: "lb-rules-table" },
          h("thead", {}, h("tr", {}, ...["Level", "Shortest time", "Fastest", "Least 3BV"].map((t) => h("th", { scope: "col" }, t)))),
          h("tbody", {}, ...rows),
        ),
      ),
      h("p", {}, "One address may start 30 ranked boards at once, then one every 6 s; past that, boards are recorded unranked."),
    ),
  );
}
