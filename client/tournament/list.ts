// The lobby's "Tournaments" card (and a game's page: that game's only): the running and
// upcoming tournaments from GET /api/tournaments, each with its game, kind, when it starts or
// ends and a link to its page; an empty list said for a player.
import { ratedPool } from "../../common/rated";
import { h } from "../ui/dom";
import { fetchTournaments, type TournamentList } from "./api";
import { formatText, gameOf, kindText, whenText, type TournamentInfo } from "./words";
import "./tournament.css";

function item(t: TournamentInfo, now: number, prefix: string): HTMLElement {
  return h(
    "li",
    { class: "tn-item", "data-id": t.id, "data-status": t.status },
    h(
      "a",
      { class: "tn-item-link", href: `#/tournament/${encodeURIComponent(t.id)}`, id: `${prefix}-${t.id}` },
      h("span", { class: "tn-item-title" }, t.title),
      h("span", { class: "tn-item-what" }, `${gameOf(t.pool)} · ${kindText(t)} · ${formatText(t)}`),
      h("span", { class: `tn-item-when ${t.status === "running" ? "live" : ""}`.trim(), "data-when": "" }, whenText(t, now)),
    ),
  );
}

/** `game`: only that room name's tournaments (a game's page); none: all of them (the lobby). */
export function tournamentList(game?: string): { el: HTMLElement; refresh(): void } {
  const prefix = game ? `${game}-tn` : "tn";
  const list = h("ul", { class: "tn-list", id: `${prefix}-list` });
  const note = h("p", { class: "tn-note", id: `${prefix}-note`, "aria-live": "polite" }, "Loading tournaments…");
  let last: TournamentList | null = null;
  const mine = (t: TournamentInfo) => !game || ratedPool(t.pool)?.game === game;

  function draw(): void {
    if (!last) return;
    const now = Date.now();
    const shown = [...last.running, ...last.upcoming].filter(mine);
    list.replaceChildren(...shown.map((t) => item(t, now, prefix)));
    if (shown.length) note.textContent = "";
    else {
      const next = last.upcoming.filter(mine)[0];
      note.textContent = next
        ? `No tournament is running. The next one, ${next.title}, ${whenText(next, now).toLowerCase()}.`
        : "No tournament is running or planned just now. Check back later, or play rated games meanwhile.";
    }
  }
  let ticking: ReturnType<typeof setInterval> | null = null;
  async function refresh(): Promise<void> {
    try {
      last = await fetchTournaments();
      draw();
    } catch (e) {
      note.textContent = (e as Error).message;
    }
    // the countdowns tick while the card is on screen
    if (!ticking) ticking = setInterval(() => (el.isConnected && !el.closest("[hidden]") ? tickTimes() : undefined), 1000);
  }
  function tickTimes(): void {
    if (!last) return;
    const now = Date.now();
    const all = [...last.running, ...last.upcoming];
    for (const li of list.querySelectorAll<HTMLElement>(".tn-item")) {
      const t = all.find((x) => x.id === li.dataset.id);
      const span = li.querySelector<HTMLElement>("[data-when]");
      if (t && span) {
        const w = whenText(t, now);
        if (span.textContent !== w) span.textContent = w;
      }
    }
  }
  const el = h(
    "section",
    { class: "card tn-card", id: `${prefix}-card`, "aria-labelledby": `${prefix}-h` },
    h("h2", { id: `${prefix}-h` }, "Tournaments"),
    note,
    list,
  );
  return { el, refresh: () => void refresh() };
}
