// Who is away, that actions on their hidden cards (hand, library) wait for them, and the vote
// to go on: shown to players while anyone is away (the server refuses such actions as "frozen").
import type { TableGameView } from "../../../common/table/game";
import { h } from "../../ui/dom";

export interface FrozenHost {
  view(): TableGameView | null;
  /** The game is being played (not at the deck stage, not over). */
  playing(): boolean;
  /** Room seat of each game seat. */
  order(): number[];
  connected(roomSeat: number): boolean;
  me(): number;
  nameOf(g: number): string;
  goOn(g: number): void;
}

export function drawFrozen(bar: HTMLElement, host: FrozenHost): void {
  const view = host.view();
  const seats = host.order();
  const away = view?.table && host.playing() ? seats.map((_, g) => g).filter((g) => !host.connected(seats[g])) : [];
  bar.hidden = away.length === 0 || host.me() < 0;
  if (bar.hidden) return;
  const present = seats.length - away.length;
  const need = Math.floor(present / 2) + 1;
  const { nameOf } = host;
  bar.replaceChildren(
    h("p", {}, `${away.map(nameOf).join(", ")} ${away.length === 1 ? "is" : "are"} away: actions on their hidden cards (hand, library) wait until they come back, or until most players present vote to go on.`),
    ...away.map((g) => {
      const votes = (view?.goOn[g] ?? []).filter((v) => !away.includes(v));
      const mine = votes.includes(host.me());
      const going = votes.length >= need;
      const b = h("button", { type: "button", class: "small", id: `tt-go-on-${g}`, disabled: mine || going }, going ? `Going on without ${nameOf(g)}` : mine ? `You voted to go on without ${nameOf(g)}` : `Vote to go on without ${nameOf(g)}`);
      b.addEventListener("click", () => host.goOn(g));
      return h("span", { class: "tt-vote", "data-seat": g }, b, ` ${votes.length} of ${need} votes`);
    }),
  );
}
