// Auto Pets' lobby panel: solo against 1–7 bots (with their level), the arena (a solo run
// against teams other players really fielded), quick play, a private room for 2–8 seats
// (the code to share appears in the room).
import { openSession } from "../../net/session";
import { h } from "../../ui/dom";
import type { LobbyPanel } from "../../lobby/panel";

export const petsLobby: LobbyPanel = (ctx) => {
  const select = (id: string, label: string, options: [string, string][], value: string) => {
    const s = h("select", { id }, ...options.map(([v, t]) => h("option", { value: v, selected: v === value }, t)));
    return { el: h("label", { class: "field" }, `${label} `, s), get: () => s.value };
  };
  const bots = select("pets-bots", "Bots", [1, 2, 3, 4, 5, 6, 7].map((n) => [String(n), `${n} bot${n > 1 ? "s" : ""}`] as [string, string]), "1");
  const level = select("pets-level", "Level", [["easy", "Easy"], ["medium", "Medium"], ["hard", "Hard"]], "medium");
  const seats = select("pets-seats", "Seats", [2, 3, 4, 5, 6, 7, 8].map((n) => [String(n), `${n} players`] as [string, string]), "2");
  const go = (suffix: string, label: string, what: string, how: "create" | "joinOrCreate", options: () => Record<string, unknown>) => {
    const b = h("button", { type: "button", class: "primary", id: `pets-${suffix}-btn` }, label);
    b.addEventListener("click", () => void ctx.enter(what, () => openSession({ game: "pets", how, options: options() })));
    return b;
  };
  return [
    h(
      "section",
      { class: "card", id: "pets-play", "aria-labelledby": "pets-lobby-h" },
      h("h2", { id: "pets-lobby-h" }, "Auto Pets"),
      h("p", {}, "Buy pets in the shop, arrange your deck in secret, watch the battle. Six rounds; most trophies wins."),
      h("div", { class: "notice-actions" }, bots.el, level.el, go("solo", "Play the bots", "Starting Auto Pets against the bots…", "create", () => ({ mode: "solo", bots: Number(bots.get()), botLevel: level.get() }))),
      h(
        "div",
        { class: "notice-actions pets-arena-row" },
        go("arena", "Arena run", "Starting an arena run…", "create", () => ({ mode: "arena" })),
        h("small", { class: "pets-arena-note", id: "pets-arena-note" }, "Six rounds on your own: each battle is against a team another player really fielded at that round, near your trophies. No waiting for anyone."),
      ),
      h(
        "div",
        { class: "notice-actions" },
        seats.el,
        go("quick", "Quick play", "Finding an Auto Pets table…", "joinOrCreate", () => ({ seats: Number(seats.get()) })),
        go("private", "Private room", "Creating a private Auto Pets room…", "create", () => ({ private: true, seats: Number(seats.get()) })),
      ),
    ),
  ];
};
