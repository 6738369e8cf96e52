// The table's formats in the player's words (the lobby's select and its line, the room's subtitle).
import type { Format } from "../../../common/table/types";

/** Each format's name and what it means at the table (life, deck, mulligan). */
export const FORMAT_WORDS: Record<Format, { name: string; line: string }> = {
  commander: { name: "Commander", line: "100-card decks, one copy of each card, led by a legendary commander; 40 life, the first mulligan free." },
  constructed: { name: "Constructed", line: "A deck you built, 60 cards or more, up to 4 copies of a card; 20 life." },
  limited: { name: "Limited", line: "A 40-card deck from a draft or a sealed pool; 20 life." },
  free: { name: "Free", line: "Any deck and any house rules: the table only keeps track of the cards; 20 life." },
};

export const formatName = (f: string): string => FORMAT_WORDS[f as Format]?.name ?? f;
