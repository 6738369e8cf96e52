// What the browser remembers between visits: the player's name and, per room,
// the seat token that lets a reload (or a long drop) reclaim the seat.

const NAME_KEY = "hub.name";
const SEAT_PREFIX = "hub.seat.";
/** Seat tokens older than this are dropped (rooms do not live that long). */
const SEAT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface StoredSeat {
  roomId: string;
  seatToken: string;
  seat: number;
  game: string;
  savedAt: number;
}

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): everything still works, nothing is remembered
  }
}

/** Same cleaning the server applies: no control characters, trimmed, 16 characters. */
export function cleanName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim().slice(0, 16);
}

export function loadName(): string {
  return cleanName(store()?.getItem(NAME_KEY) ?? "");
}

export function saveName(name: string): void {
  const clean = cleanName(name);
  if (clean) store()?.setItem(NAME_KEY, clean);
  else store()?.removeItem(NAME_KEY);
}

/** The name to send when joining: the remembered one, or the server's default. */
export function playerName(): string {
  return loadName() || "Player";
}

export function loadSeat(roomId: string): StoredSeat | null {
  const s = store();
  if (!s) return null;
  const raw = s.getItem(SEAT_PREFIX + roomId);
  if (!raw) return null;
  try {
    const seat = JSON.parse(raw) as StoredSeat;
    if (typeof seat.seatToken !== "string" || Date.now() - seat.savedAt > SEAT_MAX_AGE_MS) {
      s.removeItem(SEAT_PREFIX + roomId);
      return null;
    }
    return seat;
  } catch {
    s.removeItem(SEAT_PREFIX + roomId);
    return null;
  }
}

/** Every seat this browser still holds a token for (newest first), for the lobby's rejoin offer. */
export function listSeats(): StoredSeat[] {
  const s = store();
  if (!s) return [];
  const ids: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (key?.startsWith(SEAT_PREFIX)) ids.push(key.slice(SEAT_PREFIX.length));
  }
  return ids
    .map((id) => loadSeat(id))
    .filter((x): x is StoredSeat => x !== null)
    .sort((a, b) => b.savedAt - a.savedAt);
}

export function saveSeat(seat: Omit<StoredSeat, "savedAt">): void {
  const s = store();
  if (!s) return;
  pruneSeats(s);
  s.setItem(SEAT_PREFIX + seat.roomId, JSON.stringify({ ...seat, savedAt: Date.now() }));
}

export function forgetSeat(roomId: string): void {
  store()?.removeItem(SEAT_PREFIX + roomId);
}

function pruneSeats(s: Storage): void {
  const now = Date.now();
  for (let i = s.length - 1; i >= 0; i--) {
    const key = s.key(i);
    if (!key?.startsWith(SEAT_PREFIX)) continue;
    try {
      const seat = JSON.parse(s.getItem(key) ?? "") as StoredSeat;
      if (now - seat.savedAt > SEAT_MAX_AGE_MS) s.removeItem(key);
    } catch {
      s.removeItem(key);
    }
  }
}
