// Asking for the room's people panel (chatPanel.ts: Mute, Block, Report) from anywhere a name
// shows: a seat in the seat list, the end screen. A window event, so the shell and the games'
// screens need not hold the panel.

const EVENT = "hub:people";

/** Opens the people panel, at `seat` when given (a room seat). */
export function askForPeople(seat?: number): void {
  window.dispatchEvent(new CustomEvent(EVENT, { detail: { seat } }));
}

/** Calls `open` whenever someone asks for the people panel; returns the way to stop. */
export function onPeopleAsked(open: (seat: number | undefined) => void): () => void {
  const listener = (e: Event) => open((e as CustomEvent<{ seat?: number }>).detail?.seat);
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
