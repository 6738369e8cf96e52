// Every Auto Pets card in one table: the 40 pets of the six tiers, the foods, and the
// tokens a game creates (apples, bees and other summons, rocks). Names and ability
// semantics come from the seed (../shared/games/pets.md); every number here is ours and
// docs/pets-cards.md gives the reasoning card by card. Abilities are data; the handlers
// that read them live in battle.ts (battle triggers) and shop.ts (hand gains).

/** Suits are habitats (ours): three pets of one suit trade in for a pet of the next tier. */
export const SUITS = ["field", "forest", "water", "sky"] as const;
export type Suit = (typeof SUITS)[number];

/** When an ability fires. */
export type Trigger =
  | "buy" // bought from the row, or received from a trade
  | "sell" // sold (the apple the sale gives is extra)
  | "triple" // traded in as one of three same-suit pets
  | "prep" // Battle Prep, before arrange
  | "play" // revealed into play
  | "faint" // fainted in battle
  | "hurt" // took damage and survived (once per pet per battle)
  | "enemyPlay" // while in play, an enemy pet is played
  | "enemyFaint" // while in play, an enemy pet faints
  | "clash"; // modifies its own clash attack

/** What an ability does. Amounts are ours. */
export type Effect =
  | { do: "gain"; card: "apple"; n: number } // apples into the hand (shop triggers)
  | { do: "rocks"; n: number } // throw n rocks at the enemy pet in play
  | { do: "strip" } // remove the enemy pet's apples and perk
  | { do: "steal" } // take the enemy pet's apples
  | { do: "push"; card: string; n: number; onto: "own" | "enemy" } // put cards on top of a deck
  | { do: "recycle" } // push the apples this pet carried back onto its own deck
  | { do: "pushPerFaint"; card: string; max: number } // one card per friendly pet fainted earlier
  | { do: "volley"; when: VolleyWhen; rocks: number; times: number } // rocks set aside for later
  | { do: "aura"; n: number } // friendly pets played later get +n power
  | { do: "teamShield" } // the next friendly pet played gets a shield
  | { do: "grow"; n: number } // +n power (keeps its damage)
  | { do: "shield" } // gain a shield
  | { do: "heal" } // remove all damage markers
  | { do: "knockout" }; // a clash attack that hurts faints its target

/** A set-aside volley fires: before each clash, when a friendly pet is hurt, or when an enemy pet is played. */
export type VolleyWhen = "beforeClash" | "friendHurt" | "enemyPlay";

export interface Ability {
  on: Trigger;
  effect: Effect;
}

/** Foods: an apple adds power; the others are perks (a pet keeps its last one). */
export type FoodKind = "apple" | "honey" | "garlic" | "pineapple" | "chili" | "melon";

export interface CardDef {
  key: string;
  name: string;
  kind: "pet" | "food";
  /** Tier deck it belongs to (1..6); 0 for tokens, which no deck holds. */
  tier: number;
  suit: Suit | null;
  power: number;
  /** Copies in its tier deck (0 for tokens). */
  copies: number;
  ability: Ability | null;
  food: FoodKind | null;
  /** Tokens leave the game after the battle (apples, bees, summons). */
  temporary: boolean;
  /** Long-term worth for the bots' deck value (power plus an estimate of the ability). */
  worth: number;
  text: string;
}

const pet = (key: string, tier: number, suit: Suit, power: number, copies: number, ability: Ability | null, worth: number, text: string): CardDef => ({
  key, name: key[0].toUpperCase() + key.slice(1), kind: "pet", tier, suit, power, copies, ability, food: null, temporary: false, worth, text,
});
const token = (key: string, name: string, power: number, text: string): CardDef => ({
  key, name, kind: "pet", tier: 0, suit: null, power, copies: 0, ability: null, food: null, temporary: true, worth: 0, text,
});
const food = (key: FoodKind, tier: number, copies: number, worth: number, text: string): CardDef => ({
  key, name: key[0].toUpperCase() + key.slice(1), kind: "food", tier, suit: null, power: 0, copies, ability: null, food: key, temporary: key === "apple", worth, text,
});
const on = (trigger: Trigger, effect: Effect): Ability => ({ on: trigger, effect });

/** Faces of the d6 a rock rolls: the damage it deals. */
export const ROCK_FACES = [0, 0, 1, 1, 2, 2] as const;

