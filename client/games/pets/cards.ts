// How an Auto Pets card looks in a page (the replay): its portrait (portraits.ts, the same
// drawing as on the tables' canvases), its name, power and suit colour, its ability text on
// hover (desktop) or long press (touch). Card facts come from common/pets/cards.ts.
import { cardDef, isCardKey } from "../../../common/pets/index";
import { h } from "../../ui/dom";
import { SUIT_COLOUR } from "./faces";
import { portraitSvg } from "./portraits";

export const nameOf = (key: string): string => (isCardKey(key) ? cardDef(key).name : key);
export const isFoodKey = (key: string): boolean => isCardKey(key) && cardDef(key).kind === "food";

/** One line a player reads: what the card is and does. */
export function describe(key: string): string {
  if (!isCardKey(key)) return key;
  const c = cardDef(key);
  const head = c.kind === "pet" ? `${c.name} — power ${c.power}${c.suit ? `, ${c.suit}` : ""}${c.tier ? `, tier ${c.tier}` : ""}` : `${c.name} (food${c.tier ? `, tier ${c.tier}` : ""})`;
  return c.text ? `${head}. ${c.text}` : `${head}.`;
}

/** A card face (a button when `onPress` is given). */
export function cardFace(key: string, opts: { id?: string; cls?: string; onPress?: () => void; label?: string } = {}): HTMLElement {
  const c = isCardKey(key) ? cardDef(key) : null;
  const el = h(
    opts.onPress ? "button" : "div",
    {
      class: `pets-card ${c?.kind === "food" ? "pets-food" : "pets-pet"} ${opts.cls ?? ""}`,
      "data-card": key,
      "data-tip": describe(key),
      title: describe(key),
      "aria-label": opts.label ?? describe(key),
      ...(opts.onPress ? { type: "button" } : {}),
      ...(opts.id ? { id: opts.id } : {}),
    },
    h("span", { class: "pets-emoji", "aria-hidden": "true" }, portraitSvg(key, 34)),
    h("span", { class: "pets-name" }, c?.name ?? key),
    c && c.kind === "pet" ? h("span", { class: "pets-power", "aria-hidden": "true" }, String(c.power)) : null,
    c?.suit ? h("span", { class: "pets-suit", "aria-hidden": "true", title: c.suit, style: `background: ${SUIT_COLOUR[c.suit]}` }) : null,
  );
  if (opts.onPress) el.addEventListener("click", opts.onPress);
  return el;
}

/**
 * Ability text on long press (touch) and hover (mouse) for any `.pets-card` inside `root`,
 * shown in `tip`. A long press is swallowed so it does not also press the card.
 */
export function tooltips(root: HTMLElement, tip: HTMLElement): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let longPressed = false;
  const show = (card: HTMLElement) => {
    tip.textContent = card.dataset.tip ?? "";
    tip.hidden = false;
  };
  const hide = () => {
    tip.hidden = true;
  };
  const down = (e: PointerEvent) => {
    const card = (e.target as HTMLElement).closest<HTMLElement>(".pets-card");
    longPressed = false;
    if (!card || e.pointerType === "mouse") return;
    timer = setTimeout(() => {
      longPressed = true;
      show(card);
    }, 450);
  };
  const cancel = () => timer && (clearTimeout(timer), (timer = null));
  const over = (e: PointerEvent) => {
    const card = (e.target as HTMLElement).closest<HTMLElement>(".pets-card");
    if (e.pointerType === "mouse") (card ? show(card) : hide());
  };
  const click = (e: MouseEvent) => {
    if (longPressed) {
      e.stopPropagation();
      e.preventDefault();
      longPressed = false;
    } else if (!tip.hidden && !(e.target as HTMLElement).closest(".pets-card")) hide();
  };
  root.addEventListener("pointerdown", down);
  root.addEventListener("pointerup", cancel);
  root.addEventListener("pointermove", (e) => e.pointerType !== "mouse" && cancel());
  root.addEventListener("pointerover", over);
  root.addEventListener("pointerleave", hide);
  root.addEventListener("click", click, true);
  root.addEventListener("contextmenu", (e) => (e.target as HTMLElement).closest(".pets-card") && e.preventDefault());
  return cancel;
}
