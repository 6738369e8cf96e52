// A link to open on another device: its QR code (for a phone camera), the link as text, and a
// Copy button beside them. Used by "Continue on another device" and by invites.
import { h } from "./dom";
import { qrSvg } from "./qr";
import { toast } from "./toast";

export interface LinkPanelOptions {
  id: string;
  title: string;
  text: string;
  link: string;
  /** What the QR code is, for screen readers ("QR code of the device link"). */
  qrLabel: string;
  copied: string;
  /** Where focus goes back to when it closes. */
  opener: HTMLElement;
}

/** Shows the panel (replacing one with the same id); returns a function that closes it. */
export function showLinkPanel(o: LinkPanelOptions): () => void {
  const input = h("input", { type: "text", readonly: true, id: `${o.id}-url`, value: o.link, "aria-label": o.title });
  input.value = o.link;
  const copy = h("button", { type: "button", class: "primary", id: `${o.id}-copy` }, "Copy link");
  const close = h("button", { type: "button", class: "secondary", id: `${o.id}-close` }, "Close");
  const panel = h(
    "div",
    { class: "link-panel", role: "dialog", "aria-modal": "false", "aria-labelledby": `${o.id}-h`, id: o.id },
    h("h2", { id: `${o.id}-h` }, o.title),
    h("p", {}, o.text),
    h("div", { class: "link-panel-body" }, h("div", { class: "qr-box" }, qrSvg(o.link, o.qrLabel)), h("div", { class: "link-panel-side" }, input, h("div", { class: "notice-actions" }, copy, close))),
  );
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(o.link);
      toast(o.copied);
    } catch {
      input.select(); // no clipboard permission: selected for copying by hand
    }
  });
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") shut();
  };
  let open = true;
  const shut = () => {
    if (!open) return;
    open = false;
    panel.removeEventListener("keydown", onKey);
    panel.remove();
    if (o.opener.isConnected) o.opener.focus();
  };
  close.addEventListener("click", shut);
  panel.addEventListener("keydown", onKey);
  document.getElementById(o.id)?.remove();
  (o.opener.closest(".room") ?? document.body).append(panel);
  input.focus();
  input.select();
  return shut;
}
