// Cube art as SVG, drawn in the 120×140 reference box: TOP diamond (suit icon,
// from the deck pack), FACE on the left and SIDE on the right (the rank, skewed
// onto the wall), hats on face cards (J jester cap, Q tiara, K crown, A top hat),
// a blocked TOP on a 0, rainbow wilds. The same SVG feeds the DOM hand (<img>)
// and the Pixi textures (textures.ts rasterises it once per card).
//
// Icons are vector paths, not emoji: they look the same on every system and
// need no emoji font. Suit ids never change; a pack swaps icons and palette.
import { cardRank, cardSuit, isWild } from "../../../common/cubestacc/deck";
import { PACKS } from "../../../common/cubestacc/config";
import { SUITS, type PackId, type Rank, type Suit } from "../../../common/cubestacc/types";
import { BOX_H, BOX_W, POLY } from "./geometry";

export const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

/** Suit colour per pack (the pack swaps icon and palette). */
export const PALETTE: Readonly<Record<PackId, Record<Suit, string>>> = {
  classic: { spades: "#23262f", hearts: "#d32f2f", clubs: "#1e7d46", diamonds: "#1f62c4" },
  space: { spades: "#c62828", hearts: "#7b4bb7", clubs: "#c98a00", diamonds: "#3a5fcd" },
  halloween: { spades: "#e06a00", hearts: "#5f6b7a", clubs: "#4a2c6b", diamonds: "#d81b77" },
  nature: { spades: "#2e8b3e", hearts: "#d94f8a", clubs: "#6d4c2f", diamonds: "#d98a00" },
  animals: { spades: "#d97400", hearts: "#8d5a3b", clubs: "#1e88c7", diamonds: "#0f9d8a" },
};

function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes a colour with white (t > 0) or black (t < 0). */
export function tint(hex: string, t: number): string {
  const [r, g, b] = hexToRgb(hex);
  const to = t >= 0 ? 255 : 0;
  const k = Math.abs(t);
  const mix = (c: number) => Math.round(c + (to - c) * k);
  return "#" + [mix(r), mix(g), mix(b)].map((c) => c.toString(16).padStart(2, "0")).join("");
}

export function colourNumber(hex: string): number {
  return parseInt(hex.slice(1), 16);
}

// ---- icons: 24×24 boxes, centred at (12,12); c = suit colour -----------------------

type Icon = (c: string) => string;

const dark = "#1b1f27";

