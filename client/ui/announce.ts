// One screen-reader live region for the whole page (visually hidden): what a keyboard or
// screen-reader player needs to hear that the Pixi canvases only draw — a cell's contents
// after a reveal, whose turn it is, where a picked card would go. `polite` waits for the
// reader to finish; `assertive` interrupts (your turn, a refusal).
// The same words twice in a row are still read: the region is emptied, then refilled.

const HISTORY = 30;
const spoken: string[] = [];
const regions: Partial<Record<"polite" | "assertive", HTMLElement>> = {};

function region(kind: "polite" | "assertive"): HTMLElement {
  let el = regions[kind];
  if (el && el.isConnected) return el;
  el = document.createElement("div");
  el.id = `hub-announce-${kind}`;
  el.className = "sr-only";
  el.setAttribute("aria-live", kind);
  el.setAttribute("aria-atomic", "true");
  el.setAttribute("role", kind === "assertive" ? "alert" : "status");
  document.body.append(el);
  regions[kind] = el;
  return el;
}

export function announce(text: string, kind: "polite" | "assertive" = "polite"): void {
  const words = text.trim();
  if (!words) return;
  const el = region(kind);
  spoken.push(words);
  if (spoken.length > HISTORY) spoken.shift();
  if (el.textContent === words) {
    el.textContent = "";
    requestAnimationFrame(() => (el.textContent = words));
  } else el.textContent = words;
}

/** The last announcements, oldest first (tests, window.__hub). */
export function announcements(): string[] {
  return [...spoken];
}
