// One Scryfall card object (the shape of its bulk data files, `oracle-cards` / `default-cards`)
// → the table's CardDef (common/table/types.ts): the front face's fields, every face, colours,
// identity, mana value, keywords, layout, printing and pictures. Fields the table does not use
// (prices, legalities, URIs…) are dropped. Untrusted text is cut to the engine's bounds.

import { MAX_FACES, MAX_IMAGE_URL, MAX_ORACLE_CHARS, type CardDef, type CardFace } from "../../common/table/types.js";
import { pictureOrigin } from "./origins.js";

/** The parts of a Scryfall card object read here (https://scryfall.com/docs/api/cards). */
export interface ScryfallFace {
  name?: string;
  mana_cost?: string;
  type_line?: string;
  oracle_text?: string;
  colors?: string[];
  power?: string;
  toughness?: string;
  loyalty?: string;
  image_uris?: Record<string, string>;
}

export interface ScryfallCard extends ScryfallFace {
  object?: string;
  id?: string;
  lang?: string;
  layout?: string;
  cmc?: number;
  color_identity?: string[];
  keywords?: string[];
  set?: string;
  set_type?: string;
  collector_number?: string;
  released_at?: string;
  digital?: boolean;
  promo?: boolean;
  variation?: boolean;
  oversized?: boolean;
  card_faces?: ScryfallFace[];
  all_parts?: { component?: string; name?: string }[];
}

/** Layouts that are not cards a deck plays (an art card names the card it pictures). */
const SKIPPED = new Set(["art_series"]);
/** Layouts printed as one picture with several parts on it. */
const ONE_PICTURE = new Set(["split", "flip", "adventure", "aftermath"]);
/** Layouts whose name players use whole ("Fire // Ice"); the others go by their front's name. */
const WHOLE_NAME = new Set(["split", "aftermath"]);
const TOKEN_LAYOUTS = new Set(["token", "double_faced_token", "emblem"]);

const WUBRG = "WUBRG";
const colours = (c: unknown): string | undefined => (Array.isArray(c) ? [...WUBRG].filter((x) => c.includes(x)).join("") : undefined);
const text = (s: unknown, max = 200): string | undefined => (typeof s === "string" && s !== "" ? s.slice(0, max) : undefined);
const loyalty = (s: unknown): number | undefined => (typeof s === "string" && /^\d{1,3}$/.test(s) ? Number(s) : undefined);

/**
 * A picture URL that is not a plain http(s) address. Its origin would go into the page's
 * Content-Security-Policy (origins.ts), so the whole file is refused rather than the picture
 * dropped: a file that carries one is not Scryfall's.
 */
export class BadPictureUrl extends Error {
  constructor(
    readonly card: string,
    readonly url: string,
  ) {
    super(
      `The card ${JSON.stringify(String(card).slice(0, 100))} names its picture at ${url.length > 300 ? `${url.slice(0, 300)}…` : url}, which is not a plain http(s) address ` +
        "(a host of letters, digits, dots and hyphens, no quotes, spaces or brackets). The file is refused: that host would be written into the page's Content-Security-Policy.",
    );
  }
}