const ICONS: Readonly<Record<PackId, Record<Suit, Icon>>> = {
  classic: {
    spades: (c) =>
      `<path fill="${c}" d="M12 1.5C9.2 5.6 3.5 8.6 3.5 13.4c0 2.7 2.1 4.6 4.6 4.6 1.4 0 2.6-.6 3.2-1.5-.3 2-1.1 3.8-2.8 5.9h7c-1.7-2.1-2.5-3.9-2.8-5.9.6.9 1.8 1.5 3.2 1.5 2.5 0 4.6-1.9 4.6-4.6 0-4.8-5.7-7.8-8.5-11.9z"/>`,
    hearts: (c) => `<path fill="${c}" d="M12 21.5S2.5 15.4 2.5 8.9A5 5 0 0 1 12 6.3a5 5 0 0 1 9.5 2.6c0 6.5-9.5 12.6-9.5 12.6z"/>`,
    clubs: (c) =>
      `<g fill="${c}"><circle cx="12" cy="6.6" r="4.6"/><circle cx="6.4" cy="13.4" r="4.6"/><circle cx="17.6" cy="13.4" r="4.6"/><path d="M10.8 12h2.4l1.9 10H8.9z"/></g>`,
    diamonds: (c) => `<path fill="${c}" d="M12 1.5l8 10.5-8 10.5L4 12z"/>`,
  },
  space: {
    spades: (c) =>
      `<path fill="#f2a900" d="M9.5 17.5h5L12 23z"/><path fill="${c}" d="M7.6 12.5L4 18l4.6-1.6zM16.4 12.5L20 18l-4.6-1.6z"/><path fill="${c}" d="M12 1c3.3 2.4 4.8 6.5 4.6 11.2L15 17.6H9l-1.6-5.4C7.2 7.5 8.7 3.4 12 1z"/><circle cx="12" cy="9" r="2.3" fill="#fff" stroke="${dark}" stroke-width=".8"/>`,
    hearts: (c) =>
      `<circle cx="12" cy="12" r="6.6" fill="${c}"/><ellipse cx="12" cy="12" rx="11" ry="3.6" fill="none" stroke="${tint(c, -0.35)}" stroke-width="1.8" transform="rotate(-18 12 12)"/><path d="M6.2 12.6a6.6 6.6 0 0 0 11.6 0" fill="none" stroke="${tint(c, 0.45)}" stroke-width="1.2"/>`,
    clubs: (c) => `<path fill="${c}" d="M12 1.2l3.2 6.9 7.5.8-5.6 5.1 1.6 7.4L12 17.6l-6.7 3.8 1.6-7.4-5.6-5.1 7.5-.8z"/>`,
    diamonds: (c) => `<path fill="${c}" d="M15.5 2.2A9.8 9.8 0 1 0 21.8 16 8 8 0 0 1 15.5 2.2z"/>`,
  },
  halloween: {
    spades: (c) =>
      `<path fill="#3d7a2a" d="M11 3.2h2.2l.6 3.4h-3.2z"/><ellipse cx="8" cy="14" rx="5.6" ry="7" fill="${c}"/><ellipse cx="16" cy="14" rx="5.6" ry="7" fill="${c}"/><ellipse cx="12" cy="14" rx="5" ry="7.6" fill="${tint(c, 0.15)}"/><path fill="${dark}" d="M8.2 11.6l2 2.4H6.4zM15.8 11.6l1.9 2.4h-3.9zM8 16.4h8l-1.3 2-1.4-1-1.3 1-1.4-1-1.3 1z"/>`,
    hearts: (c) =>
      `<path fill="${c}" d="M4.5 22V11a7.5 7.5 0 0 1 15 0v11l-2.5-2.2-2.5 2.2-2.5-2.2-2.5 2.2-2.5-2.2z"/><ellipse cx="9.3" cy="10.5" rx="1.5" ry="2.1" fill="#fff"/><ellipse cx="14.7" cy="10.5" rx="1.5" ry="2.1" fill="#fff"/><ellipse cx="12" cy="15.5" rx="1.4" ry="1.9" fill="${tint(c, -0.4)}"/>`,
    clubs: (c) =>
      `<path fill="${c}" d="M12 9.2l1.2-2.4.8 2.3c2.6-1.7 6-1.9 9.5-.3-1.6.8-2.5 2.3-2.6 4.3-1.5-1.2-3.3-1.1-4.6.6-.8-.9-1.9-1.2-2.9-.8-.6 1.3-.9 2.9-1.4 4.3-.5-1.4-.8-3-1.4-4.3-1-.4-2.1-.1-2.9.8-1.3-1.7-3.1-1.8-4.6-.6-.1-2-1-3.5-2.6-4.3 3.5-1.6 6.9-1.4 9.5.3l.8-2.3z"/><circle cx="11" cy="10.6" r=".7" fill="#ffd54a"/><circle cx="13" cy="10.6" r=".7" fill="#ffd54a"/>`,
    diamonds: (c) =>
      `<path fill="${tint(c, -0.2)}" d="M7 12L1.5 7.5v9zM17 12l5.5-4.5v9z"/><circle cx="12" cy="12" r="5.6" fill="${c}"/><path d="M8.2 8.6l7.4 7.4M11.2 6.5l6.3 6.3M6.5 11.3l6.2 6.2" stroke="#fff" stroke-width="1.3" opacity=".75"/>`,
  },
  nature: {
    spades: (c) =>
      `<path fill="${c}" d="M21 3C10.5 3 3.8 8.5 3.8 15.6c0 1.6.4 3.1 1 4.4C7 13.6 11.6 10.4 16 9.2c-4.4 2.4-8.3 6.4-10.2 11.6 1 .3 2.1.5 3.2.5C17.8 21.3 21 13.6 21 3z"/>`,
    hearts: (c) =>
      `<g fill="${c}"><circle cx="12" cy="5.8" r="4.2"/><circle cx="18" cy="10.2" r="4.2"/><circle cx="15.7" cy="17.3" r="4.2"/><circle cx="8.3" cy="17.3" r="4.2"/><circle cx="6" cy="10.2" r="4.2"/></g><circle cx="12" cy="12" r="3.4" fill="#ffd54a"/>`,
    clubs: (c) =>
      `<path fill="#6d4c2f" d="M10.4 17.5h3.2V23h-3.2z"/><path fill="${c === "#6d4c2f" ? "#2f7d3a" : c}" d="M12 1l5.6 7.2h-2.6l4.6 6.2h-3l4 4.8H2.4l4-4.8h-3L8 8.2H5.4z"/>`,
    diamonds: (c) =>
      `<g stroke="${c}" stroke-width="2.2" stroke-linecap="round"><path d="M12 1.2v3.2M12 19.6v3.2M1.2 12h3.2M19.6 12h3.2M4.4 4.4l2.3 2.3M17.3 17.3l2.3 2.3M4.4 19.6l2.3-2.3M17.3 6.7l2.3-2.3"/></g><circle cx="12" cy="12" r="5.4" fill="${c}"/>`,
  },
  animals: {
    spades: (c) =>
      `<path fill="${c}" d="M4 3.5l4.6 4.6h6.8L20 3.5v10.3c0 4.4-3.6 7.7-8 7.7s-8-3.3-8-7.7z"/><g fill="${dark}"><ellipse cx="9" cy="12.5" rx="1.2" ry="1.7"/><ellipse cx="15" cy="12.5" rx="1.2" ry="1.7"/><path d="M10.8 15.6h2.4L12 17z"/></g><path d="M12 17v1.2M2 15.5l5 .3M2.5 18l4.6-1M22 15.5l-5 .3M21.5 18l-4.6-1" stroke="${dark}" stroke-width=".7"/>`,
    hearts: (c) =>
      `<ellipse cx="12" cy="13" rx="7" ry="7.6" fill="${tint(c, 0.25)}"/><path fill="${c}" d="M5.6 5.5C2.4 5.8 1.2 10.6 2.5 15c1.4-.3 2.8-1.6 3.6-3.3zM18.4 5.5c3.2.3 4.4 5.1 3.1 9.5-1.4-.3-2.8-1.6-3.6-3.3z"/><g fill="${dark}"><circle cx="9.2" cy="11.6" r="1.1"/><circle cx="14.8" cy="11.6" r="1.1"/><ellipse cx="12" cy="15.4" rx="2" ry="1.4"/></g><path d="M12 16.6v1.6" stroke="${dark}" stroke-width=".8"/>`,
    clubs: (c) =>
      `<path fill="${c}" d="M3.5 13.5c0-4.3 3.2-7.5 7.4-7.5 2.2 0 3.8 1 4.8 2.4l5.3-.9-3.2 3.3c.5 4.5-2.7 8.7-7.5 8.7-3.7 0-6.8-2.3-6.8-6z"/><path fill="${tint(c, 0.45)}" d="M6 13.6c2.2-.3 4.6.2 6.4 1.9-2 1.9-5.3 1.8-6.4-1.9z"/><circle cx="13.4" cy="9.6" r="1.1" fill="${dark}"/><path d="M9 19.4l-.6 2.6M12 19.5l.4 2.5" stroke="#f2a900" stroke-width="1.1"/>`,
    diamonds: (c) =>
      `<path fill="${c}" d="M1.5 6.5l4.2 5.5-4.2 5.5zM4.6 12c2.6-4.3 6.3-6.3 9.8-6.3 3.8 0 6.9 2.3 8.1 6.3-1.2 4-4.3 6.3-8.1 6.3-3.5 0-7.2-2-9.8-6.3z"/><circle cx="17.6" cy="10.6" r="1.2" fill="#fff"/><circle cx="17.8" cy="10.6" r=".6" fill="${dark}"/><path d="M11 8.5c1 2.2 1 4.8 0 7" fill="none" stroke="${tint(c, -0.3)}" stroke-width="1"/>`,
  },
};

