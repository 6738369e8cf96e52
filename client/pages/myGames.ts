// "My games" (#/me): every finished game of this browser's profile, newest first, with its
// result, the others at the table, the date, the length and its replay; a filter by game;
// more on demand (GET /api/profile/games, docs/protocol.md "My games").
import { api, ensureProfile, myName, onProfileTrouble, profileTrouble, waitingText } from "../net/profile";
import { h } from "../ui/dom";
import { deltaText, ratingText } from "../../common/rated";
import { PageFrame, type PageHandle } from "./page";
import { gameTitle, outcomeText, whenText, lengthText, type GameRow } from "./gameRows";
import { profileTools } from "./profileTools";
import { CLIENT_GAMES } from "../games/registry";

const GAMES: [string, string][] = [["", "All games"], ...CLIENT_GAMES.map((g): [string, string] => [g.id, g.title])];

export interface HistoryRow extends GameRow {
  seat: number;
  place: number;
  forfeited: boolean;
  profiles: (string | null)[];
  rating: { before: number; after: number; sigma: number } | null;
}

/** One game of the list: what happened, with whom, when, how long, and its replay. */
function row(g: HistoryRow): HTMLElement {
  const others = g.seats.filter((_, i) => i !== g.seat && g.seats[i]);
  const rated = g.rating
    ? h("span", { class: `mg-delta ${g.rating.after >= g.rating.before ? "up" : "down"}` }, `${deltaText(Math.round(g.rating.after) - Math.round(g.rating.before))} → ${ratingText(g.rating.after, g.rating.sigma)}`)
    : null;
  return h(
    "li",
    { class: "mg-game", "data-id": g.id, "data-game": g.game },
    h(
      "div",
      { class: "mg-main" },
      h("strong", { class: "mg-title" }, gameTitle(g)),
      h("span", { class: `mg-outcome ${g.place === 1 ? "won" : ""}` }, outcomeText(g)),
      rated,
    ),
    h(
      "div",
      { class: "mg-meta" },
      h("span", {}, others.length ? `with ${others.join(", ")}` : "alone"),
      h("span", {}, whenText(g.endedAt)),
      h("span", {}, lengthText(g)),
      g.public ? null : h("span", { class: "mg-private", title: "A private room: only its players can watch the replay" }, "private"),
    ),
    h("a", { class: "button-link mg-replay", href: `#/replay/${g.id}`, "aria-label": `Watch the replay of ${gameTitle(g)}, ${whenText(g.endedAt)}` }, "Replay"),
  );
}

export async function mountMyGames(host: HTMLElement, toLobby: () => void): Promise<PageHandle> {
  const frame = new PageFrame("My games", toLobby, { id: "my-games" });
  host.append(frame.el);
  // A profile is made the first time this browser needs one; a short wait is said while it lasts.
  const making = h("p", { class: "mg-note", role: "status", id: "mg-making" }, "Opening your profile…");
  frame.body.append(h("div", { class: "mg-page" }, making));
  const off = onProfileTrouble((t) => {
    if (t?.retryInSeconds) making.textContent = waitingText(t);
  });
  const me = await ensureProfile();
  off();
  making.parentElement?.remove();
  const list = h("ul", { class: "mg-list", id: "mg-list" });
  const note = h("p", { class: "mg-note", role: "status" });
  const more = h("button", { type: "button", class: "secondary", id: "mg-more", hidden: true }, "Show older games");
  const filter = h("select", { id: "mg-filter", "aria-label": "Show the games of" }, ...GAMES.map(([id, title]) => h("option", { value: id }, title)));
  let next: number | null = null;
  let loaded: HistoryRow[] = [];
  let gen = 0;

  async function load(reset: boolean): Promise<void> {
    const mine = ++gen;
    if (reset) {
      next = null;
      loaded = [];
      list.replaceChildren();
      note.textContent = "Loading your games…";
    }
    const q = new URLSearchParams({ limit: "20" });
    if (filter.value) q.set("game", filter.value);
    if (next !== null) q.set("before", String(next));
    try {
      const r = (await api(`/api/profile/games?${q}`)) as { games: HistoryRow[]; next: number | null };
      if (mine !== gen) return;
      loaded.push(...r.games);
      next = r.next;
      list.append(...r.games.map(row));
      more.hidden = next === null;
      note.textContent = loaded.length
        ? ""
        : filter.value
          ? `No finished ${filter.selectedOptions[0]?.textContent} games yet.`
          : "No finished games yet. Play one from the lobby: every game you finish shows up here, with its replay.";
    } catch (e) {
      if (mine !== gen) return;
      note.textContent = `Could not load your games: ${(e as Error).message}`;
    }
  }
  filter.addEventListener("change", () => void load(true));
  more.addEventListener("click", () => void load(false));

  const show = async (me: Awaited<ReturnType<typeof ensureProfile>>): Promise<void> => {
    if (!me) {
      // what was refused and why, in the hub's words, and what the player can do (never "reload")
      const t = profileTrouble();
      const why = t?.message ?? "The hub could not make a profile for this browser just now.";
      const again = h("button", { type: "button", class: "primary", id: "mg-profile-again" }, "Try again");
      const notice = h(
        "div",
        { class: "notice page-notice", role: "alert" },
        h("h2", {}, "No profile on this browser yet"),
        h("p", {}, why),
        h("p", {}, "A profile keeps your finished games here, with their replays, and lets you play rated games."),
        // past the day's bound, trying again today cannot help
        t?.code === "too-many-profiles" ? null : h("div", { class: "notice-actions" }, again),
      );
      again.addEventListener("click", async () => {
        again.disabled = true;
        const next = await ensureProfile();
        notice.remove();
        await show(next);
      });
      frame.body.append(notice);
      return;
    }
    frame.setSubtitle(myName());
    frame.body.append(
      h(
        "div",
        { class: "mg-page" },
        profileTools(me, { here: "games" }),
        h("div", { class: "mg-head" }, h("label", { class: "mg-filter" }, "Show ", filter)),
        note,
        list,
        more,
      ),
    );
    await load(true);
  };
  await show(me);
  return {
    el: frame.el,
    snapshot: () => ({ page: "my-games", ready: true, ids: loaded.map((g) => g.id) }),
    renderNow() {},
    resume() {},
    destroy: () => frame.el.remove(),
  };
}
