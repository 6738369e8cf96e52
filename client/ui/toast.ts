// Small transient messages (server `error` replies, copy confirmations).
// The container is an aria-live region so screen readers hear them too.

let host: HTMLElement | null = null;

function container(): HTMLElement {
  if (host && document.body.contains(host)) return host;
  host = document.createElement("div");
  host.className = "toasts";
  host.setAttribute("role", "status");
  host.setAttribute("aria-live", "polite");
  document.body.append(host);
  return host;
}

export function toast(text: string, kind: "info" | "error" = "info", ms = 2600): void {
  const box = container();
  // The same text twice in a row (e.g. rate-limited spam) refreshes instead of stacking.
  const last = box.lastElementChild as HTMLElement | null;
  if (last && last.textContent === text) {
    last.dataset.until = String(Date.now() + ms);
    return;
  }
  const el = document.createElement("div");
  el.className = `toast toast-${kind}`;
  el.textContent = text;
  el.dataset.until = String(Date.now() + ms);
  box.append(el);
  while (box.children.length > 3) box.firstElementChild?.remove();
  const tick = () => {
    if (Date.now() >= Number(el.dataset.until)) {
      el.classList.add("toast-out");
      setTimeout(() => el.remove(), 250);
    } else setTimeout(tick, 200);
  };
  setTimeout(tick, 200);
}
