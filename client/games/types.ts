// What the room shell gives a game scene, and what a scene gives back.
import type { PublicRoom } from "../net/client";
import type { RoomSession } from "../net/session";
import type { LobbyPanel } from "../lobby/panel";
import type { PageFrame, PageHandle } from "../pages/page";
import type { LeaveWords } from "../ui/confirm";
import type { BotTookSeat } from "../ui/presence";
import type { ReplayRecord } from "./replayEngine";
import type { GameHandle } from "./handle";
import type { GameSummary, HistoryEntry } from "../../server/store/HomeStore";

export type { GameHandle };

export interface GameContext {
  session: RoomSession;
  /** A short line under the room title, e.g. "Co-op · Beginner 9×9 · 10 mines". */
  setSubtitle(text: string): void;
  /** Polite screen-reader announcement (won, lost, restarted). */
  announce(text: string): void;
  /** The game's figure beside each name in the shared shell's seat list (its ClientGame entry's). */
  seatFigure?: SeatFigure;
}

export type MountGame = (host: HTMLElement, ctx: GameContext) => Promise<GameHandle>;

/**
 * A game's short figure beside a seat's name in the shared seat list (life, trophies), read
 * from the room's state for a room seat; null: none for that seat now.
 */
export type SeatFigure = (state: unknown, seat: number) => { text: string; label: string } | null;

/**
 * A finished game as lists get it (docs/protocol.md "My games"; read by pages/gameRows.ts): the
 * server's own summary, with the player's seat and result when the list is their history.
 */
export type GameRow = GameSummary & Partial<Pick<HistoryEntry, "seat" | "place" | "forfeited">>;

/** A game played without the server (#/offline[/PARAM]: PARAM is the game's, e.g. a level); `toLobby` leaves it. */
export type MountOffline = (host: HTMLElement, param: string | undefined, toLobby: () => void) => Promise<PageHandle>;

/** Plays a stored game back on the replay page (#/replay/ID), inside the page's frame. */
export type MountReplay = (frame: PageFrame, record: ReplayRecord) => Promise<PageHandle> | PageHandle;

/**
 * One game as the client knows it (client/games/registry.ts). Everything a generic module
 * (lobby/, pages/, ui/, the shell) does differently for a game comes from here.
 */
export interface ClientGame {
  /** Room name. */
  id: string;
  title: string;
  blurb: string;
  /** The room scene; absent: coming soon. */
  scene?: () => Promise<{ mount: MountGame }>;
  /** The game's lobby panels. */
  lobby?: LobbyPanel;
  /** The "Level" line of a live-room card. */
  describe?(room: PublicRoom): string;
  /** The tile's drawing (inline SVG markup, decorative). */
  art: string;
  /** The game's leaderboard panel, on its page (games that rank). */
  leaderboard?: () => { el: HTMLElement; show(): void };
  /** Its figure beside each name in the shell's seat list (games on the shared shell). */
  seatFigure?: SeatFigure;
  /** Its replay player (loaded when a replay of this game is opened); absent: "no replay player yet". */
  replay?: () => Promise<MountReplay>;
  /** What leaving the seat costs now, in the game's words (ui/confirm.ts); undefined: the shared words. */
  leaveConsequence?: LeaveWords;
  /**
   * The room seat whose turn it is while every seat may act at once (a free-form table's active
   * player), read from the room's state; null: nobody's. The turn cues (ui/cues.ts) use it.
   */
  turnSeat?(state: unknown): number | null;
  /**
   * Its offline page (#/offline[/PARAM], kept by the service worker), loaded when opened; the
   * words for a dropped network name the games that have one.
   */
  offline?: () => Promise<MountOffline>;
  /** The toast when a bot takes the seat of a person who left (ui/presence.ts). */
  botTookSeat?: BotTookSeat;
  /** How a finished game of it is named in a list (pages/gameRows.ts); undefined: the shared name. */
  rowTitle?(row: GameRow, title: string): string | undefined;
  /** Its own words for what happened in a finished game (before the shared ones); undefined: those. */
  rowOutcome?(row: GameRow): string | undefined;
}
