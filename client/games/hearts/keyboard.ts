// Hearts by keyboard and screen reader. The table is one tab stop: ← → Home End move a cursor
// over the hand (drawn on the canvas, the card said aloud), Enter or Space chooses the card
// under it: while passing it is put aside or taken back (three, then the Pass button or P);
// on your turn it is played. What happened is said through the page's live region
// (client/ui/announce.ts). Which cards may be played is the view's `legal` (the rules').
import { cardName, RANK_NAMES, rankOf, suitOf, SUIT_WORDS, type HeartsView, type Play } from "../../../common/hearts/index";

const RANK_WORDS: Record<string, string> = { J: "jack", Q: "queen", K: "king", A: "ace" };

/** "Q♠, the queen of spades". */
export function cardWords(card: number): string {
  const rank = RANK_NAMES[rankOf(card)];
  return `${cardName(card)}, the ${RANK_WORDS[rank] ?? rank} of ${SUIT_WORDS[suitOf(card)]}s`;
}

/** "Ann played Q♠, the queen of spades." */
export function playWords(who: string, play: Play): string {
  return `${who} played ${cardWords(play.card)}.`;
}

export function howToPlay(v: HeartsView): string {
  if (v.phase === "passing") {
    return v.pass === "hold" ? "" : `Choose three cards to pass ${v.pass === "across" ? "across" : `to the ${v.pass}`}: arrows to move, Enter to choose, then P or the Pass button.`;
  }
  return "Your turn: choose a card with the arrow keys and press Enter to play it.";
}

export interface HandKeys {
  /** The hand index under the cursor (null: the table has no focus yet). */
  cursor: number | null;
  detach(): void;
}

/**
 * Keys on the table's focusable host. `cards()` is the hand now; `choose(card)` does what a tap
 * does; `pass()` sends the three chosen; `redraw()` shows the cursor; `say` speaks.
 */
export function attachHandKeys(host: HTMLElement, cards: () => number[], choose: (card: number) => void, pass: () => void, redraw: () => void, say: (text: string) => void): HandKeys {
  const keys: HandKeys = { cursor: null, detach: () => {} };
  const move = (to: number) => {
    const hand = cards();
    if (!hand.length) return;
    keys.cursor = Math.max(0, Math.min(hand.length - 1, to));
    redraw();
    say(`${cardWords(hand[keys.cursor])} (${keys.cursor + 1} of ${hand.length})`);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const hand = cards();
    const at = keys.cursor ?? Math.floor(hand.length / 2);
    if (e.key === "ArrowLeft" || e.key === "ArrowUp") move(keys.cursor === null ? at : at - 1);
    else if (e.key === "ArrowRight" || e.key === "ArrowDown") move(keys.cursor === null ? at : at + 1);
    else if (e.key === "Home") move(0);
    else if (e.key === "End") move(hand.length - 1);
    else if (e.key === "Enter" || e.key === " ") {
      if (keys.cursor === null) return move(at), e.preventDefault();
      if (hand[keys.cursor] !== undefined) choose(hand[keys.cursor]);
    } else if (e.key === "p" || e.key === "P") pass();
    else return;
    e.preventDefault();
  };
  // the cursor stays within the hand as it shrinks
  const onFocus = () => {
    if (keys.cursor === null) move(Math.floor(cards().length / 2));
  };
  host.addEventListener("keydown", onKey);
  host.addEventListener("focus", onFocus);
  keys.detach = () => {
    host.removeEventListener("keydown", onKey);
    host.removeEventListener("focus", onFocus);
  };
  return keys;
}
