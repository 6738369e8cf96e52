// The card table's lobby panel: goldfish (solo), quick play by format and table size, a private room.
import { tableDef } from "../../../common/table/game";
import { FORMATS } from "../../../common/table/format";
import { openSession } from "../../net/session";
import { h } from "../../ui/dom";
import type { LobbyPanel } from "../../lobby/panel";

export const tableLobby: LobbyPanel = (ctx) => {
  const format = h("select", { id: "table-format", "aria-label": "Format" }, ...FORMATS.map((f) => h("option", { value: f, selected: f === "constructed" }, f))) as HTMLSelectElement;
  const seats = h("select", { id: "table-seats", "aria-label": "Players" }, ...Array.from({ length: 9 }, (_, i) => h("option", { value: String(i + 2) }, `${i + 2} players`))) as HTMLSelectElement;
  const options = () => ({ format: format.value, seats: Number(seats.value) });
  const button = (id: string, label: string, what: string, how: "create" | "joinOrCreate", opts: () => Record<string, unknown>) => {
    const b = h("button", { type: "button", class: "primary", id: `table-${id}-btn` }, label);
    b.addEventListener("click", () => void ctx.enter(what, () => openSession({ game: "table", how, options: opts() })));
    return b;
  };
  return [
    h(
      "section",
      { class: "card", id: "table-play", "aria-labelledby": "table-lobby-h" },
      h("h2", { id: "table-lobby-h" }, tableDef.title),
      h("div", { class: "notice-actions" }, format, seats),
      h(
        "div",
        { class: "notice-actions" },
        button("solo", "Goldfish (solo)", "Opening a solo table…", "create", () => ({ mode: "solo", format: format.value })),
        button("quick", "Quick play", "Finding a table…", "joinOrCreate", options),
        button("private", "Private room", "Creating a private table…", "create", () => ({ ...options(), private: true })),
      ),
    ),
  ];
};