/** A suit icon as a standalone SVG string (HUD: suit picker, wild chooser, seat badges). */
export function iconSvg(pack: PackId, suit: Suit, size = 24): string {
  const c = PALETTE[pack][suit];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="${size}" height="${size}" aria-hidden="true" focusable="false">${ICONS[pack][suit](c)}</svg>`;
}

export function suitName(pack: PackId, suit: Suit): string {
  const labels = PACKS[pack]?.labels;
  if (labels) return labels[suit];
  return suit.charAt(0).toUpperCase() + suit.slice(1);
}

const RANK_WORDS: Record<Rank, string> = {
  "0": "0",
  "2": "2",
  "3": "3",
  "4": "4",
  "5": "5",
  "6": "6",
  "7": "7",
  "8": "8",
  "9": "9",
  "10": "10",
  J: "Jack",
  Q: "Queen",
  K: "King",
  A: "Ace",
};

/** "7 of Planet", "King of hearts", "Wild (Moon)". */
export function cardLabel(card: number, pack: PackId, chosen?: Suit | null): string {
  if (isWild(card)) return chosen ? `Wild (${suitName(pack, chosen)})` : "Wild";
  const suit = cardSuit(card)!;
  const rank = cardRank(card)!;
  return `${RANK_WORDS[rank]} of ${suitName(pack, suit)}`;
}

// ---- hats on face cards (drawn upright on the back corner of the TOP) -------------------

function hat(rank: Rank | null): string {
  switch (rank) {
    case "J":
      return (
        `<path fill="#d32f2f" stroke="#5a1010" stroke-width="1.2" d="M49 24C45 10 35 7 29 13c8-1 14 3 21 11z"/>` +
        `<path fill="#1f62c4" stroke="#0e2f60" stroke-width="1.2" d="M71 24c4-14 14-17 20-11-8-1-14 3-21 11z"/>` +
        `<path fill="#7b4bb7" stroke="#35205a" stroke-width="1.2" d="M52 24c1-12 15-12 16 0z"/>` +
        `<rect x="46" y="22" width="28" height="6" rx="3" fill="#f2b705" stroke="#7a5a00" stroke-width="1.2"/>` +
        `<g fill="#f2b705" stroke="#7a5a00" stroke-width="1"><circle cx="29" cy="14" r="3"/><circle cx="91" cy="14" r="3"/><circle cx="60" cy="11" r="3"/></g>`
      );
    case "Q":
      return (
        `<path fill="#dfe6ee" stroke="#5d6b7a" stroke-width="1.3" stroke-linejoin="round" d="M45 28l1-10 6 5 4-9 4 5 4-5 4 9 6-5 1 10z"/>` +
        `<g stroke="#5d6b7a" stroke-width=".8"><circle cx="46" cy="17" r="2.3" fill="#fff"/><circle cx="56" cy="13" r="2.3" fill="#fff"/><circle cx="64" cy="13" r="2.3" fill="#fff"/><circle cx="74" cy="17" r="2.3" fill="#fff"/></g>` +
        `<circle cx="60" cy="21" r="3" fill="#e0457b" stroke="#7a1c3e" stroke-width=".9"/>`
      );
    case "K":
      return (
        `<path fill="#f2b705" stroke="#7a5a00" stroke-width="1.4" stroke-linejoin="round" d="M43 29V13l8.5 7L60 6l8.5 14L77 13v16z"/>` +
        `<rect x="43" y="25" width="34" height="4" fill="#d99a00" stroke="#7a5a00" stroke-width="1"/>` +
        `<circle cx="60" cy="19" r="2.8" fill="#d32f2f" stroke="#5a1010" stroke-width=".8"/><circle cx="51" cy="23" r="1.8" fill="#1f62c4"/><circle cx="69" cy="23" r="1.8" fill="#1e7d46"/>`
      );
    case "A":
      return (
        `<ellipse cx="60" cy="27" rx="17" ry="4.2" fill="#23262f" stroke="#000" stroke-width="1"/>` +
        `<path fill="#23262f" stroke="#000" stroke-width="1" d="M50 27V7.5c3.5-1.6 16.5-1.6 20 0V27c-3.5 1.4-16.5 1.4-20 0z"/>` +
        `<path fill="#d32f2f" d="M50 20.5c3.5 1.3 16.5 1.3 20 0V24c-3.5 1.3-16.5 1.3-20 0z"/>`
      );
    default:
      return "";
  }
}

// ---- the cube --------------------------------------------------------------------------

const pts = (p: readonly number[]) => p.join(",");

/** Text skewed onto a wall: FACE (left) rises to the left, SIDE (right) rises to the right. */
function wallText(wall: "face" | "side", text: string, colour: string, size = 30): string {
  const k = wall === "face" ? 28 / 48 : -28 / 48;
  const cx = wall === "face" ? 36 : 84;
  const fs = text.length > 1 ? size * 0.8 : size;
  const squeeze = text.length > 1 ? 0.86 : 1;
  return `<text transform="matrix(${squeeze},${(k * squeeze).toFixed(4)},0,1,${cx},${84 + fs * 0.36})" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${fs}" fill="${colour}">${text}</text>`;
}

