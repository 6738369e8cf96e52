// What one face of a card shows, read from its CardView: the face up now (a transformed card
// its back), the printed words, the picture, the frame's colour, and P/T or loyalty with the
// table's changes on it (the three P/T rows, +1/+1 and −1/−1 counters, loyalty counters).
// Shared by the canvas (art.ts), the DOM cards of the dialogs (cards.ts) and the preview.
import type { CardDef, CardFace } from "../../../common/table/types";
import type { CardView } from "../../../common/table/visibility";

export interface FaceWords {
  name: string;
  cost: string;
  type: string;
  text: string;
  /** Printed P/T ("2/2", "*\/1+*") or loyalty, "" for neither. */
  power?: string;
  toughness?: string;
  loyalty?: number;
  colors: string;
  image?: string;
}

/** The faces a card has, front first (one for a single-faced card). */
export function facesOf(d: CardDef): FaceWords[] {
  const base: FaceWords = { name: d.name, cost: d.cost ?? "", type: d.type ?? "", text: d.text ?? "", power: d.power, toughness: d.toughness, loyalty: d.loyalty, colors: d.colors ?? guessColours(d.cost ?? ""), image: d.image };
  if (!d.faces?.length) return d.back ? [base, { name: d.back, cost: "", type: "", text: "", colors: base.colors }] : [base];
  const one = (f: CardFace): FaceWords => ({ name: f.name, cost: f.cost ?? "", type: f.type ?? "", text: f.text ?? "", power: f.power, toughness: f.toughness, loyalty: f.loyalty, colors: f.colors ?? base.colors, image: f.image });
  const faces = d.faces.map(one);
  // The front keeps what the list line said over the data (withData), and the card's picture.
  faces[0] = { ...faces[0], cost: base.cost || faces[0].cost, type: base.type || faces[0].type, power: base.power ?? faces[0].power, toughness: base.toughness ?? faces[0].toughness, loyalty: base.loyalty ?? faces[0].loyalty, image: faces[0].image ?? base.image };
  return faces;
}

/** Split cards (and aftermath) show both halves at once; the others one face at a time. */
export const isSplit = (d: CardDef): boolean => d.layout === "split" || d.layout === "aftermath";

/** Two printed faces on two sides of the card (the preview shows both). */
export const doubleFaced = (d: CardDef): boolean => ["transform", "modal_dfc", "meld", "double_faced_token", "reversible_card"].includes(d.layout ?? "") || (!d.layout && !!d.back);

/** The face up now: a transformed (flipped) card shows its other face. */
export function faceUp(c: CardView): FaceWords | null {
  if (!c.known || !c.card) return null;
  const faces = facesOf(c.card);
  return faces[Math.min(c.face ?? 0, faces.length - 1)] ?? faces[0];
}

/** The picture to show for the face up now (a flip or split card has one picture for both). */
export function pictureOf(c: CardView): string | undefined {
  if (!c.known || !c.card) return undefined;
  const d = c.card;
  if (!d.faces?.length || d.layout === "flip" || isSplit(d) || d.layout === "adventure") return d.image;
  return faceUp(c)?.image ?? (c.face ? undefined : d.image);
}

const WUBRG = "WUBRG";
function guessColours(cost: string): string {
  const seen = new Set<string>();
  for (const m of cost.matchAll(/\{([^}]+)\}/g)) for (const ch of m[1].toUpperCase()) if (WUBRG.includes(ch)) seen.add(ch);
  return [...WUBRG].filter((c) => seen.has(c)).join("");
}

/** P/T with the table's changes: the rows of the P/T dialog and ±1/±1 counters. */
export function powerToughness(c: CardView, f: FaceWords): { text: string; change: number } | null {
  if (f.power === undefined && f.toughness === undefined) {
    if (f.loyalty === undefined && c.counters?.loyalty === undefined) return null;
    const now = c.counters?.loyalty ?? f.loyalty ?? 0;
    return { text: String(now), change: f.loyalty === undefined ? 0 : Math.sign(now - f.loyalty) };
  }
  const rows = c.pt ? [c.pt.other, c.pt.eot, c.pt.fixed] : [];
  const plus = (c.counters?.["+1/+1"] ?? 0) - (c.counters?.["-1/-1"] ?? 0);
  const dp = rows.reduce((n, r) => n + r.power, 0) + plus;
  const dt = rows.reduce((n, r) => n + r.toughness, 0) + plus;
  const add = (printed: string | undefined, d: number) => {
    const p = printed ?? "?";
    if (!d) return p;
    return /^-?\d+$/.test(p) ? String(Number(p) + d) : `${p}${d > 0 ? "+" : ""}${d}`;
  };
  return { text: `${add(f.power, dp)}/${add(f.toughness, dt)}`, change: Math.sign(dp + dt) || (dp !== 0 || dt !== 0 ? 1 : 0) };
}

/** Counters other than the ones shown in the P/T or loyalty box, as "name ×n". */
export function otherCounters(c: CardView, f: FaceWords): [string, number][] {
  const shown = new Set<string>(f.power !== undefined || f.toughness !== undefined ? ["+1/+1", "-1/-1"] : f.loyalty !== undefined ? ["loyalty"] : []);
  return Object.entries(c.counters ?? {}).filter(([k]) => !shown.has(k));
}

export type FrameColour = { frame: number; panel: number; ink: number; css: string; cssPanel: string };

const COLOUR: Record<string, [number, number]> = {
  W: [0xe9e1c4, 0xfbf8ec],
  U: [0x2f78c4, 0xdcebf7],
  B: [0x3b3432, 0xe3dcd9],
  R: [0xc9472f, 0xf8e0d8],
  G: [0x2f7e48, 0xdcefe0],
};
const GOLD: [number, number] = [0xc9a33a, 0xf7efd2];
const ARTIFACT: [number, number] = [0x8c8f94, 0xe8e9eb];
const LAND: [number, number] = [0x9a7b55, 0xf0e6d6];

const css = (n: number) => `#${n.toString(16).padStart(6, "0")}`;

/** The frame's colour: its colour, gold for several, grey for colourless, brown for a land. */
export function frameColour(f: FaceWords): FrameColour {
  const pair = f.colors.length > 1 ? GOLD : f.colors.length === 1 ? COLOUR[f.colors] : /\bland\b/i.test(f.type) ? LAND : ARTIFACT;
  const ink = pair === COLOUR.B || pair === COLOUR.U || pair === COLOUR.R || pair === COLOUR.G || pair === LAND || pair === ARTIFACT ? 0xffffff : 0x222222;
  return { frame: pair[0], panel: pair[1], ink, css: css(pair[0]), cssPanel: css(pair[1]) };
}
