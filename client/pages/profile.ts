// A profile's page (#/profile/ID): its ratings per pool with a drawn chart of each rating
// over time, its games and wins per game, its bests in games that keep them (GET /api/profiles/:id). On
// one's own page, the profile's controls too (profileTools.ts).
import { GAMES } from "../../common/games";
import { RATED_POOLS, ratedPool, ratingText } from "../../common/rated";
import type { LevelBest } from "../../server/store/HomeStore";
import { gameName, modeWord } from "../games/registry";
import { api, loadProfile } from "../net/profile";
import { h } from "../ui/dom";
import { PageFrame, type PageHandle } from "./page";
import { profileTools } from "./profileTools";
import { otherProfileSafety, ownProfileSafety } from "./profileSafety";
import { profileDaily } from "./profileDaily";

interface Figures {
  games: { game: string; mode: string; games: number; wins: number }[];
  bests: LevelBest[];
  ratings: { pool: string; mu: number; sigma: number; games: number; wins: number }[];
  history: { pool: string; gameId: number; mu: number; sigma: number; at: number }[];
}

/** "Connect Four, Cubestacc, Minesweeper race, Auto Pets": the rated games, from their pools. */
const RATED_GAMES = [...new Set(RATED_POOLS.map((p) => p.title.split(" · ")[0]))].join(", ");

/** One table per game that keeps bests (GameDef.bests): a row per level, its wins, fastest and best stat, each linked to its replay. */
function bestsTables(bests: LevelBest[]): HTMLElement[] {
  return GAMES.filter((d) => d.bests && bests.some((b) => b.game === (d.room ?? d.id))).map((d) => {
    const game = d.room ?? d.id;
    const spec = d.bests!;
    const rows = spec.levels.flatMap(([level, name]) => {
      const b = bests.find((x) => x.game === game && x.level === level);
      if (!b) return [];
      const link = (id: number | null, text: string | null) => (text !== null && id ? h("a", { href: `#/replay/${id}` }, text) : "—");
      return [h("tr", {}, h("td", {}, name), h("td", {}, String(b.wins)), h("td", {}, link(b.bestTimeId, b.bestTimeMs === null ? null : seconds(b.bestTimeMs))), h("td", {}, link(b.bestStatId, b.bestStat === null ? null : b.bestStat.toFixed(2))))];
    });
    return h(
      "table",
      { class: "pr-table", id: `profile-${game}` },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, d.title), h("th", { scope: "col" }, "Won"), h("th", { scope: "col" }, "Best time"), h("th", { scope: "col" }, spec.statName))),
      h("tbody", {}, ...rows),
    );
  });
}
const COLOURS = ["#ffb000", "#5ab0ff", "#7bd88f", "#ff7a90", "#c39bff", "#4fd6c8"];
const SVG = "http://www.w3.org/2000/svg";

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, ...kids: (SVGElement | string)[]): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const kid of kids) el.append(kid);
  return el;
}

