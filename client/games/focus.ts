// Keyboard focus across a redraw: DOM scenes rebuild their rows on every state patch, which
// would drop the keyboard player's focus to the page. `keepFocus` notes what had focus (by
// id, or by data-id / data-zone / data-card under the nearest element with an id) and puts
// it back on the rebuilt element that matches, if there is one.

const KEYS = ["data-id", "data-zone", "data-card", "data-col"] as const;

function selectorOf(el: Element, root: HTMLElement): string | null {
  if (!root.contains(el) || el === root) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  const key = KEYS.find((k) => el.hasAttribute(k));
  if (!key) return null;
  const scope = el.parentElement?.closest("[id]");
  const own = `[${key}="${CSS.escape(el.getAttribute(key)!)}"]`;
  return scope && root.contains(scope) ? `#${CSS.escape(scope.id)} ${own}` : own;
}

/** Runs `render` (which rebuilds part of `root`) and gives focus back to the matching element. */
export function keepFocus(root: HTMLElement, render: () => void): void {
  const active = document.activeElement;
  const sel = active ? selectorOf(active, root) : null;
  render();
  if (!sel || (document.activeElement && document.activeElement !== document.body && root.contains(document.activeElement))) return;
  const again = root.querySelector<HTMLElement>(sel);
  if (again && again.tabIndex >= 0 && !again.hidden) again.focus({ preventScroll: true });
}
