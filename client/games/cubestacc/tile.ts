// The lobby tile's drawing (client/games/tileArt.ts).
import { tileArt } from "../tileArt";

/** Three stacked cubes, the top one leaning. */
export const cubestaccTile = tileArt(
  `<rect width="96" height="64" rx="8" fill="#1f2a44"/>` +
    cube(32, 36, "#f59e0b") +
    cube(52, 36, "#10b981") +
    cube(42, 20, "#6366f1") +
    `<text x="74" y="22" font-size="13" font-weight="800" fill="#fde68a" font-family="sans-serif">+2</text>`,
);

function cube(x: number, y: number, fill: string): string {
  return (
    `<path d="M${x} ${y}l10-5 10 5-10 5z" fill="#fff" opacity=".55"/>` +
    `<path d="M${x} ${y}l10 5v12l-10-5z" fill="${fill}"/>` +
    `<path d="M${x + 20} ${y}l-10 5v12l10-5z" fill="${fill}" opacity=".75"/>`
  );
}
