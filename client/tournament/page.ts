// A tournament's page (#/tournament/ID): what it is (game, kind, window or rounds, a live
// countdown), the standings as a real table (the player's own row marked; on a phone the
// secondary columns fold away), the player's state in words, Join and Leave. Entered players
// get the standings live from the tournament's room (entry.ts); anyone else watches that room
// too (follow.ts: the standings only, live), and reads GET /api/tournaments/:id every few
// seconds while it cannot. The featured game (the top-ranked one being played) has Watch,
// shown with the spectator delay. A finished one shows its final standings and its games'
// replays. No game is named here: names come from the rated pools.
import { loadProfile } from "../net/profile";
import { PageFrame, type PageHandle } from "../pages/page";
import { confirmLeave } from "../ui/confirm";
import { h } from "../ui/dom";
import { fetchTournament, type FeaturedGame, type PlayedGame, type TournamentDetail } from "./api";
import { Follower } from "./follow";
import { entry, type EntryView } from "./entry";
import { privateBox } from "./share";
import { formatText, gameOf, isArena, joinOpen, kindText, leaveWarning, pointsText, whenText, type StandingRow } from "./words";
import "./tournament.css";

/** How often a follower's standings are asked again. */
const POLL_MS = 5000;

/** The player's state in words. */
function stateText(v: EntryView, t: TournamentDetail, now: number, finished: boolean): string {
  if (v.tournament !== t.id || v.status === "out") {
    if (v.tournament === t.id && v.note) return v.note;
    if (finished) return "This tournament is over: its final standings are below.";
    return joinOpen(t, now) ? "You are not in this tournament. Press Join to play in it." : "Joining is closed; you can follow the standings.";
  }
  if (v.status === "joining") return "Joining the tournament…";
  if (v.status === "reconnecting") return "The connection dropped: coming back to the tournament…";
  if (finished || v.finished) return "The tournament is over: the final standings and its games are below.";
  if (v.playing) return now - v.playingSince < 5000 ? "Your game is ready — joining." : "Your game is on: its result shows here once it ends.";
  if (typeof t.settings.startsAt === "number" && now < t.settings.startsAt) return "You are in. Your first game is paired when the tournament starts.";
  if (isArena(t) && typeof t.settings.endsAt === "number" && now >= t.settings.endsAt) return "Time is up: no new games are paired. The last games are being played.";
  return isArena(t) ? "Waiting for an opponent… you are paired as soon as someone is free." : "Waiting for the next round…";
}

function standingsTable(t: TournamentDetail, rows: StandingRow[], me: string | null): HTMLElement {
  const arena = isArena(t);
  const head = h(
    "tr",
    {},
    h("th", { scope: "col", class: "tn-rank" }, h("span", { "aria-hidden": "true" }, "#"), h("span", { class: "sr-only" }, "Rank")),
    h("th", { scope: "col" }, "Player"),
    h("th", { scope: "col", class: "tn-num" }, "Points"),
    arena ? h("th", { scope: "col", class: "tn-num tn-wide" }, "Games") : h("th", { scope: "col", class: "tn-num tn-wide", title: "Buchholz: the sum of the opponents' points" }, "Buchholz"),
    arena ? null : h("th", { scope: "col", class: "tn-num tn-wide", title: "Sonneborn-Berger: beaten opponents' points plus half the drawn ones'" }, "S-B"),
    h("th", { scope: "col", class: "tn-num tn-wide" }, "Wins"),
  );
  const body = rows.map((r) => {
    const mine = r.id === me;
    const name = r.name ?? "Player";
    const notes = [mine ? "you" : "", r.onStreak ? "on a streak" : "", r.withdrawn ? "left" : ""].filter(Boolean);
    return h(
      "tr",
      { class: `${mine ? "tn-me" : ""}${r.withdrawn ? " tn-left" : ""}`.trim() || null, "data-id": r.id, ...(mine ? { "aria-current": "true" } : {}) },
      h("td", { class: "tn-rank" }, String(r.rank)),
      h(
        "th",
        { scope: "row", class: "tn-name" },
        h("a", { href: `#/profile/${encodeURIComponent(r.id)}` }, name),
        // a space before each tag: read "Pia, you", never "Piayou"
        ...notes.flatMap((n) => [" ", h("span", { class: `tn-tag tn-tag-${n.replace(/\s.*/, "")}` }, n)]),
      ),
      h("td", { class: "tn-num tn-points" }, pointsText(r.score)),
      arena ? h("td", { class: "tn-num tn-wide" }, String(r.games ?? 0)) : h("td", { class: "tn-num tn-wide" }, pointsText(r.buchholz ?? 0)),
      arena ? null : h("td", { class: "tn-num tn-wide" }, pointsText(r.sonnebornBerger ?? 0)),
      h("td", { class: "tn-num tn-wide" }, String(r.wins)),
    );
  });
  const table = h(
    "table",
    { class: "tn-table", id: "tn-standings" },
    h("caption", {}, `Standings — ${rows.length} player${rows.length === 1 ? "" : "s"}`),
    h("thead", {}, head),
    h("tbody", {}, ...body),
  );
  // a region the keyboard can reach and scroll (a long table on a phone)
  return h("div", { class: "tn-table-wrap", tabindex: 0, role: "region", "aria-label": "Standings" }, table);
}

