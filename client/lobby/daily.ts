// The lobby's "Today's challenges" card (docs/tournaments.md, "Daily challenges"): each game's
// challenge of the UTC day with Play, or that this browser's profile already played it today
// (GET /api/daily?profile=). The profile page has the streak, results and tables.
import { today, type Today } from "../net/daily";
import { loadProfile } from "../net/profile";
import { errorText } from "../net/session";
import { h } from "../ui/dom";

export function dailyCard(): { el: HTMLElement; refresh(): void } {
  const list = h("ul", { class: "daily-list", id: "lobby-daily-list" });
  const note = h("p", { class: "tn-note", id: "lobby-daily-note", "aria-live": "polite" }, "Loading today's challenges…");

  function draw(t: Today): void {
    const mine = new Map((t.profile?.today ?? []).map((e) => [e.game, e]));
    list.replaceChildren(
      ...t.games.map((g) => {
        const played = mine.get(g.game)?.played === true;
        return h(
          "li",
          { class: "daily-row", "data-game": g.game, "data-played": played ? "yes" : "no" },
          h("span", { class: "daily-text" }, h("span", { class: "daily-game" }, g.title), h("span", { class: "daily-status" }, played ? "Played today ✓" : "Not played yet today")),
          played ? null : h("a", { class: "button-link daily-play", href: `#/daily/${encodeURIComponent(g.game)}`, id: `lobby-daily-${g.game}`, "aria-label": `Play today's ${g.title} challenge` }, "Play"),
        );
      }),
    );
    note.textContent = t.games.length ? "The same board or deal for everyone today, one try each. New ones at 00:00 UTC." : "No game has a daily challenge on this hub.";
  }

  async function refresh(): Promise<void> {
    try {
      draw(await today(loadProfile()?.id));
    } catch (e) {
      note.textContent = `Today's challenges could not be loaded: ${errorText(e)}`;
    }
  }

  const el = h("section", { class: "card daily-card", id: "lobby-daily", "aria-labelledby": "lobby-daily-h" }, h("h2", { id: "lobby-daily-h" }, "Today's challenges"), list, note);
  return { el, refresh: () => void refresh() };
}
