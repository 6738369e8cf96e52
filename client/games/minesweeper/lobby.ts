// Minesweeper's lobby panels: quick play (solo, co-op, race), a private room (custom
// boards, seats) and offline solo. Options follow docs/protocol.md; the server checks them.
import { LEVELS, MAX_COLS, MAX_ROWS } from "../../../common/minesweeper/types";
import { openSession } from "../../net/session";
import { h } from "../../ui/dom";
import { levelOption } from "./levels";
import { offlineCard } from "./offlineCard";
import type { LobbyContext } from "../../lobby/panel";
import { spectatorDelayField } from "../../lobby/spectatorDelay";
import { checkbox, field, radios, readRadio } from "../../lobby/ui";

const NO_GUESS_HINT = "Every board can be cleared by logic alone from your first click.";

const LEVEL_OPTIONS = [
  ...Object.keys(LEVELS).map((id) => ({ id, label: levelOption(id) })),
];

function levelSelect(withCustom: boolean): HTMLSelectElement {
  const select = h("select", { name: "level" });
  for (const o of LEVEL_OPTIONS) select.append(h("option", { value: o.id }, o.label));
  if (withCustom) select.append(h("option", { value: "custom" }, "Custom…"));
  return select;
}

function quickPlay(ctx: LobbyContext): HTMLElement {
  const level = levelSelect(false);
  level.id = "quick-level";
  const quickNoGuess = checkbox("quick-noguess", "noGuess", "No-guess board", NO_GUESS_HINT);
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
    quickNoGuess.el,
    h("button", { type: "submit", class: "primary", id: "quick-play-btn" }, "Play"),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const mode = readRadio(form, "quick-mode") || "solo";
    void ctx.enter("Finding a room…", () =>
      openSession({ game: "minesweeper", how: "joinOrCreate", options: { mode, level: level.value, ...(quickNoGuess.input.checked ? { noGuess: true } : {}) } }),
    );
  });
  return form;
}

function privateRoom(ctx: LobbyContext): HTMLElement {
  const level = levelSelect(true);
  level.id = "private-level";
  const privateNoGuess = checkbox("private-noguess", "noGuess", "No-guess board", NO_GUESS_HINT);
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
  const delay = spectatorDelayField("private-spectator-delay");
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
    privateNoGuess.el,
    seatsField,
    delay.el,
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
    if (privateNoGuess.input.checked) options.noGuess = true;
    if (level.value === "custom") {
      options.rows = Number(rows.value);
      options.cols = Number(cols.value);
      options.mines = Number(mines.value);
    }
    if (mode === "coop" || mode === "race") options.seats = Number(seats.value);
    if (delay.seconds() > 0) options.spectatorDelay = delay.seconds();
    void ctx.enter("Creating a private room…", () => openSession({ game: "minesweeper", how: "create", options }));
  });
  return form;
}

export function minesweeperLobby(ctx: LobbyContext): HTMLElement[] {
  return [quickPlay(ctx), privateRoom(ctx), offlineCard(ctx.navigate)];
}