/** The picture the table shows: Scryfall's `normal` size (488×680), a plain http(s) URL only (else BadPictureUrl). */
function picture(uris: Record<string, string> | undefined, card: string): string | undefined {
  const u = uris?.normal ?? uris?.large ?? uris?.png;
  if (typeof u !== "string" || u === "") return undefined;
  if (!/^https?:\/\/[^\s"'()<>]+$/i.test(u) || pictureOrigin(u) === null) throw new BadPictureUrl(card, u);
  return u.length <= MAX_IMAGE_URL ? u : undefined;
}

function face(f: ScryfallFace, card: ScryfallCard, withImage: boolean): CardFace {
  const out: CardFace = { name: text(f.name) ?? "?" };
  const put = <K extends keyof CardFace>(k: K, v: CardFace[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  put("cost", text(f.mana_cost));
  put("type", text(f.type_line));
  put("text", text(f.oracle_text, MAX_ORACLE_CHARS));
  put("power", text(f.power, 8));
  put("toughness", text(f.toughness, 8));
  put("loyalty", loyalty(f.loyalty));
  put("colors", colours(f.colors ?? card.colors));
  if (withImage) put("image", picture(f.image_uris, f.name ?? card.name ?? "?"));
  return out;
}

/** Is this object a card the table can use (not an art card, not a non-card object)? */
export function usable(c: ScryfallCard): boolean {
  return (c.object === undefined || c.object === "card") && typeof c.name === "string" && c.name.length > 0 && !SKIPPED.has(c.layout ?? "");
}

export const isToken = (c: ScryfallCard): boolean => TOKEN_LAYOUTS.has(c.layout ?? "") || /\btoken\b/i.test(c.type_line ?? c.card_faces?.[0]?.type_line ?? "");

/** The melded card a meld front becomes (its back), by name. */
export const meldResult = (c: ScryfallCard): string | undefined =>
  c.layout === "meld" ? c.all_parts?.find((p) => p.component === "meld_result" && p.name !== c.name)?.name : undefined;

export function toCardDef(c: ScryfallCard): CardDef {
  const layout = c.layout ?? "normal";
  const faces = (c.card_faces ?? []).slice(0, MAX_FACES).map((f) => face(f, c, !ONE_PICTURE.has(layout)));
  const front = faces[0];
  const whole = WHOLE_NAME.has(layout) || !front;
  const def: CardDef = { name: (whole ? text(c.name) : front.name) ?? "?" };
  const put = <K extends keyof CardDef>(k: K, v: CardDef[K] | undefined) => {
    if (v !== undefined) def[k] = v;
  };
  if (whole) {
    put("type", text(c.type_line));
    put("cost", text(c.mana_cost));
    put("text", faces.length ? text(faces.map((f) => `${f.name}: ${f.text ?? ""}`).join("\n"), MAX_ORACLE_CHARS) : text(c.oracle_text, MAX_ORACLE_CHARS));
    put("power", text(c.power, 8));
    put("toughness", text(c.toughness, 8));
    put("loyalty", loyalty(c.loyalty));
  } else {
    put("type", front.type ?? text(c.type_line));
    put("cost", front.cost ?? text(c.mana_cost));
    put("text", front.text);
    put("power", front.power ?? text(c.power, 8));
    put("toughness", front.toughness ?? text(c.toughness, 8));
    put("loyalty", front.loyalty ?? loyalty(c.loyalty));
    // The other face of a double-faced or flip card (an adventure is a spell on the same face).
    if (faces[1] && layout !== "adventure") put("back", faces[1].name);
  }
  put("colors", colours(c.colors) ?? front?.colors ?? "");
  put("identity", colours(c.color_identity));
  if (typeof c.cmc === "number" && Number.isFinite(c.cmc) && c.cmc >= 0) def.mv = c.cmc;
  if (Array.isArray(c.keywords) && c.keywords.length) def.keywords = c.keywords.filter((k) => typeof k === "string").slice(0, 32).map((k) => k.slice(0, 60));
  def.layout = layout.slice(0, 30);
  put("set", text(c.set, 10)?.toUpperCase());
  put("number", text(c.collector_number, 12));
  put("image", picture(c.image_uris, c.name ?? "?") ?? front?.image);
  if (faces.length > 1) def.faces = faces;
  if (/creature|artifact|enchantment|planeswalker|land|battle/i.test(def.type ?? "")) def.permanent = true;
  return def;
}

/**
 * Which printing a name stands for when a list gives no set: English, paper, not a promo or a
 * variant, then the newest. Compared as strings.
 */
export function printingRank(c: ScryfallCard): string {
  const score = (c.lang === undefined || c.lang === "en" ? 8 : 0) + (c.digital ? 0 : 4) + (c.promo || c.variation || c.oversized ? 0 : 2) + (c.set_type === "funny" || c.set_type === "memorabilia" ? 0 : 1);
  return `${String(score).padStart(2, "0")}|${typeof c.released_at === "string" ? c.released_at.slice(0, 10) : "0000-00-00"}`;
}

/** The names a card answers to: its whole name and each face's (lower case, one space). */
export function namesOf(c: ScryfallCard): { whole: string; faces: string[] } {
  const norm = (s: string) => normaliseName(s);
  return { whole: norm(c.name ?? ""), faces: (c.card_faces ?? []).map((f) => norm(f.name ?? "")).filter((n) => n && n !== norm(c.name ?? "")) };
}

/**
 * How names are compared: case, runs of spaces, curly apostrophes and "A/B" for "A // B" do not
 * matter. Runs of spaces are made one space first, so the slash's spaces are at most one each
 * side: the regex that took "\s*" on each side scanned a long run of spaces again from each of its
 * characters (quadratic).
 */
export function normaliseName(s: string): string {
  return s
    .trim()
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, " ")
    .replace(/ ?\/\/? ?/g, " // ")
    .replace(/\s+/g, " ")
    .toLowerCase();
}
