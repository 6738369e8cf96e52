// Lobby card: Minesweeper offline solo. The game runs in the browser with the
// common/ rules, so it needs no server once the page is loaded; the offline
// page's code is fetched ahead (idle) so it still opens when the network is gone.
import { LEVELS } from "../../../common/minesweeper/types";
import { levelOption } from "./levels";
import { h } from "../../ui/dom";
import { checkbox } from "../../lobby/ui";
import { NO_GUESS_ROUTE } from "./words";

let preloaded = false;

/** Fetches the offline page's chunk (and the board renderer) while the lobby idles; marks `el` when done. */
export function preloadOffline(el?: HTMLElement): void {
  if (preloaded) return;
  preloaded = true;
  const run = () =>
    void import("./offline").then(
      () => el?.setAttribute("data-preloaded", "true"),
      () => (preloaded = false),
    );
  const idle = (window as Window & { requestIdleCallback?: (fn: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  if (idle) idle(run, { timeout: 3000 });
  else setTimeout(run, 1200);
}

export function offlineCard(navigate: (hash: string) => void): HTMLElement {
  const level = h("select", { id: "offline-level-pick", name: "offline-level" });
  for (const id of Object.keys(LEVELS)) level.append(h("option", { value: id }, levelOption(id)));
  const id = "offline-level-pick";
  const noGuess = checkbox("offline-noguess", "offlineNoGuess", "No-guess board", "Clear it by logic alone, no guessing.");
  const form = h(
    "form",
    { class: "card", id: "offline-solo", "aria-labelledby": "offline-h" },
    h("h2", { id: "offline-h" }, "Offline solo · Minesweeper"),
    h("p", { class: "card-note" }, "Plays in your browser, no connection needed. Submit a win to have the server verify it."),
    h("div", { class: "field" }, h("label", { for: id }, "Level"), level),
    noGuess.el,
    h("button", { type: "submit", class: "primary", id: "offline-play-btn" }, "Play offline"),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    navigate(`#/offline/${level.value}${noGuess.input.checked ? NO_GUESS_ROUTE : ""}`);
  });
  preloadOffline(form);
  return form;
}
