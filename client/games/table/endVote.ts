// The vote to end the game, above the table for everyone (spectators read it too): what is
// proposed and who won then, who still has to agree, and for a player still in the game the
// buttons to agree or refuse (the proposer: to withdraw). A refusal stays in sight until play
// goes on. The server runs the vote (common/table/votes.ts); this only shows it and answers.
import type { TableGameView } from "../../../common/table/game";
import { stillToAgree, type EndVote } from "../../../common/table/votes";
import { h } from "../../ui/dom";

export interface EndVoteHost {
  view(): TableGameView | null;
  /** This viewer's game seat (−1: spectator). */
  me(): number;
  nameOf(g: number): string;
  answer(agree: boolean): void;
  /** The bar was put away by its OK: the table below takes the room back. */
  dismissed(): void;
}

const list = (names: string[]) => (names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`);

/** "Ann wins", "Ann and Bob win", "nobody wins" (from `me`'s side: "you win"). */
export function winnersText(vote: EndVote, host: EndVoteHost): string {
  if (!vote.winners.length) return "nobody wins";
  const names = vote.winners.map((w) => (w === host.me() ? "you" : host.nameOf(w)));
  return `${list(names)} win${vote.winners.length === 1 && vote.winners[0] !== host.me() ? "s" : ""}`;
}

/** The sentence a player reads (and a screen reader hears) for the vote as it is now. */
export function endVoteText(vote: EndVote, host: EndVoteHost): string {
  const who = (g: number) => (g === host.me() ? "You" : host.nameOf(g));
  if (vote.no !== null) {
    if (vote.no === vote.by) return `${who(vote.by)} withdrew the proposal to end the game: play goes on.`;
    return `${who(vote.no)} refused to end the game: play goes on.`;
  }
  const players = host.view()?.table?.players ?? [];
  const waiting = stillToAgree(vote, players.flatMap((p, i) => (p.eliminated ? [] : [i])));
  const names = waiting.map((g) => (g === host.me() ? "you" : host.nameOf(g)));
  const proposes = vote.by === host.me() ? "You propose" : `${host.nameOf(vote.by)} proposes`;
  return `${proposes} to end the game: ${winnersText(vote, host)}. It ends when everyone still playing agrees; waiting for ${list(names)}.`;
}

/**
 * Draws the bar. When it asks this player to answer it is `tt-end-ask` (marked out); a refusal or
 * a withdrawal has an OK that puts it away (on a phone it takes the table's height).
 */
export function drawEndVote(bar: HTMLElement, host: EndVoteHost): void {
  const vote = host.view()?.endVote ?? null;
  const t = host.view()?.table;
  const g = host.me();
  const key = !vote || !t || t.phase === "finished" ? "" : JSON.stringify([vote, g, t.players.map((p) => p.eliminated), endVoteText(vote, host)]);
  bar.hidden = key === "" || bar.dataset.dismissed === key;
  // Rebuilt only when something in it changed (not on every redraw: the focus stays on a button).
  if (bar.dataset.key === key) return;
  bar.dataset.key = key;
  if (bar.hidden || !vote) return bar.replaceChildren();
  bar.classList.toggle("tt-end-closed", vote.no !== null);
  const button = (id: string, label: string, agree: boolean, kind = "small") => {
    const b = h("button", { type: "button", class: kind, id }, label);
    b.addEventListener("click", () => host.answer(agree));
    return b;
  };
  const open = vote.no === null;
  const inGame = g >= 0 && !t!.players[g]?.eliminated;
  const actions: HTMLElement[] = [];
  bar.classList.toggle("tt-end-ask", open && inGame && !vote.yes.includes(g));
  if (open && inGame && g === vote.by) actions.push(button("tt-end-withdraw", "Withdraw the proposal", false));
  else if (open && inGame && !vote.yes.includes(g)) actions.push(button("tt-end-agree", "Agree: end the game", true, "small primary"), button("tt-end-refuse", "Refuse: play on", false));
  else if (open && inGame) actions.push(h("span", { class: "tt-hint" }, "You agreed."));
  else if (!open) {
    const ok = h("button", { type: "button", class: "small", id: "tt-end-ok" }, "OK");
    ok.addEventListener("click", () => {
      bar.dataset.dismissed = bar.dataset.key;
      bar.hidden = true;
      host.dismissed();
    });
    actions.push(ok);
  }
  bar.replaceChildren(h("p", { id: "tt-end-text" }, endVoteText(vote, host)), ...(actions.length ? [h("div", { class: "notice-actions" }, ...actions)] : []));
}
