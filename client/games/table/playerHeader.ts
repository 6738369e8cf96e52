// A battlefield's strip: the player's name, life with − / + for those who may change it,
// poison, hand size, and the mulligan's state while it lasts.
import type { Action } from "../../../common/table/catalogue";
import type { TableGameView } from "../../../common/table/game";
import { h } from "../../ui/dom";
import type { BoardBox } from "./layout";

export interface HeaderHost {
  view(): TableGameView | null;
  /** This viewer's game seat (−1: spectator). */
  me(): number;
  nameOf(g: number): string;
  act(a: Action): void;
}

export function playerHeader(host: HeaderHost, b: BoardBox): HTMLElement {
  const g = b.seat;
  const t = host.view()!.table!;
  const p = t.players[g];
  const name = host.nameOf(g);
  const life = (d: number) => host.act({ do: "life", player: g, delta: d });
  const minus = h("button", { type: "button", class: "small", "aria-label": `${name} loses 1 life` }, "−");
  minus.addEventListener("click", () => life(-1));
  const plus = h("button", { type: "button", class: "small", "aria-label": `${name} gains 1 life` }, "+");
  plus.addEventListener("click", () => life(1));
  const adjustable = host.me() >= 0 && !t.ended;
  return h(
    "header",
    { class: `tt-player${t.turn.active === g ? " tt-active" : ""}`, "data-seat": g },
    h("strong", {}, name),
    // Spectators watch, and a finished game takes no more changes: no buttons nobody can use.
    h("span", { class: "tt-life", "data-life": p.life }, adjustable ? minus : null, ` ♥ ${p.life} `, adjustable ? plus : null),
    p.poison ? h("span", {}, ` ☠ ${p.poison}`) : null,
    h("span", { class: "tt-handcount" }, ` · hand ${p.cards.hand}`),
    p.mulligans && t.phase === "mulligan" ? h("span", {}, ` · mulligans ${p.mulligans}`) : null,
    t.phase === "mulligan" ? h("span", {}, p.kept ? " · kept" : " · deciding") : null,
  );
}
