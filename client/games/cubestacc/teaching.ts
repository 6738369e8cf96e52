// Teaching a newcomer: the how-to card before a player's first game (howto.ts) and the guided
// first move of their first solo game (guide.ts), which lifts a playable card from the
// server's legal list. Neither may cost a turn: the card waits while our turn's clock runs.
import type { Aim } from "./aim";
import { FirstMoveGuide, guideCards } from "./guide";
import { HowTo, howtoSeen } from "./howto";
import type { TableModel } from "./model";
import { toast } from "../../ui/toast";

export interface TeachingDeps {
  model(): TableModel;
  me(): number | null;
  aim(): Aim;
  renderHand(): void;
}

export class Teaching {
  readonly howto = new HowTo();
  readonly guide = new FirstMoveGuide(!howtoSeen());
  private howtoChecked = false;

  constructor(private readonly deps: TeachingDeps) {
    // closing the how-to (button or Escape) starts the guided first move without waiting for a patch
    const reguide = () => setTimeout(() => this.guideNow(), 0);
    this.howto.el.addEventListener("click", reguide);
    this.howto.el.addEventListener("keydown", reguide);
  }

  /** The "?" button and key: how to play, for this table's rules. */
  help(): void {
    const m = this.deps.model();
    this.howto.show(m.wildPivot, m.timer);
  }

  /** The card the guide lifts in a new state (none while the how-to is open or still to come). */
  lift(m: TableModel, me: number | null): number | null {
    return this.pick(m, me, this.howto.shown || !this.howtoChecked);
  }

  /**
   * Before a player's first game: how to play (spectators and returning players skip it), but
   * never at the cost of a turn: while the clock runs on our own turn it waits, and when our
   * turn comes at a timed table the card steps aside (offered again next time). Nor over a room
   * that is filling: the owner's Start and the code to share stay in view, the waiting panel
   * offers the rules ("How to play"), and the card comes once the game is dealt.
   */
  teach(m: TableModel, me: number | null, prev: TableModel | null): void {
    if (me === null) return;
    const timedTurn = (x: TableModel | null) => !!x && x.phase === "playing" && x.timer > 0 && x.turn === me;
    if (!this.howtoChecked) {
      if (howtoSeen()) this.howtoChecked = true;
      else if (m.phase !== "waiting" && m.phase !== "" && !timedTurn(m)) {
        this.howtoChecked = true;
        this.howto.show(m.wildPivot, m.timer);
      }
    }
    if (this.howto.shown && timedTurn(m) && !timedTurn(prev)) {
      this.howto.hide(false);
      toast("Your turn! How to play is behind ?", "info");
    }
  }

  /** Lifts the guide's card now, when the guided first move is due and nothing is picked. */
  private guideNow(): void {
    const aim = this.deps.aim();
    if (aim.selected !== null) return;
    aim.selected = this.pick(this.deps.model(), this.deps.me(), this.howto.shown);
    if (aim.selected === null) return;
    this.deps.renderHand();
    aim.refreshTargets();
  }

  private pick(m: TableModel, me: number | null, howtoOpen: boolean): number | null {
    return this.guide.pick(m.mode, me !== null && m.turn === me && m.phase === "playing", guideCards(m.mine?.legal ?? []), howtoOpen, m.turnNo);
  }
}
