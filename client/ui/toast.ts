// Small transient messages (server `error` replies, copy confirmations).
// The container is an aria-live region so screen readers hear them too.
// An error lands next to what the player last touched (a button, a card on a canvas) when
// that was a moment ago and is still on the screen: a refusal is read where the eyes are,
// not in a corner or above the fold (every game's error toasts get this).

const hosts = new Map<string, HTMLElement>();

/** The live region toasts go in: `toasts` (the stack), `toasts-near` (beside the last touch; no transform, so its toasts are placed on the screen). */
function container(cls: "toasts" | "toasts-near" = "toasts"): HTMLElement {
  const known = hosts.get(cls);
  if (known && document.body.contains(known)) return known;
  const host = document.createElement("div");
  host.className = cls;
  host.setAttribute("role", "status");
  host.setAttribute("aria-live", "polite");
  document.body.append(host);
  hosts.set(cls, host);
  return host;
}

/** An error toast anchors to a touch at most this old (a server's answer takes milliseconds). */
const TOUCH_MS = 8000;

/** What the player last touched: the control (when it is one), and where (page coordinates). */
interface Touch {
  el: Element | null;
  x: number;
  y: number;
  w: number;
  h: number;
  at: number;
}
let touched: Touch | null = null;

const CONTROL = "button, a[href], input, select, textarea, summary, [role=button], [tabindex]";

function note(e: Event): void {
  const target = e.target as Element | null;
  if (!target || typeof target.closest !== "function") return;
  const p = e as PointerEvent;
  // a canvas (a card table) is not one control: the place touched is
  if (target.tagName === "CANVAS" && typeof p.clientX === "number") {
    touched = { el: null, x: p.clientX - 22 + scrollX, y: p.clientY - 22 + scrollY, w: 44, h: 44, at: Date.now() };
    return;
  }
  const el = target.closest(CONTROL) ?? (e.type === "keydown" ? null : target);
  if (!el || el === document.body || el === document.documentElement) return;
  const r = el.getBoundingClientRect();
  touched = { el, x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height, at: Date.now() };
}

if (typeof document !== "undefined") {
  document.addEventListener("pointerdown", note, { capture: true, passive: true });
  document.addEventListener("keydown", (e) => (e.key === "Enter" || e.key === " ") && note(e), { capture: true, passive: true });
}

/** Where the last touch is on the screen now (viewport coordinates), or null when it is stale or off the screen. */
function touchedRect(): DOMRect | null {
  const t = touched;
  if (!t || Date.now() - t.at > TOUCH_MS) return null;
  // the control itself when it is still shown (it may have moved); else where it was
  const live = t.el?.isConnected ? t.el.getBoundingClientRect() : null;
  const r = live && live.width > 0 ? live : new DOMRect(t.x - scrollX, t.y - scrollY, t.w, t.h);
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  return r.bottom < 0 || r.top > vh || r.right < 0 || r.left > vw ? null : r;
}

/** Puts `el` just under `r` (above it when there is no room below), inside the screen. */
function placeNear(el: HTMLElement, r: DOMRect): void {
  el.classList.add("toast-near");
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  el.style.maxWidth = `${Math.min(420, vw - 16)}px`;
  const w = el.offsetWidth;
  const h = el.offsetHeight;
  const left = Math.max(8, Math.min(vw - w - 8, r.left + r.width / 2 - w / 2));
  const below = r.bottom + 6;
  const top = below + h <= vh - 8 ? below : Math.max(8, r.top - h - 6);
  el.style.left = `${left}px`;
  el.style.top = `${top}px`;
}

export function toast(text: string, kind: "info" | "error" = "info", ms = 2600): void {
  const near = kind === "error" ? touchedRect() : null;
  const box = container(near ? "toasts-near" : "toasts");
  // The same text twice in a row (e.g. rate-limited spam) refreshes instead of stacking.
  const last = box.lastElementChild as HTMLElement | null;
  if (last && last.textContent === text) {
    last.dataset.until = String(Date.now() + ms);
    if (near) placeNear(last, near);
    return;
  }
  const el = document.createElement("div");
  el.className = `toast toast-${kind}`;
  el.textContent = text;
  el.dataset.until = String(Date.now() + ms);
  // one refusal beside the control at a time
  if (near) box.replaceChildren();
  box.append(el);
  if (near) placeNear(el, near);
  while (box.children.length > 3) box.firstElementChild?.remove();
  const tick = () => {
    if (Date.now() >= Number(el.dataset.until)) {
      el.classList.add("toast-out");
      setTimeout(() => el.remove(), 250);
    } else setTimeout(tick, 200);
  };
  setTimeout(tick, 200);
}
