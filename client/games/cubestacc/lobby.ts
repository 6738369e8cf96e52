// Cubestacc's lobby panel: solo vs bots, quick play online, private room.
// Options follow docs/protocol.md "Cubestacc / Options"; the server validates them.
import { PACKS } from "../../../common/cubestacc/config";
import { PACK_IDS } from "../../../common/cubestacc/types";
import { openSession } from "../../net/session";
import type { LobbyContext } from "../../lobby/panel";
import { h } from "../../ui/dom";
import { spectatorDelayField } from "../../lobby/spectatorDelay";
import { HowTo } from "./howto";
import "./lobby.css";


let uid = 0;
function field(label: string, control: HTMLElement): HTMLElement {
  const id = control.id || `csf${++uid}`;
  control.id = id;
  return h("div", { class: "field" }, h("label", { for: id }, label), control);
}

function select(id: string, options: { value: string | number; label: string }[], value: string | number): HTMLSelectElement {
  const s = h("select", { id, name: id });
  for (const o of options) s.append(h("option", { value: o.value, selected: String(o.value) === String(value) }, o.label));
  return s;
}

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

export function cubestaccLobby(ctx: LobbyContext): HTMLElement[] {
  const enter = ctx.enter;
  const pack = select("cs-pack", PACK_IDS.map((p) => ({ value: p, label: PACKS[p].name })), "classic");
  const level = select("cs-bot-level", [{ value: "easy", label: "Easy" }, { value: "normal", label: "Normal" }], "normal");

  // solo vs bots
  const bots = select("cs-bots", range(1, 4).map((n) => ({ value: n, label: `${n} bot${n > 1 ? "s" : ""}` })), 3);
  const solo = h("button", { type: "button", class: "primary", id: "cs-solo-btn" }, "Play solo");
  solo.addEventListener("click", () =>
    void enter("Dealing a solo game…", () =>
      openSession({ game: "cubestacc", how: "create", options: { mode: "solo", bots: Number(bots.value), botLevel: level.value, pack: pack.value } }),
    ),
  );

  // quick play online
  const seats = select("cs-seats-quick", range(2, 5).map((n) => ({ value: n, label: `${n} players` })), 4);
  const quick = h("button", { type: "button", class: "primary", id: "cs-quick-btn" }, "Quick play");
  quick.addEventListener("click", () =>
    void enter("Finding a Cubestacc table…", () =>
      openSession({ game: "cubestacc", how: "joinOrCreate", options: { mode: "online", seats: Number(seats.value), pack: pack.value } }),
    ),
  );

  // private room
  const pSeats = select("cs-private-seats", range(2, 5).map((n) => ({ value: n, label: String(n) })), 4);
  const pBots = select("cs-private-bots", range(0, 4).map((n) => ({ value: n, label: String(n) })), 0);
  const timer = select(
    "cs-private-timer",
    [
      { value: 0, label: "Off" },
      { value: 15, label: "15 s" },
      { value: 30, label: "30 s" },
      { value: 60, label: "60 s" },
      { value: 120, label: "2 min" },
    ],
    30,
  );
  const pivot = h("input", { type: "checkbox", id: "cs-private-pivot", name: "wildPivot" });
  const delay = spectatorDelayField("cs-private-spectator-delay");
  const syncBots = () => {
    const max = Number(pSeats.value) - 1;
    for (const o of Array.from(pBots.options)) o.disabled = Number(o.value) > max;
    if (Number(pBots.value) > max) pBots.value = String(max);
  };
  pSeats.addEventListener("change", syncBots);
  syncBots();
  const create = h("button", { type: "button", class: "primary", id: "cs-private-btn" }, "Create private room");
  create.addEventListener("click", () =>
    void enter("Creating a private Cubestacc room…", () =>
      openSession({
        game: "cubestacc",
        how: "create",
        options: {
          private: true,
          mode: "online",
          seats: Number(pSeats.value),
          bots: Number(pBots.value),
          botLevel: level.value,
          timer: Number(timer.value),
          pack: pack.value,
          wildPivot: pivot.checked,
          spectatorDelay: delay.seconds(),
        },
      }),
    ),
  );

  // the rules before the game, where no clock runs (the table shows them once more to a newcomer where that costs no turn)
  const rules = h("button", { type: "button", class: "secondary", id: "cs-lobby-howto" }, "How to play");
  rules.addEventListener("click", () => {
    const howto: HowTo = new HowTo("Got it", () => howto.el.remove());
    document.body.append(howto.el);
    howto.show(null);
  });

  return [h(
    "section",
    { class: "card cs-lobby", id: "cubestacc-play", "aria-labelledby": "cs-lobby-h" },
    h("div", { class: "cs-lobby-head" }, h("h2", { id: "cs-lobby-h" }, "Cubestacc"), rules),
    h("div", { class: "cs-lobby-row" }, field("Deck pack", pack), field("Bot level", level)),
    h("fieldset", { class: "cs-lobby-group" }, h("legend", {}, "Solo vs bots"), h("div", { class: "cs-lobby-row" }, field("Opponents", bots), solo)),
    h("fieldset", { class: "cs-lobby-group" }, h("legend", {}, "Online"), h("div", { class: "cs-lobby-row" }, field("Table", seats), quick)),
    h(
      "fieldset",
      { class: "cs-lobby-group" },
      h("legend", {}, "Private room"),
      h("div", { class: "cs-lobby-row" }, field("Seats", pSeats), field("Bots", pBots), field("Turn timer", timer)),
      h("label", { class: "cs-check" }, pivot, " Wild pivot (after a wild only the wild stays open)"),
      h("div", { class: "cs-lobby-row" }, delay.el),
      create,
    ),
  )];
}
