// The lobby, game first: what the hub is in one line, a tile per game with its blurb (from
// the client registry), join by code and the live public rooms as cards. A tile opens its
// game's page (#/games/ID): its modes and forms, its live rooms, its leaderboard; the plain
// lobby (#/) shows no game's forms, so a phone sees the pitch, every game and join by code
// on its first screen. Plain, accessible HTML; no game is named here.
import { fetchRooms, normaliseCode, type PublicRoom } from "../net/client";
import { errorText, type RoomSession } from "../net/session";
import { cannotSaveNow } from "../net/joinErrors";
import { toast } from "../ui/toast";
import { isOffline, OFFLINE, retryText, stillUnavailableText, StillUnavailable, untilAvailable, UNAVAILABLE } from "../net/retry";
import { loadName, saveName } from "../net/storage";
import { h } from "../ui/dom";
import { CLIENT_GAMES, type ClientGame } from "../games/registry";
import type { LobbyContext } from "./panel";
import { field } from "./ui";
import { RejoinBanner } from "./rejoin";
import { codeProblem } from "../net/joinErrors";
import { roomCard } from "./roomCards";
import { ratedPanel } from "./rated";
import { recentGames } from "./recentGames";
import { tournamentList } from "../tournament/list";
import { createTournamentCard } from "../tournament/create";
import { dailyCard } from "./daily";
import { poolsOf } from "../../common/rated";
import { chooseName, loadProfile, onProfile } from "../net/profile";
import "./lobby.css";

export interface LobbyActions {
  /** A session was opened from the lobby (quick play, create): show its room. */
  entered(session: RoomSession): void;
  navigate(hash: string): void;
}

const REFRESH_MS = 4000;

export class Lobby {
  readonly el: HTMLElement;
  private status: HTMLElement;
  private roomsBody: HTMLElement;
  private pages = new Map<string, HTMLElement>();
  /** Each game's leaderboard (loaded when its page shows). */
  private boards = new Map<string, { el: HTMLElement; show(): void }[]>();
  private tiles: HTMLElement;
  /** Running and upcoming tournaments (every game's, on the plain lobby), beside the card that makes a private one. */
  private tournaments = tournamentList();
  private newTournament = createTournamentCard((hash) => this.actions.navigate(hash));
  private tournamentRow = h("div", { class: "lobby-grid tn-row" }, this.tournaments.el, this.newTournament.el);
  /** Today's daily challenges (the plain lobby). */
  private daily = dailyCard();
  private game: string | null = null;
  private lastRooms: PublicRoom[] = [];
  private roomsNote: HTMLElement;
  private refreshTimer: ReturnType<typeof setInterval> | null = null;
  private abort: AbortController | null = null;
  private busy = false;
  /** Counts joins: a join whose ticket is not the latest was cancelled (the lobby was left). */
  private entering = 0;

  constructor(private actions: LobbyActions) {
    this.status = h("p", { class: "lobby-status", role: "status", "aria-live": "polite" });
    this.roomsBody = h("ul", { class: "room-cards", id: "rooms-list" });
    this.roomsNote = h("p", { class: "rooms-note", "aria-live": "polite" }, "Loading rooms…");
    this.el = h(
      "main",
      { class: "lobby", id: "lobby" },
      h(
        "header",
        { class: "lobby-head" },
        h("div", { class: "lobby-title" }, h("h1", {}, "Game Hub"), h("p", { class: "lobby-pitch", id: "lobby-pitch" }, pitch())),
        this.nameField(),
        this.profileLinks(),
      ),
      this.status,
      this.rejoin.el,
      (this.tiles = this.gameList()),
      h("div", { class: "lobby-grid" }, this.joinByCode(), this.liveRooms()),
      this.tournamentRow,
      this.daily.el,
      ...this.gamePages(),
    );
  }

  private rejoin = new RejoinBanner((hash) => this.actions.navigate(hash));

  /** Does the lobby have a page for `game`? */
  hasPage(game: string): boolean {
    return this.pages.has(game);
  }

  /** Shows the lobby: every game (no id) or one game's page alone. */
  show(game?: string): void {
    const wanted = game && this.pages.has(game) ? game : null;
    const moved = wanted !== this.game;
    this.game = wanted;
    this.el.dataset.view = wanted ? "game" : "all";
    this.tiles.hidden = !!wanted;
    this.tournamentRow.hidden = !!wanted;
    this.daily.el.hidden = !!wanted;
    if (!wanted) {
      this.tournaments.refresh();
      this.newTournament.refresh();
      this.daily.refresh();
    }
    for (const [id, page] of this.pages) page.hidden = id !== wanted;
    this.renderRooms(this.lastRooms);
    this.el.hidden = false;
    if (moved) {
      window.scrollTo(0, 0);
      const heading = wanted ? this.pages.get(wanted)?.querySelector<HTMLElement>("h2") : null;
      heading?.focus({ preventScroll: true });
    }
    // the name may have been given elsewhere meanwhile (an invite link's name prompt)
    const name = this.el.querySelector<HTMLInputElement>("input[name=name]");
    if (name && document.activeElement !== name) name.value = loadName();
    if (wanted) for (const b of this.boards.get(wanted) ?? []) b.show();
    void this.rejoin.refresh();
    void this.refresh();
    if (!this.refreshTimer) this.refreshTimer = setInterval(() => void this.refresh(), REFRESH_MS);
  }

