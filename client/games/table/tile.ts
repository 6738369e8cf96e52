// The lobby tile's drawing (client/games/tileArt.ts).
import { tileArt } from "../tileArt";

/** Two fanned playing cards on felt. */
export const tableTile = tileArt(
  `<rect width="96" height="64" rx="8" fill="#166534"/>` +
    `<rect x="30" y="12" width="26" height="38" rx="3" fill="#fff" transform="rotate(-12 43 31)"/>` +
    `<rect x="42" y="12" width="26" height="38" rx="3" fill="#fff" transform="rotate(10 55 31)"/>` +
    `<text x="48" y="38" font-size="16" fill="#b91c1c" font-family="sans-serif">♥</text>`,
);
