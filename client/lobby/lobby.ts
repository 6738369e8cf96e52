// The lobby: plain, accessible HTML. Game list, name, quick play, private
// rooms, join by code and the live public rooms (with Join / Spectate).
import { LEVELS, MAX_COLS, MAX_ROWS } from "../../common/minesweeper/types";
import { fetchRooms, normaliseCode, type PublicRoom } from "../net/client";
import { errorText, openSession, type RoomSession } from "../net/session";
import { loadName, saveName } from "../net/storage";
import { h } from "../ui/dom";
import { GAMES, gameName } from "./games";
import { cubestaccLobby } from "./cubestacc";
import { offlineCard } from "./offline-card";
import { LeaderboardPanel } from "./leaderboard";
import { levelName, levelOption } from "../games/minesweeper/levels";
import { RejoinBanner } from "./rejoin";
import { codeProblem } from "../net/joinErrors";

export interface LobbyActions {
  /** A session was opened from the lobby (quick play, create): show its room. */
  entered(session: RoomSession): void;
  navigate(hash: string): void;
}

const REFRESH_MS = 4000;

const LEVEL_OPTIONS = [
  ...Object.keys(LEVELS).map((id) => ({ id, label: levelOption(id) })),
];

function levelLabel(id: string | undefined): string {
  return levelName(id);
}

let uid = 0;
function field(label: string, control: HTMLElement, hint?: string): HTMLElement {
  const id = control.id || `f${++uid}`;
  control.id = id;
  return h("div", { class: "field" }, h("label", { for: id }, label), control, hint ? h("small", {}, hint) : null);
}

function radios(name: string, legend: string, options: { value: string; label: string }[], value: string): HTMLFieldSetElement {
  return h(
    "fieldset",
    { class: "radios" },
    h("legend", {}, legend),
    ...options.map((o) =>
      h(
        "label",
        {},
        h("input", { type: "radio", name, value: o.value, checked: o.value === value }),
        " ",
        o.label,
      ),
    ),
  );
}

function levelSelect(withCustom: boolean): HTMLSelectElement {
  const select = h("select", { name: "level" });
  for (const o of LEVEL_OPTIONS) select.append(h("option", { value: o.id }, o.label));
  if (withCustom) select.append(h("option", { value: "custom" }, "Custom…"));
  return select;
}

function readRadio(form: HTMLFormElement, name: string): string {
  return (form.querySelector(`input[name="${name}"]:checked`) as HTMLInputElement | null)?.value ?? "";
}

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
        h("div", { class: "lobby-forms" }, this.quickPlay(), this.privateRoom(), this.joinByCode(), offlineCard((hash) => this.actions.navigate(hash)), cubestaccLobby((what, open) => this.enter(what, open))),
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

  private gameList(): HTMLElement {
    return h(
      "section",
      { class: "card games", "aria-labelledby": "games-h" },
      h("h2", { id: "games-h" }, "Games"),
      h(
        "ul",
        { class: "game-list" },
        ...GAMES.map((g) =>
          h(
            "li",
            { class: `game${g.playable ? "" : " soon"}`, "data-game": g.id },
            h("span", { class: "game-name" }, g.name),
            h("span", { class: "game-blurb" }, g.blurb),
            h("span", { class: "badge" }, g.playable ? "Play below" : "Coming soon"),
          ),
        ),
      ),
    );
  }

  private quickPlay(): HTMLElement {
    const level = levelSelect(false);
    level.id = "quick-level";
    const form = h(
      "form",
      { class: "card", id: "quick-play", "aria-labelledby": "quick-h" },
      h("h2", { id: "quick-h" }, "Quick play · Minesweeper"),
      radios("quick-mode", "Mode", [
        { value: "solo", label: "Solo" },
        { value: "coop", label: "Co-op" },
        { value: "race", label: "Race" },
      ], "solo"),
      field("Level", level),
      h("button", { type: "submit", class: "primary", id: "quick-play-btn" }, "Play"),
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const mode = readRadio(form, "quick-mode") || "solo";
      void this.enter("Finding a room…", () =>
        openSession({ game: "minesweeper", how: "joinOrCreate", options: { mode, level: level.value } }),
      );
    });
    return form;
  }

  private privateRoom(): HTMLElement {
    const level = levelSelect(true);
    level.id = "private-level";
    const num = (name: string, min: number, max: number, value: number) =>
      h("input", { type: "number", name, min, max, value, inputmode: "numeric", required: true });
    const rows = num("rows", 2, MAX_ROWS, 24);
    const cols = num("cols", 2, MAX_COLS, 40);
    const mines = num("mines", 1, MAX_ROWS * MAX_COLS - 9, 180);
    const custom = h(
      "div",
      { class: "custom-size", hidden: true },
      field("Rows", rows),
      field("Columns", cols),
      field("Mines", mines),
    );
    const seats = h("select", { name: "seats", id: "private-seats" });
    for (let n = 2; n <= 8; n++) seats.append(h("option", { value: n, selected: n === 4 }, String(n)));
    const seatsLabel = h("span", {}, "Co-op seats");
    const seatsField = h("div", { hidden: true }, field("Seats", seats));
    seatsField.querySelector("label")?.replaceChildren(seatsLabel);
    const form = h(
      "form",
      { class: "card", id: "private-room", "aria-labelledby": "private-h" },
      h("h2", { id: "private-h" }, "Private room"),
      radios("private-mode", "Mode", [
        { value: "solo", label: "Solo" },
        { value: "coop", label: "Co-op" },
        { value: "race", label: "Race" },
      ], "coop"),
      field("Level", level),
      custom,
      seatsField,
      h("button", { type: "submit", class: "primary", id: "create-private-btn" }, "Create private room"),
    );
    const sync = () => {
      custom.hidden = level.value !== "custom";
      for (const input of [rows, cols, mines]) input.disabled = custom.hidden;
      const pm = readRadio(form, "private-mode");
      seatsField.hidden = pm !== "coop" && pm !== "race";
      seatsLabel.textContent = pm === "race" ? "Racers" : "Co-op seats";
    };
    form.addEventListener("change", sync);
    sync();
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const mode = readRadio(form, "private-mode") || "coop";
      const options: Record<string, unknown> = { private: true, mode, level: level.value };
      if (level.value === "custom") {
        options.rows = Number(rows.value);
        options.cols = Number(cols.value);
        options.mines = Number(mines.value);
      }
      if (mode === "coop" || mode === "race") options.seats = Number(seats.value);
      void this.enter("Creating a private room…", () => openSession({ game: "minesweeper", how: "create", options }));
    });
    return form;
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
        h("td", {}, r.mode === "coop" ? "Co-op" : r.mode === "solo" ? "Solo" : r.mode === "race" ? "Race" : r.mode === "online" ? "Online" : r.mode),
        h("td", {}, levelLabel(r.level)),
        h("td", {}, `${r.players}/${r.maxPlayers}`),
        h("td", {}, String(r.spectators ?? 0)),
        h("td", {}, r.phase ?? ""),
        h("td", { class: "actions" }, join, watch),
      );
    });
    this.roomsBody.replaceChildren(...rows);
  }
}
