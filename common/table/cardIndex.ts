// The cards of a game by id. A Map, not an object: with random 31-bit ids an object is a
// dictionary that a draft copied in ~2.5 ms at 4,000 cards on every action writing a card; a Map
// copies in ~0.25 ms. Written as JSON (and in the canonical JSON of a fingerprint, hash.ts) as the
// object keyed by id that games were always written as, so stored games and fingerprints are
// unchanged; validate.ts upgradeGame reads that object back into an index. Generic in the card
// (types.ts's Card) so this module imports nothing.

export class CardIndex<C = unknown> extends Map<number, C> {
  /** The object keyed by id a game's cards are written as. */
  toJSON(): Record<string, C> {
    return Object.fromEntries(this);
  }
}