/** An icon lying on the TOP diamond (upright, flattened to the diamond's 56:96 ratio). */
function topIcon(inner: string, scale = 1.75, cy = 47): string {
  const sx = scale;
  const sy = scale * (56 / 96) * 1.15; // a touch taller than true iso: reads better
  return `<g transform="matrix(${sx},0,0,${sy.toFixed(4)},${60 - 12 * sx},${(cy - 12 * sy).toFixed(2)})">${inner}</g>`;
}

function walls(top: string, face: string, side: string, edge: string): string {
  return (
    `<polygon points="${pts(POLY.face)}" fill="${face}"/>` +
    `<polygon points="${pts(POLY.side)}" fill="${side}"/>` +
    `<polygon points="${pts(POLY.top)}" fill="${top}"/>` +
    `<g fill="none" stroke="${edge}" stroke-width="2.6" stroke-linejoin="round"><polygon points="${pts(POLY.face)}"/><polygon points="${pts(POLY.side)}"/><polygon points="${pts(POLY.top)}"/></g>` +
    // a thin light edge where the top meets the walls: reads as a bevel
    `<path d="M14.5 47.5L60 73.8 105.5 47.5" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="1.4"/>`
  );
}

function svgDoc(body: string, px?: number): string {
  const size = px ? ` width="${px}" height="${Math.round((px * BOX_H) / BOX_W)}"` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${BOX_W} ${BOX_H}"${size}>${body}</svg>`;
}

