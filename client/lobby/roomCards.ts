// Live public rooms as cards that fit a phone: game, mode and level, seats, watchers,
// phase, and Join / Spectate buttons in reach (a table was 658 px wide on a 342 px card).
import type { PublicRoom } from "../net/client";
import { clientGame, gameName, modeWord, phaseWord } from "../games/registry";
import { h } from "../ui/dom";

/** "Co-op", "Arena run": a mode's words as a card's first word. */
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function roomCard(r: PublicRoom, navigate: (hash: string) => void): HTMLElement {
  const game = gameName(r.game);
  const full = r.players >= r.maxPlayers;
  const join = h("button", { type: "button", class: "small", disabled: full, "data-action": "join", "aria-label": `Join ${game} room ${r.roomId}` }, full ? "Full" : "Join");
  join.addEventListener("click", () => navigate(`#/join/${r.roomId}`));
  const watch = h("button", { type: "button", class: "small secondary", "data-action": "spectate", "aria-label": `Spectate ${game} room ${r.roomId}` }, "Spectate");
  watch.addEventListener("click", () => navigate(`#/spectate/${r.roomId}`));
  const detail = [capital(modeWord(r.game, r.mode)), clientGame(r.game)?.describe?.(r) ?? ""].filter(Boolean).join(" · ");
  const counts = [`${r.players}/${r.maxPlayers} players`, `${r.spectators ?? 0} watching`, phaseWord(r.game, r.phase ?? "")].filter(Boolean).join(" · ");
  return h(
    "li",
    { class: "room-card", "data-room": r.roomId, "data-game": r.game },
    h("span", { class: "room-game" }, game),
    h("span", { class: "room-detail" }, detail),
    h("span", { class: "room-counts" }, counts),
    h("span", { class: "room-actions" }, join, watch),
  );
}