  hide(): void {
    this.el.hidden = true;
    // A join still trying again by itself stops: the player went elsewhere.
    if (this.busy) {
      this.entering++;
      this.busy = false;
      this.el.removeAttribute("aria-busy");
      this.setStatus("");
    }
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    this.refreshTimer = null;
    this.abort?.abort();
    this.rejoin.stop();
  }

  setStatus(text: string, error = false, retrying = false): void {
    this.status.textContent = text;
    this.status.classList.toggle("error", error);
    this.status.classList.toggle("retrying", retrying);
    // The status line sits at the top of the lobby; a refusal of a button far down the page
    // (a phone scrolled to its game) is also shown where the player is looking.
    if (error && text) toast(text, "error", 6000);
  }

  // ---- sections -------------------------------------------------------------------

  private nameField(): HTMLElement {
    const input = h("input", {
      type: "text",
      name: "name",
      maxlength: 16,
      autocomplete: "nickname",
      placeholder: "Player",
      spellcheck: "false",
    });
    input.value = loadName();
    // the one name: this browser's seats and its profile (My games, device links) go by it
    input.addEventListener("input", () => chooseName(input.value));
    input.addEventListener("change", () => {
      saveName(input.value);
      input.value = loadName();
    });
    return h("div", { class: "name-field" }, field("Your name", input));
  }

  /** My games and the profile page, from every lobby view. */
  private profileLinks(): HTMLElement {
    const profile = h("a", { class: "button-link secondary", id: "profile-link", href: "#/me" }, "Profile");
    const show = () => {
      const p = loadProfile();
      profile.setAttribute("href", p ? `#/profile/${p.id}` : "#/me");
    };
    show();
    onProfile(show);
    return h("nav", { class: "lobby-me", "aria-label": "You" }, h("a", { class: "button-link", id: "my-games-link", href: "#/me" }, "My games"), profile);
  }

  /** Each game's page: its art and name, its panels (quick play, private room, solo...), its leaderboard. */
  private gamePages(): HTMLElement[] {
    const ctx: LobbyContext = { enter: (what, open) => this.enter(what, open), navigate: (hash) => this.actions.navigate(hash) };
    return CLIENT_GAMES.filter((g) => g.scene).map((g) => {
      const board = g.leaderboard?.();
      // its panels that fetch (leaderboard, rated quick play, recent games) refresh when its page shows
      const boards: { el: HTMLElement; show(): void }[] = board ? [board] : [];
      const rated = ratedPanel(g.id, ctx) as (HTMLElement & { refresh?: () => void }) | null;
      if (rated?.refresh) boards.push({ el: rated, show: rated.refresh });
      const recent = recentGames(g.id);
      boards.push({ el: recent.el, show: recent.refresh });
      // a rated game's own tournaments (its pools'), beside its rated play
      const tournaments = poolsOf(g.id).length ? tournamentList(g.id) : null;
      if (tournaments) boards.push({ el: tournaments.el, show: tournaments.refresh });
      this.boards.set(g.id, boards);
      const back = h("a", { class: "game-page-back", href: "#/" }, "← All games");
      const page = h(
        "section",
        { class: "game-page", id: `game-${g.id}`, "data-game": g.id, "aria-labelledby": `game-${g.id}-h` },
        h(
          "header",
          { class: "game-page-head" },
          back,
          h("div", { class: "game-page-title" }, art(g), h("div", {}, h("h2", { id: `game-${g.id}-h`, tabindex: -1 }, g.title), h("p", { class: "game-blurb" }, g.blurb))),
        ),
        h("div", { class: "lobby-forms" }, ...(g.lobby?.(ctx) ?? []), rated, tournaments?.el ?? null),
        board?.el ?? null,
        recent.el,
      );
      this.pages.set(g.id, page);
      return page;
    });
  }

  private gameList(): HTMLElement {
    return h(
      "nav",
      { class: "games", "aria-labelledby": "games-h" },
      h("h2", { id: "games-h", class: "sr-only" }, "Games"),
      h(
        "ul",
        { class: "game-list" },
        ...CLIENT_GAMES.map((g) =>
          h(
            "li",
            { class: `game${g.scene ? "" : " soon"}`, "data-game": g.id },
            h(
              g.scene ? "a" : "div",
              { class: "game-tile", ...(g.scene ? { href: `#/games/${g.id}` } : { "aria-disabled": "true" }) },
              art(g),
              h("span", { class: "game-name" }, g.title),
              h("span", { class: "game-blurb" }, g.blurb),
              h("span", { class: "badge" }, g.scene ? "Play" : "Coming soon"),
            ),
          ),
        ),
      ),
    );
  }