/**
 * A card as a cube. `chosen` is a played wild's suit (a wild in hand has none).
 * `px`: rasterisation width (height follows the box ratio); omit for CSS sizing.
 */
export function cubeSvg(card: number, pack: PackId, chosen: Suit | null = null, px?: number): string {
  if (isWild(card)) return svgDoc(wildBody(pack, chosen), px);
  const suit = cardSuit(card)!;
  const rank = cardRank(card)!;
  const c = PALETTE[pack][suit];
  let body = walls(tint(c, 0.9), tint(c, 0.78), tint(c, 0.64), tint(c, -0.35));
  body += wallText("face", rank, c);
  body += wallText("side", rank, tint(c, -0.15));
  if (rank === "0") {
    // TOP blocked: faded icon under a no-entry sign
    body += `<g opacity=".35">${topIcon(ICONS[pack][suit](c), 1.5)}</g>`;
    body += `<g transform="matrix(1,0,0,.58,0,${(47 - 47 * 0.58).toFixed(2)})"><circle cx="60" cy="47" r="19" fill="none" stroke="#b3261e" stroke-width="5"/><path d="M46.6 60.4L73.4 33.6" stroke="#b3261e" stroke-width="5"/></g>`;
  } else {
    body += topIcon(ICONS[pack][suit](c), rank === "J" || rank === "Q" || rank === "K" || rank === "A" ? 1.55 : 1.75, rank === "J" || rank === "Q" || rank === "K" || rank === "A" ? 50 : 47);
  }
  body += hat(rank);
  return svgDoc(body, px);
}

