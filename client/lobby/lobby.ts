// The lobby: plain, accessible HTML. Game list, name, quick play, private
// rooms, join by code and the live public rooms (with Join / Spectate).
import { fetchRooms, normaliseCode, type PublicRoom } from "../net/client";
import { errorText, type RoomSession } from "../net/session";
import { loadName, saveName } from "../net/storage";
import { h } from "../ui/dom";
import { CLIENT_GAMES, clientGame, gameName } from "../games/registry";
import { LeaderboardPanel } from "./leaderboard";
import type { LobbyContext } from "./panel";
import { field } from "./ui";
import { RejoinBanner } from "./rejoin";
import { codeProblem } from "../net/joinErrors";

export interface LobbyActions {
  /** A session was opened from the lobby (quick play, create): show its room. */
  entered(session: RoomSession): void;
  navigate(hash: string): void;
}

const REFRESH_MS = 4000;

const MODE_LABELS: Record<string, string> = { coop: "Co-op", solo: "Solo", race: "Race", online: "Online" };

export class Lobby {
  readonly el: HTMLElement;
  private status: HTMLElement;
  private roomsBody: HTMLElement;
  private roomsNote: HTMLElement;
  private refreshTimer: ReturnType<typeof setInterval> | null = null;
  private abort: AbortController | null = null;
  private busy = false;

  constructor(private actions: LobbyActions) {
    this.status = h("p", { class: "lobby-status", role: "status", "aria-live": "polite" });
    this.roomsBody = h("tbody");
    this.roomsNote = h("p", { class: "rooms-note", "aria-live": "polite" }, "Loading rooms…");
    this.el = h(
      "main",
      { class: "lobby", id: "lobby" },
      h("header", { class: "lobby-head" }, h("h1", {}, "Game Hub"), this.nameField()),
      this.status,
      this.rejoin.el,
      h(
        "div",
        { class: "lobby-grid" },
        this.gameList(),
        h("div", { class: "lobby-forms" }, ...this.gamePanels(), this.joinByCode()),
      ),
      this.liveRooms(),
      this.leaderboard.el,
    );
  }

  private leaderboard = new LeaderboardPanel();
  private rejoin = new RejoinBanner((hash) => this.actions.navigate(hash));

  show(): void {
    this.el.hidden = false;
    // the name may have been given elsewhere meanwhile (an invite link's name prompt)
    const name = this.el.querySelector<HTMLInputElement>("input[name=name]");
    if (name && document.activeElement !== name) name.value = loadName();
    this.leaderboard.show();
    void this.rejoin.refresh();
    void this.refresh();
    if (!this.refreshTimer) this.refreshTimer = setInterval(() => void this.refresh(), REFRESH_MS);
  }

  hide(): void {
    this.el.hidden = true;
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    this.refreshTimer = null;
    this.abort?.abort();
    this.rejoin.stop();
  }

  setStatus(text: string, error = false): void {
    this.status.textContent = text;
    this.status.classList.toggle("error", error);
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
    input.addEventListener("input", () => saveName(input.value));
    input.addEventListener("change", () => {
      saveName(input.value);
      input.value = loadName();
    });
    return h("div", { class: "name-field" }, field("Your name", input));
  }

  /** Every game's own panels (quick play, private room, solo...), from the client registry. */
  private gamePanels(): HTMLElement[] {
    const ctx: LobbyContext = { enter: (what, open) => this.enter(what, open), navigate: (hash) => this.actions.navigate(hash) };
    return CLIENT_GAMES.flatMap((g) => g.lobby?.(ctx) ?? []);
  }

  private gameList(): HTMLElement {
    return h(
      "section",
      { class: "card games", "aria-labelledby": "games-h" },
      h("h2", { id: "games-h" }, "Games"),
      h(
        "ul",
        { class: "game-list" },
        ...CLIENT_GAMES.map((g) =>
          h(
            "li",
            { class: `game${g.scene ? "" : " soon"}`, "data-game": g.id },
            h("span", { class: "game-name" }, g.title),
            h("span", { class: "game-blurb" }, g.blurb),
            h("span", { class: "badge" }, g.scene ? "Play below" : "Coming soon"),
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
      h(
        "div",
        { class: "table-wrap" },
        h(
          "table",
          { id: "rooms-table" },
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              ...["Game", "Mode", "Level", "Players", "Watching", "Phase", ""].map((t) => h("th", { scope: "col" }, t)),
            ),
          ),
          this.roomsBody,
        ),
      ),
    );
  }

  // ---- behaviour ------------------------------------------------------------------

  private async enter(what: string, open: () => Promise<RoomSession>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.setStatus(what);
    this.el.setAttribute("aria-busy", "true");
    try {
      const session = await open();
      this.setStatus("");
      this.actions.entered(session);
    } catch (e) {
      this.setStatus(`Could not join: ${errorText(e)}`, true);
    } finally {
      this.busy = false;
      this.el.removeAttribute("aria-busy");
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
      this.roomsNote.textContent = `Could not load rooms (${errorText(e)}).`;
    }
  }

  private renderRooms(rooms: PublicRoom[]): void {
    const note = rooms.length === 0 ? "No public rooms right now. Start one with Quick play." : `${rooms.length} live room${rooms.length === 1 ? "" : "s"}.`;
    if (this.roomsNote.textContent !== note) this.roomsNote.textContent = note;
    const rows = rooms.map((r) => {
      const full = r.players >= r.maxPlayers;
      const join = h("button", { type: "button", class: "small", disabled: full, "data-action": "join", "aria-label": `Join ${gameName(r.game)} room ${r.roomId}` }, "Join");
      join.addEventListener("click", () => this.actions.navigate(`#/join/${r.roomId}`));
      const watch = h("button", { type: "button", class: "small secondary", "data-action": "spectate", "aria-label": `Spectate ${gameName(r.game)} room ${r.roomId}` }, "Spectate");
      watch.addEventListener("click", () => this.actions.navigate(`#/spectate/${r.roomId}`));
      return h(
        "tr",
        { "data-room": r.roomId },
        h("td", {}, gameName(r.game)),
        h("td", {}, MODE_LABELS[r.mode] ?? r.mode),
        h("td", {}, clientGame(r.game)?.describe?.(r) ?? ""),
        h("td", {}, `${r.players}/${r.maxPlayers}`),
        h("td", {}, String(r.spectators ?? 0)),
        h("td", {}, r.phase ?? ""),
        h("td", { class: "actions" }, join, watch),
      );
    });
    this.roomsBody.replaceChildren(...rows);
  }
}
