// Rated quick play on a game's page (docs/protocol.md "Rated quick play"): a button per rating
// pool of the game; while the queue looks, it says what it is doing ("Looking for players near
// 1,520 — 8 s") with a Cancel; once matched, the rated room opens. Beside it, the pool's
// leaderboard by rating.
import { ESTABLISHED, poolsOf, ratingText, type RatedPool } from "../../common/rated";
import { cachedJson } from "../net/cachedGet";
import { hubClient } from "../net/client";
import { browserId, ensureProfile, onProfileTrouble, profileTrouble, waitingText } from "../net/profile";
import { errorText, openReserved } from "../net/session";
import { h } from "../ui/dom";
import type { LobbyContext } from "./panel";

interface Status {
  rating: number;
  provisional: boolean;
  window: number | null;
  waitedSeconds: number;
  waiting: number;
}

/** "Looking for players near 1,520 — 8 s" */
export function statusText(s: Status): string {
  const within = s.window === null ? " (anyone now)" : "";
  return `Looking for players near ${s.rating.toLocaleString("en-US")}${within} — ${s.waitedSeconds} s`;
}

export function ratedPanel(game: string, ctx: LobbyContext): HTMLElement | null {
  const pools = poolsOf(game);
  if (pools.length === 0) return null;
  const status = h("p", { class: "rated-status", id: `${game}-rated-status`, role: "status", "aria-live": "polite" });
  const cancel = h("button", { type: "button", class: "secondary", id: `${game}-rated-cancel`, hidden: true }, "Cancel");
  let leaveQueue: (() => void) | null = null;
  cancel.addEventListener("click", () => {
    leaveQueue?.();
    status.textContent = "Stopped looking.";
  });
  const buttons = pools.map((pool) => {
    const b = h("button", { type: "button", class: "primary", id: `${pool.id.replace(/[^a-z0-9]+/g, "-")}-rated-btn`, "data-pool": pool.id }, pools.length > 1 ? pool.title.replace(/^.*· /, "") : "Rated quick play");
    b.addEventListener("click", () => void look(pool));
    return b;
  });
  const setBusy = (busy: boolean) => {
    for (const b of buttons) b.disabled = busy;
    cancel.hidden = !busy;
  };

  async function look(pool: RatedPool): Promise<void> {
    if (leaveQueue) return;
    setBusy(true);
    status.textContent = "Joining the rated queue…";
    const off = onProfileTrouble((t) => {
      if (t?.retryInSeconds) status.textContent = waitingText(t);
    });
    const me = await ensureProfile();
    off();
    if (!me) {
      setBusy(false);
      status.textContent = `Rated games need a profile, and this browser has none yet. ${profileTrouble()?.message ?? "The hub could not make one just now; press the button to try again."}`;
      return;
    }
    let queue: Awaited<ReturnType<ReturnType<typeof hubClient>["joinOrCreate"]>>;
    try {
      queue = await hubClient().joinOrCreate("rated", { pool: pool.id, profileKey: me.key, browser: browserId() });
    } catch (e) {
      setBusy(false);
      status.textContent = `Could not look for a rated game: ${errorText(e)}`;
      return;
    }
    let done = false;
    leaveQueue = () => {
      done = true;
      leaveQueue = null;
      setBusy(false);
      void queue.leave().catch(() => undefined);
    };
    queue.onLeave(() => {
      if (!done) {
        leaveQueue = null;
        setBusy(false);
        if (!status.textContent?.startsWith("Matched")) status.textContent = "The rated queue closed; press the button to look again.";
      }
    });
    queue.onMessage("event", (e: any) => {
      if (e?.kind === "status") status.textContent = statusText(e as Status);
      else if (e?.kind === "replaced" || e?.kind === "retry") status.textContent = e.message;
      else if (e?.kind === "matched") {
        done = true;
        leaveQueue = null;
        setBusy(false);
        const others = (e.players as { name: string; rating: number }[]).filter((p) => p.name !== me.name);
        status.textContent = `Matched with ${others.map((p) => `${p.name} (${p.rating})`).join(", ") || "your opponent"}.`;
        void ctx.enter(`Opening your rated ${pool.title} game…`, async () => {
          const session = await openReserved(pool.game, e.reservation);
          void queue.leave().catch(() => undefined);
          return session;
        });
      }
    });
  }

  const board = h("ol", { class: "rated-board", id: `${game}-rated-board` });
  const boardNote = h("p", { class: "rated-board-note" });
  const boardPool = h("select", { id: `${game}-rated-board-pool`, "aria-label": "Leaderboard of", hidden: pools.length < 2 }, ...pools.map((p) => h("option", { value: p.id }, p.title)));
  async function showBoard(): Promise<void> {
    try {
      const r = await cachedJson<{ entries?: unknown[] }>(`/api/ratings/${encodeURIComponent(boardPool.value || pools[0].id)}?limit=10`);
      const entries = (r.entries ?? []) as { rank: number; profileId: string; name: string; mu: number; sigma: number; games: number }[];
      board.replaceChildren(
        ...entries.map((e) =>
          h("li", { class: "rated-row" }, h("a", { href: `#/profile/${e.profileId}` }, e.name), h("span", { class: "rated-value" }, ratingText(e.mu, e.sigma)), h("span", { class: "rated-games" }, `${e.games} game${e.games === 1 ? "" : "s"}`)),
        ),
      );
      const rule = `Players are listed once they have played ${ESTABLISHED.games} rated games against ${ESTABLISHED.opponents} different opponents.`;
      boardNote.textContent = entries.length ? rule : `Nobody is listed yet. ${rule}`;
    } catch {
      boardNote.textContent = "Could not load the leaderboard.";
    }
  }
  boardPool.addEventListener("change", () => void showBoard());
  const el = h(
    "section",
    { class: "card rated-card", id: `${game}-rated`, "aria-labelledby": `${game}-rated-h` },
    h("h2", { id: `${game}-rated-h` }, "Rated"),
    h("p", { class: "rated-blurb" }, "Play someone near your rating; the result moves both ratings. Leaving before the end counts as a loss."),
    h("div", { class: "notice-actions" }, ...buttons, cancel),
    status,
    h("h3", {}, "Leaderboard by rating ", boardPool),
    board,
    boardNote,
  );
  // asked when the game's page shows (Lobby.show), not for every game's page at once
  (el as HTMLElement & { refresh?: () => void }).refresh = () => void showBoard();
  return el;
}