function wildBody(pack: PackId, chosen: Suit | null): string {
  const p = PALETTE[pack];
  if (chosen) {
    const c = p[chosen];
    let body = walls(tint(c, 0.9), tint(c, 0.78), tint(c, 0.64), tint(c, -0.35));
    // a rainbow rim on the top says "wild", the chosen suit sits inside
    const [a, b, d, e] = SUITS.map((s) => p[s]);
    body += `<g transform="matrix(1,0,0,.6,0,${(47 - 47 * 0.6).toFixed(2)})" fill="none" stroke-width="5"><path d="M60 24a23 23 0 0 1 23 23" stroke="${a}"/><path d="M83 47a23 23 0 0 1-23 23" stroke="${b}"/><path d="M60 70a23 23 0 0 1-23-23" stroke="${d}"/><path d="M37 47a23 23 0 0 1 23-23" stroke="${e}"/></g>`;
    body += topIcon(ICONS[pack][chosen](c), 1.35);
    body += wallText("face", "W", c);
    body += wallText("side", "W", tint(c, -0.15));
    return body;
  }
  const [a, b, d, e] = SUITS.map((s) => p[s]);
  let body = walls("#fbf7ff", "#ebe3f6", "#d9cdec", "#3b2a5c");
  // four suit-coloured quarters on the TOP
  body += `<polygon points="60,18 84,32 60,46 36,32" fill="${tint(a, 0.25)}"/><polygon points="84,32 108,46 84,60 60,46" fill="${tint(b, 0.25)}"/><polygon points="60,46 84,60 60,74 36,60" fill="${tint(d, 0.25)}"/><polygon points="36,32 60,46 36,60 12,46" fill="${tint(e, 0.25)}"/>`;
  body += `<polygon points="${pts(POLY.top)}" fill="none" stroke="#3b2a5c" stroke-width="2.6" stroke-linejoin="round"/>`;
  body += topIcon(`<path fill="#fff" stroke="#3b2a5c" stroke-width="1.2" d="M12 1.2l3.2 6.9 7.5.8-5.6 5.1 1.6 7.4L12 17.6l-6.7 3.8 1.6-7.4-5.6-5.1 7.5-.8z"/>`, 1.3);
  const grad =
    `<defs><linearGradient id="wg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${a}"/><stop offset=".33" stop-color="${b}"/><stop offset=".66" stop-color="${d}"/><stop offset="1" stop-color="${e}"/></linearGradient></defs>`;
  body = grad + body;
  body += wallText("face", "W", "url(#wg)");
  body += wallText("side", "W", "url(#wg)");
  return body;
}

/** The back of a card (deck, other players' draws). */
export function backSvg(px?: number): string {
  let body = walls("#3a4f8f", "#2c3e74", "#22315c", "#0f1833");
  body += `<g transform="matrix(1,0,0,.58,0,${(46 - 46 * 0.58).toFixed(2)})" fill="none" stroke="#c9d6ff" stroke-width="2.2"><rect x="44" y="30" width="32" height="32" rx="4" transform="rotate(45 60 46)"/><rect x="51" y="37" width="18" height="18" rx="2" transform="rotate(45 60 46)"/></g>`;
  body += `<g stroke="#4f66ad" stroke-width="2"><path d="M20 58l32 18M20 70l32 18M20 82l32 18"/><path d="M100 58l-32 18M100 70l-32 18M100 82l-32 18"/></g>`;
  return svgDoc(body, px);
}

export function svgUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
