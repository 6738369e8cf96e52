// The lobby tile's drawing (client/games/tileArt.ts).
import { tileArt } from "../tileArt";

/** Three fanned cards on felt: the queen of spades between two hearts. */
export const heartsTile = tileArt(
  `<rect width="96" height="64" rx="8" fill="#1d5b3c"/>` +
    [
      [-16, 30, "#c8102e", "A♥"],
      [0, 46, "#1b1b1f", "Q♠"],
      [16, 62, "#c8102e", "K♥"],
    ]
      .map(([rot, x, fill, label]) => `<g transform="rotate(${rot} ${x} 60)"><rect x="${Number(x) - 12}" y="10" width="24" height="36" rx="3" fill="#fff" stroke="#9aa3b2"/><text x="${Number(x) - 9}" y="24" font-size="10" font-weight="700" fill="${fill}" font-family="sans-serif">${label}</text></g>`)
      .join(""),
);
