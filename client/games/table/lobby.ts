// The card table's lobby panel, in plain words: the format (each with a line saying what it
// means) and the table size as labelled fields, then practice alone (goldfish), quick play and
// a private room, each with a line saying what it does.
import { tableDef } from "../../../common/table/game";
import type { Format } from "../../../common/table/types";
import { openSession } from "../../net/session";
import { h } from "../../ui/dom";
import { FORMAT_WORDS } from "./words";
import type { LobbyPanel } from "../../lobby/panel";
import { field } from "../../lobby/ui";
import "./lobby.css";

export const tableLobby: LobbyPanel = (ctx) => {
  const formats = Object.keys(FORMAT_WORDS) as Format[];
  const format = h("select", { id: "table-format", name: "table-format" }, ...formats.map((f) => h("option", { value: f, selected: f === "constructed" }, FORMAT_WORDS[f].name))) as HTMLSelectElement;
  const seats = h("select", { id: "table-seats", name: "table-seats" }, ...Array.from({ length: 9 }, (_, i) => h("option", { value: String(i + 2) }, `${i + 2} players`))) as HTMLSelectElement;
  const formatField = field("Format", format, FORMAT_WORDS.constructed.line);
  const hint = formatField.querySelector("small")!;
  hint.id = "table-format-line";
  format.setAttribute("aria-describedby", hint.id);
  format.addEventListener("change", () => (hint.textContent = FORMAT_WORDS[format.value as Format]?.line ?? ""));
  const checks = h("input", { type: "checkbox", id: "table-checks", name: "table-checks" }) as HTMLInputElement;
  const checksField = h("label", { class: "table-checks", for: "table-checks" }, checks, " Check decks against the format", h("small", { id: "table-checks-line" }, "Size, commanders and copies must follow the format's rules before the game starts (Free has none). Off: the same checks only warn."));
  const options = () => ({ format: format.value, seats: Number(seats.value), ...(checks.checked ? { checks: true } : {}) });
  const button = (id: string, label: string, what: string, how: "create" | "joinOrCreate", opts: () => Record<string, unknown>) => {
    const b = h("button", { type: "button", class: "primary", id: `table-${id}-btn`, "aria-describedby": `table-${id}-line` }, label);
    b.addEventListener("click", () => void ctx.enter(what, () => openSession({ game: "table", how, options: opts() })));
    return b;
  };
  const choice = (b: HTMLElement, id: string, line: string) => h("div", { class: "table-choice" }, b, h("small", { id: `table-${id}-line` }, line));
  return [
    h(
      "section",
      { class: "card", id: "table-play", "aria-labelledby": "table-lobby-h" },
      h("h2", { id: "table-lobby-h" }, tableDef.title),
      h("p", { class: "table-about" }, "A table for Magic-style card games and any deck: it keeps every card where you put it and never judges the rules."),
      h("div", { class: "notice-actions table-fields" }, formatField, field("Table size", seats, "How many players sit at an online table."), checksField),
      h(
        "div",
        { class: "table-choices" },
        choice(button("solo", "Practice alone", "Opening a practice table…", "create", () => ({ mode: "solo", format: format.value })), "solo", "Goldfish: play your deck with nobody across the table, to try opening hands and lines of play; undo and redo as you like."),
        choice(button("sparring", "Practice against a partner", "Opening a practice table…", "create", () => ({ mode: "solo", sparring: true, format: format.value })), "sparring", "The table plays a second seat by itself: lands and what it can afford each turn, so your deck has something across the table."),
        choice(button("quick", "Quick play", "Finding a table…", "joinOrCreate", options), "quick", "Sits you at an open table of this format and size, or opens one for others to join."),
        choice(button("private", "Private room", "Creating a private table…", "create", () => ({ ...options(), private: true })), "private", "A table only people with its code or link can join: play with friends."),
      ),
    ),
  ];
};
