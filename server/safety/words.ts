// How a sanction's end reads to the player: "for 2 more hours (until 14:30 UTC, 6 Dec)".

export function untilWords(until: number, now: number): string {
  const ms = Math.max(0, until - now);
  const minutes = Math.ceil(ms / 60_000);
  const span =
    minutes < 60 ? `${minutes} more minute${minutes === 1 ? "" : "s"}` : minutes < 48 * 60 ? `${Math.ceil(minutes / 60)} more hours` : `${Math.ceil(minutes / 1440)} more days`;
  const d = new Date(until);
  const at = `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")} UTC, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  return `for ${span} (until ${at})`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
