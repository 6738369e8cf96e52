// Attachment chains on one battlefield: the canvas (canvas.ts) tucks attachments behind their
// host, each a step higher, so every name strip shows.
import type { CardView } from "../../../common/table/visibility";

/** Attachment chains: host id → the cards attached to it on this field, deepest last. */
export function attachmentsOf(cards: readonly CardView[]): Map<number, CardView[]> {
  const here = new Map(cards.map((c) => [c.id, c]));
  const out = new Map<number, CardView[]>();
  // The top host of a card (a chain of attachments on this field ends at a card attached to nothing here).
  const root = (c: CardView): CardView => {
    let h = c;
    for (let k = 0; k < 50 && h.attachedTo !== undefined && here.has(h.attachedTo); k++) h = here.get(h.attachedTo)!;
    return h;
  };
  for (const c of cards) {
    const r = root(c);
    if (r === c) continue;
    if (!out.has(r.id)) out.set(r.id, []);
    out.get(r.id)!.push(c);
  }
  return out;
}
