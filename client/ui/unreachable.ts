// "Can't reach the server" (or "The hub is busy") while a room is being opened (a reload on
// a train, a phone switching networks, a hub restarting): never a dead end. The page says when it tries again by itself (with
// backoff), tries at once when the browser reports it is online again or the tab comes back,
// and offers "Try again now" and the way back to the lobby.
import { isOffline, retryDelayMs } from "../net/retry";
import { h } from "./dom";

/** What cut a wait short since the page loaded (the test hook reads it: which of them really works). */
const WAKES = { online: 0, click: 0, visible: 0 };
export const unreachableWakes = (): Readonly<typeof WAKES> => ({ ...WAKES });

export interface UnreachablePage {
  readonly el: HTMLElement;
  /**
   * Resolves when it is time to try again: "waited" (the wait ran out) or "now" (`online`,
   * the tab back in view, "Try again now": the backoff may start over).
   */
  next(attempt: number): Promise<"waited" | "now">;
  /** Shows that an attempt is on its way. */
  trying(): void;
  /** Why the last try failed: the hub answered it is busy (`true`), or the network did not answer. */
  because(busy: boolean): void;
  destroy(): void;
}

/**
 * `what` says what is being opened ("your seat in room ABCDE"); `kept` adds what is not lost
 * meanwhile (the seat is held while away). `toLobby` is the way out.
 */
export function unreachablePage(what: string, kept: string, toLobby: () => void): UnreachablePage {
  const when = h("p", { id: "unreachable-when", "aria-live": "polite" });
  const title = h("h2", {}, "Can't reach the server");
  const lead = h("p", { id: "unreachable-why" });
  const because = (busy: boolean) => {
    const offline = !busy && isOffline();
    title.textContent = busy ? "The hub is busy" : offline ? "You are offline" : "Can't reach the server";
    lead.textContent = (
      busy
        ? `The hub is briefly unavailable (it may be restarting), so we could not open ${what} yet. ${kept}`
        : offline
          ? `This device has no internet connection (Wi-Fi or mobile data), so we could not open ${what}. ${kept} It opens by itself once you are back online.`
          : `Your connection seems to be down, so we could not open ${what}. ${kept}`
    ).trim();
  };
  because(false);
  const again = h("button", { type: "button", class: "primary", id: "unreachable-retry" }, "Try again now");
  const back = h("button", { type: "button", class: "secondary", id: "unreachable-lobby" }, "Back to lobby");
  back.addEventListener("click", toLobby);
  const el = h(
    "section",
    { class: "message-page", id: "unreachable", role: "alert" },
    h(
      "div",
      { class: "notice" },
      title,
      lead,
      when,
      h("div", { class: "notice-actions" }, again, back),
    ),
  );
  let wake: ((why: "waited" | "now") => void) | null = null;
  let tick: ReturnType<typeof setInterval> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stopWaiting = () => {
    if (tick) clearInterval(tick);
    if (timer) clearTimeout(timer);
    tick = timer = null;
  };
  /** `online` (or the tab back in view) while an attempt was on its way: the next wait is none. */
  let early = false;
  const end = (why: "waited" | "now") => {
    const w = wake;
    wake = null;
    stopWaiting();
    if (!w && why === "now") early = true;
    w?.(why);
  };
  const now = () => end("now");
  const woken = (by: keyof typeof WAKES) => () => {
    WAKES[by]++;
    now();
  };
  const onOnline = woken("online");
  const onVisible = () => {
    if (document.visibilityState === "visible") woken("visible")();
  };
  again.addEventListener("click", woken("click"));
  window.addEventListener("online", onOnline);
  document.addEventListener("visibilitychange", onVisible);
  queueMicrotask(() => again.focus());
  const since = Date.now();
  return {
    el,
    next(attempt) {
      const ms = retryDelayMs(attempt, Date.now() - since);
      const until = Date.now() + ms;
      const say = () => {
        const s = Math.max(1, Math.ceil((until - Date.now()) / 1000));
        when.textContent = navigator.onLine === false
          ? `Trying again as soon as your device is back online (or in ${s} s).`
          : `Trying again in ${s} s.`;
      };
      say();
      again.disabled = false;
      if (early) {
        // the attempt that just failed had started before the network came back: go again now
        early = false;
        return Promise.resolve("now");
      }
      return new Promise((resolve) => {
        wake = resolve;
        tick = setInterval(say, 1000);
        timer = setTimeout(() => end("waited"), ms);
      });
    },
    because,
    trying() {
      when.textContent = "Trying to reach the server…";
      again.disabled = true;
    },
    destroy() {
      now(); // a pending wait ends (its loop sees it was left)
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisible);
    },
  };
}