/** The rating of every pool after each rated game, one line per pool, over the games in order. */
export function ratingChart(history: Figures["history"], pools: string[]): SVGSVGElement {
  const W = 640;
  const H = 240;
  const pad = { l: 48, r: 12, t: 12, b: 28 };
  const values = history.map((p) => p.mu);
  const lo = Math.floor((Math.min(1500, ...values) - 40) / 50) * 50;
  const hi = Math.ceil((Math.max(1500, ...values) + 40) / 50) * 50;
  const n = Math.max(1, history.length);
  const x = (i: number) => pad.l + ((W - pad.l - pad.r) * (i + 1)) / n;
  const y = (mu: number) => pad.t + ((H - pad.t - pad.b) * (hi - mu)) / (hi - lo);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-chart", id: "rating-chart", role: "img", "aria-label": `Rating over ${history.length} rated games` });
  const step = Math.max(50, Math.ceil((hi - lo) / 5 / 50) * 50);
  for (let v = lo; v <= hi; v += step) {
    chart.append(svg("line", { x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v), class: "grid" }), svg("text", { x: pad.l - 6, y: y(v) + 4, "text-anchor": "end", class: "axis" }, String(v)));
  }
  chart.append(svg("text", { x: (W + pad.l) / 2, y: H - 6, "text-anchor": "middle", class: "axis" }, `rated games (${history.length})`));
  chart.append(svg("line", { x1: pad.l, x2: pad.l, y1: pad.t, y2: H - pad.b, class: "axis-line" }));
  pools.forEach((pool, k) => {
    const colour = COLOURS[k % COLOURS.length];
    // each line starts at 1500, before the pool's first game
    const pts: [number, number][] = [];
    history.forEach((p, i) => {
      if (p.pool !== pool) return;
      if (pts.length === 0) pts.push([x(i - 1), y(1500)]);
      pts.push([x(i), y(p.mu)]);
    });
    if (pts.length === 0) return;
    chart.append(svg("polyline", { points: pts.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" "), fill: "none", stroke: colour, "stroke-width": 3, "stroke-linejoin": "round", class: "rating-line", "data-pool": pool }));
    for (const [a, b] of pts.slice(1)) chart.append(svg("circle", { cx: a.toFixed(1), cy: b.toFixed(1), r: 3.5, fill: colour }));
  });
  return chart;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export async function mountProfile(host: HTMLElement, id: string, toLobby: () => void): Promise<PageHandle> {
  const frame = new PageFrame("Profile", toLobby, { id: "profile-page" });
  host.append(frame.el);
  let figures: Figures | null = null;
  let daily: { streak: number | null; seasonPoints: number | null } | null = null;
  try {
    const r = (await api(`/api/profiles/${encodeURIComponent(id)}`)) as { profile: { id: string; name: string; createdAt: number }; figures: Figures };
    figures = r.figures;
    const mine = loadProfile();
    const own = mine?.id === r.profile.id;
    frame.setSubtitle(`${r.profile.name} · playing since ${new Date(r.profile.createdAt).toLocaleDateString(undefined, { day: "numeric", month: "long", year: "numeric" })}`);
    const pools = figures.ratings.map((x) => x.pool);
    const ratingCards = figures.ratings.map((x, k) =>
      h(
        "li",
        { class: "pr-rating", "data-pool": x.pool },
        h("span", { class: "pr-swatch", style: `background:${COLOURS[k % COLOURS.length]}` }),
        h("span", { class: "pr-pool" }, ratedPool(x.pool)?.title ?? x.pool),
        h("strong", { class: "pr-value" }, ratingText(x.mu, x.sigma)),
        h("span", { class: "pr-sub" }, `${x.games} rated game${x.games === 1 ? "" : "s"}, ${x.wins} won`),
      ),
    );
    const games = figures.games.length
      ? h(
          "table",
          { class: "pr-table", id: "profile-games" },
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Game"), h("th", { scope: "col" }, "Games"), h("th", { scope: "col" }, "Won"))),
          h("tbody", {}, ...figures.games.map((g) => h("tr", {}, h("td", {}, `${gameName(g.game)} ${modeWord(g.game, g.mode)}`), h("td", {}, String(g.games)), h("td", {}, String(g.wins))))),
        )
      : h("p", { class: "pr-empty" }, "No finished games yet.");
    const bests = bestsTables(figures.bests ?? []);
    frame.body.append(
      h(
        "div",
        { class: "pr-page" },
        own && mine ? profileTools(mine, { here: "profile" }) : null,
        own && mine ? ownProfileSafety() : mine ? otherProfileSafety(r.profile.id, r.profile.name) : null,
        h(
          "section",
          { class: "card pr-ratings", "aria-labelledby": "pr-ratings-h" },
          h("h2", { id: "pr-ratings-h" }, "Ratings"),
          figures.ratings.length
            ? h("div", {}, h("ul", { class: "pr-rating-list" }, ...ratingCards), ratingChart(figures.history, pools))
            : h("p", { class: "pr-empty" }, own ? `No rated games yet. Rated quick play (${RATED_GAMES}) pairs you with players of your strength.` : "No rated games yet."),
        ),
        h("section", { class: "card", "aria-labelledby": "pr-games-h" }, h("h2", { id: "pr-games-h" }, "Games"), games, ...bests),
      ),
    );
    // Daily challenges and the season, below the ratings (their own requests: the page is up meanwhile).
    const pageBody = frame.body.querySelector(".pr-page")!;
    const ratingsCard = pageBody.querySelector(".pr-ratings")!;
    void profileDaily(r.profile.id, own).then((d) => {
      ratingsCard.before(d.el);
      daily = { streak: d.streak, seasonPoints: d.seasonPoints };
    });
  } catch (e) {
    frame.body.append(h("div", { class: "notice page-notice", role: "alert" }, h("h2", {}, "Profile not available"), h("p", {}, (e as Error).message)));
  }
  return {
    el: frame.el,
    snapshot: () => ({ page: "profile", ready: figures !== null, ratings: figures?.ratings ?? [], points: figures?.history.length ?? 0, daily }),
    renderNow() {},
    resume() {},
    destroy: () => frame.el.remove(),
  };
}
