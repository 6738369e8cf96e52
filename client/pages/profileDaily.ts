// A profile's daily challenges and season on its page (docs/tournaments.md, "Daily challenges",
// "Seasons"): the streak, today's challenges (played or not, the result and place; on one's own
// page a Play button for each not yet played), and this month's season line with the month's
// table a tap away. Loaded after the page's figures; a failure says so in its own section.
import { today, seasonOf, dayTable, type Today, type TodayEntry } from "../net/daily";
import { errorText } from "../net/session";
import { h } from "../ui/dom";

const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th"}`;

/** "December 2026" for "2026-12" (a UTC month). */
export function monthName(month: string): string {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
  return d.toLocaleDateString(undefined, { month: "long", year: "numeric", timeZone: "UTC" });
}

function untilText(at: number): string {
  const h = Math.max(0, Math.ceil((at - Date.now()) / 3_600_000));
  return h <= 1 ? "within the hour" : `in about ${h} hours`;
}

function entryText(e: TodayEntry): string {
  if (!e.played) return "Not played today";
  if (!e.finished) return "Started: no result (left, or still playing)";
  return `${e.outcome} · ${ordinal(e.place!)} of ${e.of}`;
}

/** A table loaded the first time its <details> opens. */
function lazyTable(id: string, summary: string, load: () => Promise<HTMLElement>): HTMLDetailsElement {
  const body = h("div", { class: "pr-lazy" }, "Loading…");
  const details = h("details", { class: "pr-details", id }, h("summary", {}, summary), body);
  let loaded = false;
  details.addEventListener("toggle", () => {
    if (!details.open || loaded) return;
    loaded = true;
    load()
      .then((el) => body.replaceChildren(el))
      .catch((e) => {
        loaded = false;
        body.replaceChildren(h("p", { class: "pr-empty" }, errorText(e)));
      });
  });
  return details;
}

function dailySection(t: Today, own: boolean): HTMLElement {
  const p = t.profile!;
  const streak = p.streak > 0 ? `Streak: ${p.streak} day${p.streak === 1 ? "" : "s"} in a row` : own ? "No streak yet: finish a daily challenge to start one." : "No streak at the moment.";
  const rows = p.today.map((e) =>
    h(
      "li",
      { class: "pr-daily-row", "data-game": e.game, "data-played": e.played ? "yes" : "no" },
      h("span", { class: "pr-daily-text" }, h("span", { class: "pr-daily-game" }, e.title), h("span", { class: "pr-daily-status" }, entryText(e))),
      own && !e.played ? h("a", { class: "button-link pr-daily-play", href: `#/daily/${encodeURIComponent(e.game)}`, id: `daily-play-${e.game}` }, "Play") : null,
    ),
  );
  const tables = lazyTable("daily-tables", "Today's tables", async () => {
    const all = await Promise.all(t.games.map((g) => dayTable(g.game, t.day, 10)));
    return h(
      "div",
      {},
      ...all.map((d) =>
        h(
          "table",
          { class: "pr-table", "data-game": d.game },
          h("caption", {}, `${d.title}: ${d.finished} finished`),
          h("tbody", {}, ...(d.rows.length ? d.rows.map((r) => h("tr", {}, h("td", {}, ordinal(r.place)), h("td", {}, h("a", { href: `#/profile/${r.profileId}` }, r.name)), h("td", {}, r.outcome))) : [h("tr", {}, h("td", {}, "Nobody has finished it yet."))])),
        ),
      ),
    );
  });
  return h(
    "section",
    { class: "card pr-daily", id: "profile-daily", "aria-labelledby": "pr-daily-h" },
    h("h2", { id: "pr-daily-h" }, "Daily challenges"),
    h("p", { class: "pr-streak", id: "daily-streak" }, streak),
    h("ul", { class: "pr-daily-list" }, ...rows),
    h("p", { class: "pr-note" }, `The same board or deal for everyone, one try each (leaving counts as your try). New ones at 00:00 UTC, ${untilText(t.nextAt)}.`),
    tables,
  );
}

async function seasonSection(month: string, profileId: string, own: boolean): Promise<{ el: HTMLElement; points: number }> {
  const s = await seasonOf(month, profileId, 1);
  const you = s.you;
  const line =
    you && you.place !== null
      ? `${ordinal(you.place)} of ${s.players} · ${you.points} point${you.points === 1 ? "" : "s"} from ${you.events} event${you.events === 1 ? "" : "s"}`
      : own
        ? "No points yet this month: play an arena, a Swiss event or a daily challenge."
        : "No points yet this month.";
  const table = lazyTable("season-table", "The month's table", async () => {
    const full = await seasonOf(month, undefined, 50);
    if (!full.rows.length) return h("p", { class: "pr-empty" }, "Nobody has season points this month yet.");
    return h(
      "table",
      { class: "pr-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Place"), h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Points"))),
      h("tbody", {}, ...full.rows.map((r) => h("tr", r.profileId === profileId ? { class: "pr-me" } : {}, h("td", {}, ordinal(r.place)), h("td", {}, h("a", { href: `#/profile/${r.profileId}` }, r.name)), h("td", {}, String(r.points))))),
    );
  });
  const el = h(
    "section",
    { class: "card pr-season", id: "profile-season", "aria-labelledby": "pr-season-h" },
    h("h2", { id: "pr-season-h" }, `Season · ${monthName(month)}`),
    h("p", { class: "pr-season-line", id: "season-line" }, line),
    h("p", { class: "pr-note" }, "Points: arenas and Swiss events by final place (the winner 20), each daily challenge by place in the day's table (the best 10)."),
    table,
  );
  return { el, points: you?.points ?? 0 };
}

/** Both sections for profile `profileId` (Play buttons when `own`); what it showed, for the page's snapshot. */
export async function profileDaily(profileId: string, own: boolean): Promise<{ el: HTMLElement; streak: number | null; seasonPoints: number | null }> {
  const el = h("div", { class: "pr-daily-season" });
  try {
    const t = await today(profileId);
    el.append(dailySection(t, own));
    try {
      const season = await seasonSection(t.month, profileId, own);
      el.append(season.el);
      return { el, streak: t.profile!.streak, seasonPoints: season.points };
    } catch (e) {
      el.append(h("section", { class: "card", id: "profile-season" }, h("h2", {}, "Season"), h("p", { class: "pr-empty" }, errorText(e))));
      return { el, streak: t.profile!.streak, seasonPoints: null };
    }
  } catch (e) {
    el.append(h("section", { class: "card", id: "profile-daily" }, h("h2", {}, "Daily challenges"), h("p", { class: "pr-empty" }, errorText(e))));
    return { el, streak: null, seasonPoints: null };
  }
}