export const CARDS: readonly CardDef[] = [
  // Tier 1: six pets, four copies each, no food.
  pet("ant", 1, "field", 2, 4, on("faint", { do: "push", card: "apple", n: 1, onto: "own" }), 3, "Faint: put an apple on top of your deck."),
  pet("cricket", 1, "field", 2, 4, on("faint", { do: "push", card: "zombie-cricket", n: 1, onto: "own" }), 3, "Faint: summon a 1-power Zombie Cricket on top of your deck."),
  pet("duck", 1, "sky", 2, 4, on("sell", { do: "gain", card: "apple", n: 1 }), 2.5, "Sell: gain an extra apple."),
  pet("otter", 1, "water", 1, 4, on("buy", { do: "gain", card: "apple", n: 1 }), 2, "Buy: gain an apple."),
  pet("mosquito", 1, "sky", 1, 4, on("play", { do: "rocks", n: 1 }), 2, "Play: throw a rock at the enemy pet."),
  pet("fish", 1, "water", 2, 4, on("triple", { do: "gain", card: "apple", n: 2 }), 2.5, "Triple: gain 2 apples."),
  // Tier 2
  pet("worm", 2, "field", 2, 3, on("buy", { do: "gain", card: "apple", n: 2 }), 3, "Buy: gain 2 apples."),
  pet("flamingo", 2, "sky", 3, 3, on("faint", { do: "push", card: "apple", n: 2, onto: "own" }), 4.5, "Faint: put 2 apples on top of your deck."),
  pet("peacock", 2, "sky", 2, 3, on("hurt", { do: "grow", n: 2 }), 4, "Hurt: +2 power."),
  pet("swan", 2, "sky", 2, 3, on("prep", { do: "gain", card: "apple", n: 1 }), 3.5, "Battle Prep: gain an apple."),
  pet("rat", 2, "field", 3, 3, on("faint", { do: "push", card: "dirty-rat", n: 1, onto: "enemy" }), 3.5, "Faint: summon a 1-power Dirty Rat on top of the enemy deck."),
  pet("spider", 2, "forest", 2, 3, on("faint", { do: "push", card: "spiderling", n: 1, onto: "own" }), 4, "Faint: summon a 2-power Spiderling on top of your deck."),
  // Tier 3
  pet("dog", 3, "field", 4, 3, on("sell", { do: "gain", card: "apple", n: 2 }), 4.5, "Sell: gain 2 extra apples."),
  pet("dolphin", 3, "water", 3, 3, on("play", { do: "rocks", n: 2 }), 5, "Play: throw 2 rocks at the enemy pet."),
  pet("giraffe", 3, "forest", 3, 3, on("prep", { do: "gain", card: "apple", n: 2 }), 5, "Battle Prep: gain 2 apples."),
  pet("camel", 3, "field", 4, 3, on("hurt", { do: "push", card: "apple", n: 2, onto: "own" }), 5, "Hurt: put 2 apples on top of your deck."),
  pet("sheep", 3, "field", 3, 3, on("faint", { do: "push", card: "ram", n: 2, onto: "own" }), 6, "Faint: summon two 2-power Rams on top of your deck."),
  pet("dodo", 3, "sky", 3, 3, on("faint", { do: "recycle" }), 4.5, "Faint: put the apples it carried back on top of your deck."),
  pet("badger", 3, "forest", 4, 3, on("faint", { do: "volley", when: "beforeClash", rocks: 3, times: 1 }), 5.5, "Faint: set aside 3 rocks thrown before the next clash."),
  // Tier 4
  pet("squirrel", 4, "forest", 4, 3, on("sell", { do: "gain", card: "apple", n: 3 }), 5, "Sell: gain 3 extra apples."),
  pet("turtle", 4, "water", 4, 3, on("faint", { do: "teamShield" }), 6, "Faint: the next pet you play gets a shield."),
  pet("rooster", 4, "field", 4, 3, on("faint", { do: "push", card: "chick", n: 1, onto: "own" }), 6, "Faint: summon a 2-power Chick on top of your deck."),
  pet("bison", 4, "field", 6, 3, null, 6, "No ability: the biggest body of tier 4."),
  pet("blowfish", 4, "water", 4, 3, on("faint", { do: "volley", when: "friendHurt", rocks: 1, times: 3 }), 5.5, "Faint: the next 3 times one of your pets is hurt and survives, throw a rock."),
  pet("skunk", 4, "forest", 4, 3, on("play", { do: "strip" }), 5.5, "Play: strip the enemy pet's apples and perk."),
  pet("hippo", 4, "water", 5, 3, on("enemyFaint", { do: "heal" }), 6, "While in play: heal all damage whenever an enemy pet faints."),
  // Tier 5
  pet("monkey", 5, "forest", 5, 3, on("prep", { do: "gain", card: "apple", n: 3 }), 7.5, "Battle Prep: gain 3 apples."),
  pet("rhino", 5, "forest", 5, 3, on("enemyPlay", { do: "rocks", n: 1 }), 7, "While in play: throw a rock at each enemy pet as it is played."),
  pet("crocodile", 5, "water", 5, 3, on("faint", { do: "volley", when: "beforeClash", rocks: 1, times: -1 }), 7.5, "Faint: throw a rock before every remaining clash."),
  pet("scorpion", 5, "field", 2, 3, on("clash", { do: "knockout" }), 7, "Its clash attack knocks out any pet it hurts."),
  pet("seal", 5, "water", 5, 3, on("faint", { do: "push", card: "apple", n: 3, onto: "own" }), 7, "Faint: put 3 apples on top of your deck."),
  pet("shark", 5, "water", 6, 3, on("enemyFaint", { do: "grow", n: 2 }), 7.5, "While in play: +2 power whenever an enemy pet faints."),
  pet("turkey", 5, "sky", 5, 3, on("faint", { do: "aura", n: 1 }), 7, "Faint: every pet you play later gets +1 power."),
  // Tier 6
  pet("gorilla", 6, "forest", 7, 3, on("hurt", { do: "shield" }), 9, "Hurt: gain a shield."),
  pet("fly", 6, "sky", 5, 3, on("faint", { do: "pushPerFaint", card: "zombie-fly", max: 3 }), 8.5, "Faint: summon a 3-power Zombie Fly for each of your pets that fainted before it (up to 3)."),
  pet("leopard", 6, "forest", 6, 3, on("play", { do: "rocks", n: 3 }), 9, "Play: throw 3 rocks at the enemy pet."),
  pet("mammoth", 6, "field", 8, 3, on("faint", { do: "aura", n: 2 }), 10, "Faint: every pet you play later gets +2 power."),
  pet("cat", 6, "field", 6, 3, on("prep", { do: "gain", card: "apple", n: 4 }), 9.5, "Battle Prep: gain 4 apples."),
  pet("snake", 6, "forest", 6, 3, on("faint", { do: "volley", when: "enemyPlay", rocks: 4, times: 1 }), 8.5, "Faint: throw 4 rocks at the next enemy pet played."),
  pet("wolverine", 6, "forest", 6, 3, on("play", { do: "steal" }), 8.5, "Play: take the enemy pet's apples."),
  // Foods in the tier decks (apples are tokens only)
  food("honey", 2, 4, 2, "Perk: when this pet faints, summon a 1-power Bee on top of your deck."),
  food("garlic", 3, 4, 2.5, "Perk: every hit this pet takes is 1 smaller."),
  food("pineapple", 4, 4, 2, "Perk: rocks your side throws while this pet is in play hit 1 harder."),
  food("chili", 5, 4, 2.5, "Perk: when this pet is played, the top card of the enemy deck is milled."),
  food("melon", 6, 4, 3, "Perk: a shield that blocks the first hit."),
  // Tokens
  food("apple", 0, 0, 0.5, "+1 power to the next pet. Temporary: leaves the deck after the battle."),
  token("bee", "Bee", 1, "Summoned by Honey. Temporary."),
  token("zombie-cricket", "Zombie Cricket", 1, "Summoned by Cricket. Temporary."),
  token("dirty-rat", "Dirty Rat", 1, "Summoned onto the enemy deck by Rat. Temporary."),
  token("spiderling", "Spiderling", 2, "Summoned by Spider. Temporary."),
  token("ram", "Ram", 2, "Summoned by Sheep. Temporary."),
  token("chick", "Chick", 2, "Summoned by Rooster. Temporary."),
  token("zombie-fly", "Zombie Fly", 3, "Summoned by Fly. Temporary."),
];

/** Card definition index by key. */
export const CARD_INDEX: Readonly<Record<string, number>> = Object.fromEntries(CARDS.map((c, i) => [c.key, i]));

export function cardDef(key: string): CardDef {
  const i = CARD_INDEX[key];
  if (i === undefined) throw new Error(`no card ${key}`);
  return CARDS[i];
}

export const isCardKey = (key: unknown): key is string => typeof key === "string" && Object.hasOwn(CARD_INDEX, key);

export const TIERS = [1, 2, 3, 4, 5, 6] as const;

/** The cards of one tier deck, each key repeated by its copies. */
export function tierDeckKeys(tier: number): string[] {
  const out: string[] = [];
  for (const c of CARDS) if (c.tier === tier) for (let k = 0; k < c.copies; k++) out.push(c.key);
  return out;
}
