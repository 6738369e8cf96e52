// The lobby tile's drawing (client/games/tileArt.ts).
import { tileArt } from "../tileArt";

/** A corner of a board: open cells with numbers, a flag and a mine. */
export const minesweeperTile = tileArt(
  `<rect width="96" height="64" rx="8" fill="#c9d3e3"/>` +
    [0, 1, 2, 3, 4, 5]
      .flatMap((c) => [0, 1, 2, 3].map((r) => `<rect x="${6 + c * 14.5}" y="${4 + r * 14.5}" width="13" height="13" rx="2" fill="${(r + c) % 3 === 0 ? "#8fa3c3" : "#eef2f8"}"/>`))
      .join("") +
    `<text x="26" y="43" font-size="11" font-weight="700" fill="#1d4ed8" font-family="sans-serif">1</text>` +
    `<text x="40" y="28" font-size="11" font-weight="700" fill="#15803d" font-family="sans-serif">2</text>` +
    `<path d="M66 8v10M66 8l7 3-7 3" stroke="#b91c1c" stroke-width="2" fill="#dc2626"/>` +
    `<circle cx="81" cy="54" r="4.5" fill="#111"/><path d="M81 47v14M74 54h14" stroke="#111" stroke-width="1.5"/>`,
);
