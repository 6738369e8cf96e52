// What the player is aiming at: the picked card, the one being dragged or hovered, the
// target under the pointer, and the play on its way to the server. Targets come only from
// the seat's private `legal` list (the server's); a play is sent as the rules parse it.
import { cardCode, cardSuit, isWild } from "../../../common/cubestacc/deck";
import type { PlayPayload } from "../../../common/cubestacc/game";
import type { Suit } from "../../../common/cubestacc/types";
import { sameTarget, type Board, type Target } from "./board";
import type { FirstMoveGuide } from "./guide";
import type { HandCallbacks, HandStrip } from "./hand";
import type { Hud } from "./hud";
import type { TableModel } from "./model";

const SNAP_RADIUS = 1.15; // cube widths
const TAP_RADIUS = 0.8;

export interface AimDeps {
  model(): TableModel;
  me(): number | null;
  /** The table is drawn (the Pixi board exists). */
  ready(): boolean;
  board(): Board;
  hud(): Hud;
  hand(): HandStrip;
  tableHost(): HTMLElement;
  guide: FirstMoveGuide;
  renderHand(): void;
  /** Sends a play; false when it could not be sent. */
  send(payload: PlayPayload): boolean;
  /** A card is taken up to be played (picked or dragged): notices over the table make way for its targets. */
  aiming(): void;
}

export class Aim {
  selected: number | null = null;
  hovered: number | null = null;
  dragging: number | null = null;
  hot: Target | null = null;
  /** Card sent in a `play` and where it left from (page rect), until the patch shows it. */
  sent: { card: number; from: DOMRect | null; at: number } | null = null;

  constructor(private readonly d: AimDeps) {}

  /** Where `card` may go now: the server's legal list, nothing else. */
  targetsFor(card: number | null): Target[] {
    const mine = this.d.model().mine;
    if (card === null || !mine) return [];
    return mine.legal.filter((l) => l.card === card).map((l) => ({ card: l.card, onto: l.onto, mode: l.mode }));
  }

  /** The card whose targets glow: the one being dragged, else the picked one, else the hovered one. */
  private activeCard(): number | null {
    return this.dragging ?? this.selected ?? this.hovered;
  }

  refreshTargets(): void {
    if (!this.d.ready()) return;
    const card = this.activeCard();
    const targets = this.targetsFor(card);
    const hot = this.hot && targets.some((t) => sameTarget(t, this.hot)) ? this.hot : null;
    this.hot = hot;
    this.d.board().setTargets(targets, hot);
    this.d.guide.follow(this.selected !== null || this.dragging !== null);
  }

  pick(card: number): void {
    if (this.selected === card) {
      this.selected = null;
    } else {
      if (this.targetsFor(card).length === 0) {
        const m = this.d.model();
        const reason =
          m.phase !== "playing" ? "The game is not running." : m.turn !== this.d.me() ? "Wait for your turn." : m.pending > 0 ? "Only a K can be played on a K stack." : m.dumpRank ? `Only ${m.dumpRank}s while dumping.` : `${cardCode(card)} fits nowhere on the stack.`;
        this.d.hud().say(reason);
        this.selected = null;
      } else {
        this.selected = card;
        this.d.aiming();
      }
    }
    this.hot = null;
    this.d.renderHand();
    this.refreshTargets();
  }

  tapTable(x: number, y: number): void {
    if (this.selected === null) return;
    const target = this.d.board().pick(x, y, this.targetsFor(this.selected), TAP_RADIUS);
    if (target) void this.play(target);
  }

  hoverTable(x: number, y: number): void {
    if (this.selected === null || this.dragging !== null) return;
    const hot = Number.isFinite(x) ? this.d.board().pick(x, y, this.targetsFor(this.selected), TAP_RADIUS) : null;
    if (!sameTarget(hot, this.hot)) {
      this.hot = hot;
      this.refreshTargets();
    }
  }

  private overTable(x: number, y: number): boolean {
    const r = this.d.tableHost().getBoundingClientRect();
    return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
  }

  /** Sends a play (asking a wild's suit first). */
  async play(t: Target): Promise<void> {
    const m = this.d.model();
    let suit: Suit | undefined;
    const el = this.d.hand().element(t.card);
    const from = el?.getBoundingClientRect() ?? null;
    if (isWild(t.card)) {
      this.d.board().showGhost(t, null);
      const chosen = await this.d.hud().chooseSuit(m.pack, favouriteSuit(m.mine?.hand ?? [], t.card));
      this.d.board().hideGhost();
      if (!chosen) {
        this.d.hand().restore(t.card);
        return;
      }
      suit = chosen;
    }
    const payload: PlayPayload = { card: t.card, onto: t.onto, mode: t.mode };
    if (suit) payload.suit = suit;
    if (!this.d.send(payload)) {
      this.d.hand().restore(t.card);
      return;
    }
    this.sent = { card: t.card, from, at: performance.now() };
    this.d.guide.played();
    el?.classList.add("cs-sent");
    this.selected = null;
    this.hovered = null;
    this.hot = null;
    this.refreshTargets();
  }


  /** What the hand strip reports: a pick, a drag over the table, a hover. */
  handEvents(): HandCallbacks {
    return {
        pick: (card) => this.pick(card),
        dragStart: (card) => {
          this.dragging = card;
          this.d.aiming();
          this.selected = null;
          this.hot = null;
          this.refreshTargets();
          this.d.renderHand();
        },
        dragMove: (card, x, y) => {
          const hot = this.overTable(x, y) ? this.d.board().pick(x, y, this.targetsFor(card), SNAP_RADIUS) : null;
          if (!sameTarget(hot, this.hot)) {
            this.hot = hot;
            this.refreshTargets();
          }
          document.body.classList.toggle("cs-snapped", hot !== null);
        },
        dragEnd: (card, x, y) => {
          const hot = this.overTable(x, y) ? this.d.board().pick(x, y, this.targetsFor(card), SNAP_RADIUS) : null;
          this.dragging = null;
          this.hot = null;
          document.body.classList.remove("cs-snapped");
          this.refreshTargets();
          if (!hot) return false;
          void this.play(hot);
          return !isWild(card);
        },
        dragCancel: () => {
          this.dragging = null;
          this.hot = null;
          document.body.classList.remove("cs-snapped");
          this.refreshTargets();
        },
        hover: (card) => {
          this.hovered = card;
          this.refreshTargets();
        },
    };
  }
}

/** Suggests the wild's suit: the most common suit left in hand (a hint; the player chooses). */
function favouriteSuit(hand: readonly number[], wild: number): Suit | null {
  const counts = new Map<Suit, number>();
  for (const c of hand) {
    if (c === wild) continue;
    const suit = cardSuit(c);
    if (suit) counts.set(suit, (counts.get(suit) ?? 0) + 1);
  }
  let best: Suit | null = null;
  let bestN = 0;
  for (const [s, n] of counts) if (n > bestN) [best, bestN] = [s, n];
  return best;
}
