// A one-time hint's memory in this browser (a game's "how to play", a first-pass tip): once
// seen, never shown again. Without storage (private mode, blocked) it counts as seen, so a
// player is never nagged on every game.

export interface OnceSeen {
  seen(): boolean;
  remember(): void;
}

export function onceSeen(key: string): OnceSeen {
  return {
    seen() {
      try {
        return window.localStorage.getItem(key) === "seen";
      } catch {
        return true;
      }
    },
    remember() {
      try {
        window.localStorage.setItem(key, "seen");
      } catch {
        /* no storage: nothing to remember */
      }
    },
  };
}
