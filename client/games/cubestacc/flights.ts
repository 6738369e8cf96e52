// Cubestacc's flights: a new cube flies in from the hand or the seat that played it, drawn
// cards fly from the deck into the hand (or, as backs, to another player's seat), and a K
// on the stack pops the pending badge with a rising "+2". Nothing here changes the table.
import { floatText, flyPicture, type Animator } from "./animations";
import type { Board } from "./board";
import type { HandStrip } from "./hand";
import type { Hud } from "./hud";
import type { CubeModel, TableModel } from "./model";
import type { CubeTextures } from "./textures";

const DRAW_STAGGER_MS = 150;

export interface FlightDeps {
  model(): TableModel;
  me(): number | null;
  /** The play on its way (aim.ts): its cube flies from where the card left the hand. */
  sent(): { card: number; from: DOMRect | null } | null;
  /** Screenshots freeze the scene: no new flights then. */
  frozen(): boolean;
  anim: Animator;
  hud: Hud;
  hand: HandStrip;
  board: Board;
  textures: CubeTextures;
  tableHost: HTMLElement;
}

export class Flights {
  /** Hand cards still flying in (hidden in the strip until they land). */
  readonly arriving = new Set<number>();

  constructor(private readonly d: FlightDeps) {}

  private quiet(): boolean {
    return this.d.anim.instant || this.d.frozen();
  }

  /** Screenshots: every flight lands now. */
  landAll(): void {
    for (const card of this.arriving) this.d.hand.element(card)?.classList.remove("cs-arriving");
    this.arriving.clear();
    for (const el of document.querySelectorAll(".cs-flyer, .cs-float")) el.remove();
  }

  /** Where a new cube flies in from (page px): our hand card, or the player's seat. */
  originOf(cube: CubeModel): { x: number; y: number } | null {
    const me = this.d.me();
    const sent = this.d.sent();
    if (cube.by !== null && cube.by === me && sent && sent.card === cube.card && sent.from) {
      const r = sent.from;
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }
    if (cube.by === null) return null;
    const chip = this.d.hud.seatsBox.querySelector(`[data-seat="${cube.by}"]`) as HTMLElement | null;
    if (!chip) return null;
    const r = chip.getBoundingClientRect();
    if (r.width === 0) return null;
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }

  /** New hand cards fly from the deck into their place, one at a time. */
  draws(cards: number[], deal: boolean): void {
    if (this.quiet()) return;
    const deck = this.d.hud.deckEl.getBoundingClientRect();
    const from = { left: deck.left, top: deck.top - 10, width: 40, height: 47 };
    cards.forEach((card, i) => {
      const el = this.d.hand.element(card);
      if (!el) return;
      el.classList.add("cs-arriving");
      this.arriving.add(card);
      const to = el.getBoundingClientRect();
      void flyPicture(this.d.textures.backUrl(), from, to, { delay: i * (deal ? 90 : DRAW_STAGGER_MS), duration: 300 }).then(() => {
        el.classList.remove("cs-arriving");
        this.arriving.delete(card);
      });
    });
  }

  backsTo(seat: number, n: number): void {
    if (this.quiet()) return;
    const chip = this.d.hud.seatsBox.querySelector(`[data-seat="${seat}"]`) as HTMLElement | null;
    if (!chip) return;
    const to = chip.getBoundingClientRect();
    if (to.width === 0) return;
    const deck = this.d.hud.deckEl.getBoundingClientRect();
    const from = { left: deck.left, top: deck.top - 10, width: 40, height: 47 };
    const dest = { left: to.left + to.width / 2 - 14, top: to.top + to.height / 2 - 16, width: 28, height: 33 };
    for (let i = 0; i < n; i++) void flyPicture(this.d.textures.backUrl(), from, dest, { delay: i * DRAW_STAGGER_MS, duration: 280 });
  }

  /** A K on the stack: the pending badge pops and "+2" rises from the K. */
  kStack(added: number): void {
    const last = this.d.model().cubes[this.d.model().cubes.length - 1];
    const p = last ? this.d.board.cubeCentre(last.id) : null;
    const r = this.d.tableHost.getBoundingClientRect();
    if (p) floatText(this.d.tableHost, p.x - r.left, p.y - r.top - 30, `+${added}`, "cs-float-k");
    const badge = this.d.hud.status.querySelector(".cs-pending") as HTMLElement | null;
    badge?.animate?.([{ transform: "scale(1)" }, { transform: "scale(1.35)" }, { transform: "scale(1)" }], { duration: 420, easing: "ease-out" });
  }
}
