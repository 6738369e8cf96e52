// A room seat's name as every scene shows it (pure: scenes, models and their tests share it).

/**
 * Who sits there, else who left it ("Ana (left)": the game they played stays theirs), else
 * `fallback` ("Seat 2").
 */
export function seatName(seat: { name: string; departed?: string } | undefined, fallback: string): string {
  if (seat?.name) return seat.name;
  return seat?.departed ? `${seat.departed} (left)` : fallback;
}
