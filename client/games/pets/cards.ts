// How an Auto Pets card looks: an emoji, its name, power and tier, its ability text on
// hover (desktop) or long press (touch). Card facts come from common/pets/cards.ts.
import { cardDef, isCardKey } from "../../../common/pets/index";
import { h } from "../../ui/dom";

const EMOJI: Record<string, string> = {
  ant: "🐜", cricket: "🦗", duck: "🦆", otter: "🦦", mosquito: "🦟", fish: "🐟",
  worm: "🪱", flamingo: "🦩", peacock: "🦚", swan: "🦢", rat: "🐀", spider: "🕷️",
  dog: "🐕", dolphin: "🐬", giraffe: "🦒", camel: "🐫", sheep: "🐑", dodo: "🦤", badger: "🦡",
  squirrel: "🐿️", turtle: "🐢", rooster: "🐓", bison: "🦬", blowfish: "🐡", skunk: "🦨", hippo: "🦛",
  monkey: "🐒", rhino: "🦏", crocodile: "🐊", scorpion: "🦂", seal: "🦭", shark: "🦈", turkey: "🦃",
  gorilla: "🦍", fly: "🪰", leopard: "🐆", mammoth: "🦣", cat: "🐈", snake: "🐍", wolverine: "🐾",
  honey: "🍯", garlic: "🧄", pineapple: "🍍", chili: "🌶️", melon: "🍈", apple: "🍎",
  bee: "🐝", "zombie-cricket": "🧟", "dirty-rat": "🐁", spiderling: "🕸️", ram: "🐏", chick: "🐣", "zombie-fly": "🪰",
};
const SUIT_MARK: Record<string, string> = { field: "🌾", forest: "🌲", water: "💧", sky: "☁️" };

export const emojiOf = (key: string): string => EMOJI[key] ?? "❔";
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
    h("span", { class: "pets-emoji", "aria-hidden": "true" }, emojiOf(key)),
    h("span", { class: "pets-name" }, c?.name ?? key),
    c && c.kind === "pet" ? h("span", { class: "pets-power", "aria-hidden": "true" }, String(c.power)) : null,
    c?.suit ? h("span", { class: "pets-suit", "aria-hidden": "true" }, SUIT_MARK[c.suit] ?? "") : null,
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
