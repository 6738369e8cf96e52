// A game's page lists its recent finished public games, each with its replay (GET
// /api/games/recent): something to watch, and proof the tables are busy.
import { h } from "../ui/dom";
import { gameTitle, lengthText, whenText, type GameRow } from "../pages/gameRows";

function winnerText(g: GameRow): string {
  const names = g.seats.filter(Boolean);
  if (g.result === "abandoned") return `${names.join(", ")} · not finished`;
  return names.join(" vs ") || "—";
}

export function recentGames(game: string): { el: HTMLElement; refresh(): void } {
  const list = h("ul", { class: "recent-list", id: `${game}-recent-list` });
  const note = h("p", { class: "recent-note" }, "Loading…");
  async function refresh(): Promise<void> {
    try {
      const r = await fetch(`/api/games/recent?game=${encodeURIComponent(game)}&limit=8`, { headers: { Accept: "application/json" } }).then((res) => res.json());
      const games = (r.games ?? []) as GameRow[];
      list.replaceChildren(
        ...games.map((g) =>
          h(
            "li",
            { class: "recent-game", "data-id": g.id },
            h("span", { class: "recent-title" }, gameTitle(g)),
            h("span", { class: "recent-who" }, winnerText(g)),
            h("span", { class: "recent-when" }, `${whenText(g.endedAt)} · ${lengthText(g)}`),
            h("a", { class: "button-link small", href: `#/replay/${g.id}`, "aria-label": `Watch ${gameTitle(g)}: ${winnerText(g)}` }, "Watch"),
          ),
        ),
      );
      note.textContent = games.length ? "" : "No finished public games yet.";
    } catch {
      note.textContent = "Could not load recent games.";
    }
  }
  const el = h("section", { class: "card recent-card", id: `${game}-recent`, "aria-labelledby": `${game}-recent-h` }, h("h2", { id: `${game}-recent-h` }, "Recent games"), note, list);
  return { el, refresh: () => void refresh() };
}
