// Where a card played without a drop lands: the first free place of a loose grid on the
// player's battlefield (rules space 0..10000), so two cards played by a tap never hide each other.
import type { Pos } from "../../../common/table/types";
import type { CardView } from "../../../common/table/visibility";

/** `cols`: as many as the field fits cards side by side (the scene knows the card size). */
export function freeSpot(cards: readonly CardView[], COLS = 8, ROWS = 3): Pos {
  const taken = (x: number, y: number) => cards.some((c) => c.pos && Math.abs(c.pos.x - x) < 10000 / COLS / 1.5 && Math.abs(c.pos.y - y) < 10000 / ROWS / 1.5);
  for (let row = 0; row < ROWS; row++)
    for (let col = 0; col < COLS; col++) {
      const x = Math.round((col * 10000) / (COLS - 1));
      const y = Math.round((row * 10000) / (ROWS - 1));
      if (!taken(x, y)) return { x, y };
    }
  // A full field: a little off the middle, by how many cards there are.
  return { x: 5000 + ((cards.length * 137) % 3000), y: 5000 - ((cards.length * 211) % 3000) };
}
