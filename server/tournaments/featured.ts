// A tournament's featured game (docs/tournaments.md "Featured game"): of the games being played
// now (paired, in a room, no result yet), the one whose best-ranked player stands highest in
// the standings, ties to the earlier game. Its page shows it with Watch; every tournament game
// is watched with the hub's spectator delay (TOURNAMENT_SPECTATOR_DELAY), so watching it
// cannot feed a player the live board.

/** What a page shows of it. */
export interface FeaturedGame {
  no: number;
  roomId: string;
  players: { id: string; name: string | null }[];
}

/** The featured game of `open` (games not scored yet) by `standings` (ranks), or null. */
export function featuredGame(
  open: readonly { no: number; players: readonly string[]; roomId: string | null }[],
  standings: readonly { id: string; rank: number }[],
  nameOf: (id: string) => string | null,
): FeaturedGame | null {
  const rank = new Map(standings.map((r) => [r.id, r.rank]));
  const best = (players: readonly string[]) => Math.min(...players.map((p) => rank.get(p) ?? Infinity));
  let top: { no: number; players: readonly string[]; roomId: string } | null = null;
  for (const g of open) {
    if (!g.roomId || g.players.length < 2) continue;
    if (!top || best(g.players) < best(top.players) || (best(g.players) === best(top.players) && g.no < top.no)) top = { no: g.no, players: g.players, roomId: g.roomId };
  }
  return top && { no: top.no, roomId: top.roomId, players: top.players.map((id) => ({ id, name: nameOf(id) })) };
}
