// The game catalogue shown in the lobby.
export interface GameInfo {
  id: string;
  name: string;
  blurb: string;
  playable: boolean;
}

export const GAMES: GameInfo[] = [
  { id: "minesweeper", name: "Minesweeper", blurb: "Classic levels solo, or clear one big board together.", playable: true },
  { id: "cubestacc", name: "Cubestacc", blurb: "Shed your hand of stacked cubes.", playable: true },
  { id: "pets", name: "Auto Pets", blurb: "Shop, arrange, battle.", playable: false },
  { id: "table", name: "Card table", blurb: "A free-form table for any deck.", playable: false },
];

export function gameName(id: string): string {
  return GAMES.find((g) => g.id === id)?.name ?? id;
}