/** Seconds a tournament game's spectators see it late (the server's TOURNAMENT_SPECTATOR_DELAY). */
const WATCH_DELAY_SECONDS = 15;

/** The featured game with Watch (its spectators see it late), or nothing. */
function featuredBox(f: FeaturedGame | null | undefined, me: string | null): HTMLElement | null {
  if (!f) return null;
  const names = f.players.map((p) => p.name ?? "Player").join(" vs ");
  const mine = !!me && f.players.some((p) => p.id === me);
  return h(
    "section",
    { class: "card tn-featured", id: "tn-featured", "aria-labelledby": "tn-featured-h" },
    h("h2", { id: "tn-featured-h" }, "Featured game"),
    h("p", { class: "tn-featured-who" }, mine ? `${names} — your game: the top-ranked one being played.` : `${names}: the top-ranked game being played.`),
    mine ? null : h("a", { class: "button-link small", id: "tn-watch", href: `#/spectate/${encodeURIComponent(f.roomId)}`, "aria-label": `Watch ${names}` }, "Watch"),
    h("p", { class: "tn-note" }, `Shown ${WATCH_DELAY_SECONDS} seconds late, so watching cannot help a player.`),
  );
}

/** A finished tournament's games, each with its replay when the hub stored it. */
function gamesList(played: PlayedGame[]): HTMLElement | null {
  if (!played.length) return null;
  const said = (g: PlayedGame) => {
    const winner = g.players.find((p) => g.results?.[p.id] === "win");
    if (!g.results) return "not finished";
    return winner ? `${winner.name} won` : "a draw";
  };
  return h(
    "section",
    { class: "card tn-games", "aria-labelledby": "tn-games-h" },
    h("h2", { id: "tn-games-h" }, "Games"),
    h(
      "ul",
      { class: "tn-game-list", id: "tn-games" },
      ...played.map((g) =>
        h(
          "li",
          { class: "tn-game" },
          h("span", {}, `${g.round ? `Round ${g.round} · ` : `Game ${g.no} · `}${g.players.map((p) => p.name).join(" vs ")} — ${said(g)}`),
          g.gameId ? h("a", { class: "button-link small", href: `#/replay/${g.gameId}`, "aria-label": `Watch the replay: ${g.players.map((p) => p.name).join(" vs ")}` }, "Replay") : null,
        ),
      ),
    ),
  );
}