  private joinByCode(): HTMLElement {
    const input = h("input", {
      type: "text",
      name: "code",
      id: "join-code",
      maxlength: 5,
      autocomplete: "off",
      autocapitalize: "characters",
      spellcheck: "false",
      placeholder: "ABCDE",
      "aria-describedby": "join-code-why",
    });
    const why = h("p", { class: "field-error", id: "join-code-why", role: "alert" });
    const form = h(
      "form",
      { class: "card", id: "join-by-code", "aria-labelledby": "join-h", novalidate: true },
      h("h2", { id: "join-h" }, "Join by code"),
      field("Room code", input, "5 letters, from your friend's invite"),
      why,
      h("button", { type: "submit", class: "primary", id: "join-code-btn" }, "Join"),
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const code = normaliseCode(input.value);
      if (!code) {
        why.textContent = codeProblem(input.value) ?? "A room code is 5 letters (like ABCDE).";
        input.setAttribute("aria-invalid", "true");
        input.focus();
        return;
      }
      why.textContent = "";
      input.removeAttribute("aria-invalid");
      this.actions.navigate(`#/join/${code}`);
    });
    return form;
  }

  private liveRooms(): HTMLElement {
    const refresh = h("button", { type: "button", class: "small", id: "rooms-refresh" }, "Refresh");
    refresh.addEventListener("click", () => void this.refresh());
    return h(
      "section",
      { class: "card rooms", "aria-labelledby": "rooms-h" },
      h("div", { class: "rooms-head" }, h("h2", { id: "rooms-h" }, "Live rooms"), refresh),
      this.roomsNote,
      this.roomsBody,
    );
  }

  // ---- behaviour ------------------------------------------------------------------

  private async enter(what: string, open: () => Promise<RoomSession>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    const ticket = ++this.entering;
    const cancelled = () => ticket !== this.entering;
    this.setStatus(what);
    this.el.setAttribute("aria-busy", "true");
    try {
      // An unavailable hub (a stalled Redis, a restart) is tried again by itself, and said so.
      const session = await untilAvailable(open, (n) => this.setStatus(retryText(n), false, true), { cancelled });
      if (cancelled()) {
        void session.leave(); // the player went elsewhere meanwhile
        return;
      }
      this.setStatus("");
      this.actions.entered(session);
    } catch (e) {
      if (cancelled()) return;
      // A full disk is said in the server's own words (what happened, try again later).
      this.setStatus(e instanceof StillUnavailable ? stillUnavailableText() : (cannotSaveNow(e) ?? `Could not join: ${errorText(e)}`), true);
    } finally {
      if (!cancelled()) {
        this.busy = false;
        this.el.removeAttribute("aria-busy");
      }
    }
  }

  async refresh(): Promise<void> {
    if (document.hidden && this.roomsBody.childElementCount > 0) return; // no polling in a background tab
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    try {
      const rooms = await fetchRooms(undefined, abort.signal);
      if (abort.signal.aborted) return;
      this.renderRooms(rooms);
    } catch (e) {
      if (abort.signal.aborted) return;
      this.roomsNote.textContent = isOffline()
        ? `${OFFLINE} The live rooms show again once you are back online.`
        : errorText(e) === UNAVAILABLE
          ? `${UNAVAILABLE} The list refreshes by itself.`
          : `Could not load the live rooms: the hub did not answer (${errorText(e)}). The list refreshes by itself.`;
    }
  }

  private renderRooms(all: PublicRoom[]): void {
    this.lastRooms = all;
    const rooms = this.game ? all.filter((r) => r.game === this.game) : all;
    const note = rooms.length === 0 ? "No public rooms right now. Start one with Quick play." : `${rooms.length} live room${rooms.length === 1 ? "" : "s"}.`;
    if (this.roomsNote.textContent !== note) this.roomsNote.textContent = note;
    this.roomsBody.replaceChildren(...rooms.map((r) => roomCard(r, (hash) => this.actions.navigate(hash))));
  }
}

const COUNT_WORDS = ["No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"];

/** What the hub is, in one line (the number of games from the registry). */
function pitch(): string {
  const n = CLIENT_GAMES.filter((g) => g.scene).length;
  return `${COUNT_WORDS[n] ?? n} games to play in your browser, with friends by a room code, against bots or alone. No sign-up.`;
}

function art(g: ClientGame): HTMLElement {
  const el = h("span", { class: "game-art" });
  el.innerHTML = g.art; // our own constant markup (each game's tile.ts), never user text
  return el;
}