export async function mountTournament(host: HTMLElement, id: string, toLobby: () => void): Promise<PageHandle> {
  const frame = new PageFrame("Tournament", toLobby, { id: "tournament-page" });
  host.append(frame.el);
  const loading = h("p", { class: "tn-note", role: "status" }, "Loading the tournament…");
  const page = h("div", { class: "tn-page" }, loading);
  frame.body.append(page);
  let t: TournamentDetail;
  try {
    t = await fetchTournament(id);
  } catch (e) {
    loading.textContent = (e as Error).message;
    loading.setAttribute("role", "alert");
    return { el: frame.el, snapshot: () => ({ page: "tournament", ready: false, error: loading.textContent }), renderNow() {}, resume() {}, destroy: () => frame.el.remove() };
  }
  frame.el.setAttribute("aria-label", t.title);
  frame.el.querySelector("h1")!.textContent = t.title;
  frame.setSubtitle(`${gameOf(t.pool)} · ${kindText(t)}`);

  const when = h("p", { class: "tn-when", id: "tn-when" });
  const state = h("p", { class: "tn-state", id: "tn-state", role: "status", "aria-live": "polite" });
  const join = h("button", { type: "button", class: "primary", id: "tn-join" }, "Join");
  const leave = h("button", { type: "button", class: "secondary", id: "tn-leave" }, "Leave");
  // the game handed out, while it is on (a player who looked elsewhere meanwhile)
  const toGame = h("a", { class: "button-link tn-to-game", id: "tn-to-game", href: "#/", hidden: true }, "Back to your game");
  const standings = h("div", { class: "tn-standings" });
  const featuredHost = h("div", {});
  const games = h("div", {});
  const about = h(
    "p",
    { class: "tn-about" },
    isArena(t)
      ? "Play as many games as you can before time runs out: a win is 2 points, a draw 1. Two wins in a row put you on a streak, and on it every game counts double. Where the game has a turn clock, you may go berserk before your first move: half your turn time, one point more for a win. Join or leave at any time."
      : `${t.settings.rounds ?? "Several"} rounds, everyone paired each round with someone on the same score: a win is 1 point, a draw ½. Entries close when round 1 is paired.`,
  );
  page.replaceChildren(
    h(
      "section",
      { class: "card tn-head", "aria-labelledby": "tn-h" },
      h("h2", { id: "tn-h" }, `${gameOf(t.pool)} · ${kindText(t)} · ${formatText(t)}`),
      when,
      about,
      state,
      h("div", { class: "notice-actions" }, join, toGame, leave),
    ),
    privateBox(t, loadProfile()?.id ?? null, () => location.reload()) ?? "",
    featuredHost,
    standings,
    games,
  );

  let rows: StandingRow[] = t.standings;
  let finished = t.finished;
  let featured: FeaturedGame | null = t.featured ?? null;
  let shownRows = "";
  let shownFeatured = "";
  let view: EntryView = entry.current;
  let lastState = "";
  const me = () => loadProfile()?.id ?? null;

  function draw(): void {
    const now = Date.now();
    const done = finished || (view.tournament === id && view.finished);
    const w = whenText(t, now, done);
    if (when.textContent !== w) when.textContent = w;
    const s = stateText(view, t, now, done);
    if (s !== lastState) state.textContent = lastState = s;
    const entered = entry.isIn(id);
    join.hidden = entered || done || !joinOpen(t, now);
    join.disabled = view.tournament === id && view.status === "joining";
    leave.hidden = !entered || done;
    const game = view.tournament === id && view.status === "in" ? view.playing : null;
    toGame.hidden = !game;
    if (game && toGame.getAttribute("href") !== `#/room/${game.roomId}`) toGame.setAttribute("href", `#/room/${game.roomId}`);
    const f = done ? null : entry.isIn(id) && view.rows ? (view.featured ?? null) : featured;
    const fKey = JSON.stringify([f, me()]);
    if (fKey !== shownFeatured) {
      shownFeatured = fKey;
      featuredHost.replaceChildren(featuredBox(f, me()) ?? "");
    }
    const key = JSON.stringify([rows, me()]);
    if (key !== shownRows) {
      shownRows = key;
      standings.replaceChildren(
        rows.length
          ? standingsTable(t, rows, me())
          : h("p", { class: "tn-note card", id: "tn-empty" }, done ? "Nobody played in this tournament." : "Nobody has joined yet. Be the first: press Join."),
      );
    }
  }

  // not entered: the standings live from the room as a watcher, while it can (else the polling below)
  const follower = new Follower(id, (live) => {
    if (entry.isIn(id)) return;
    rows = live.rows;
    featured = live.featured;
    if (live.finished && !finished) {
      finished = true;
      void poll(); // the final standings and the games' replays
    }
    draw();
  });
  const off = entry.watch((v) => {
    view = v;
    if (entry.isIn(id)) follower.stop();
    if (v.tournament === id && v.rows) {
      rows = v.rows;
      if (v.finished && !finished) {
        finished = true;
        void poll(); // the final standings and the games' replays
      }
    }
    draw();
  });

  join.addEventListener("click", () => void entry.join(id, t));
  leave.addEventListener("click", () => {
    void confirmLeave(leaveWarning(t), { title: "Leave this tournament?", stay: "Stay in the tournament" }).then((ok) => {
      if (ok && entry.isIn(id)) void entry.leave();
    });
  });

  let abort: AbortController | null = null;
  async function poll(): Promise<void> {
    // entered, or watching: the room sends the standings live; asked here otherwise, or once it is over
    if (entry.isIn(id) && entry.current.rows && !finished) return;
    if (follower.live && !finished && !entry.isIn(id)) return;
    abort?.abort();
    const a = (abort = new AbortController());
    try {
      const fresh = await fetchTournament(id, a.signal);
      if (a.signal.aborted) return;
      t = fresh;
      finished ||= fresh.finished; // once over, over (the room said so first)
      if (!(entry.isIn(id) && entry.current.rows) || finished) {
        rows = fresh.standings;
        featured = fresh.featured ?? null;
      }
      // not entered: try to follow live (there may be a room to watch now)
      if (!finished && !entry.isIn(id)) void follower.start();
      if (finished) games.replaceChildren(gamesList(fresh.played ?? []) ?? "");
      draw();
    } catch {
      // the next poll asks again; the standings shown stay
    }
  }
  if (finished) games.replaceChildren(gamesList(t.played ?? []) ?? "");
  const clock = setInterval(draw, 1000);
  const polling = setInterval(() => {
    if (!finished && !document.hidden) void poll();
  }, POLL_MS);
  if (!finished && !entry.isIn(id)) void follower.start();
  draw();
  document.title = `${t.title} · Game Hub`;

  return {
    el: frame.el,
    snapshot: () => ({
      page: "tournament",
      ready: true,
      tournament: id,
      status: entry.current.tournament === id ? entry.current.status : "out",
      state: state.textContent,
      finished,
      live: entry.isIn(id) || follower.live,
      featured: featured?.roomId ?? null,
      rows: rows.map((r) => ({ id: r.id, name: r.name, score: r.score, games: r.games, wins: r.wins, withdrawn: r.withdrawn })),
    }),
    renderNow() {},
    resume() {},
    destroy: () => {
      off();
      follower.stop();
      clearInterval(clock);
      clearInterval(polling);
      abort?.abort();
      frame.el.remove();
    },
  };
}
