// One card on the battle canvas: its face (pet, food, or a temporary token such as an apple
// or a bee, dashed and tagged TEMP), portrait, name, and for a pet in play its life left over
// its power, a red dot per damage marker, its perk, and the shield bubble around it.
// Drawn at the textures' size (CARD_W × CARD_H) and scaled by the layout.
import { BitmapFont, BitmapText, Container, Sprite } from "pixi.js";
import { cardDef, isCardKey } from "../../../common/pets/index";
import { CARD_H, CARD_W } from "./battleLayout";
import { isTemporary, type Fighter } from "./battleModel";
import { FONT, type BattleTextures } from "./battleTextures";
import { nameOf } from "./cards";

/** The canvas's one installed glyph atlas (white, tinted per text), crisp up to 2×. */
export const BATTLE_FONT = "PetsBattleFont";
const CHARS = [[" ", "~"], "−×…’•♥"];

/** Players using the atlas (a scene remounting may build its new player before the old one goes). */
let users = 0;

export function installBattleFont(): void {
  if (users++ === 0) BitmapFont.install({ name: BATTLE_FONT, style: { fontFamily: FONT, fontSize: 40, fontWeight: "bold", fill: 0xffffff }, resolution: 2, chars: CHARS as never });
}

export function uninstallBattleFont(): void {
  if (--users === 0) BitmapFont.uninstall(BATTLE_FONT);
}

export function label(text: string, size: number, fill: number): BitmapText {
  const t = new BitmapText({ text, style: { fontFamily: BATTLE_FONT, fontSize: size, fill } });
  return t;
}

/** Shrinks `t` to fit `width` (long names). */
function fit(t: BitmapText, width: number): void {
  t.scale.set(1);
  if (t.width > width) t.scale.set(width / t.width);
}

export class BattleCard extends Container {
  private face: Sprite;
  private pic: Sprite;
  private nameText: BitmapText;
  private life: BitmapText;
  private perkText: BitmapText;
  private temp: BitmapText;
  private marks = new Container();
  readonly bubble: Sprite;
  key = "";
  fighter: Fighter | null = null;

  constructor(private tx: BattleTextures, private compact: boolean) {
    super();
    this.face = new Sprite(tx.face("pet"));
    this.face.anchor.set(0.5);
    this.pic = new Sprite(tx.portrait("ant"));
    this.pic.anchor.set(0.5);
    this.nameText = label("", compact ? 24 : 16, 0x222222);
    this.nameText.anchor.set(0.5);
    this.life = label("", 19, 0x2d3b55);
    this.life.anchor.set(0.5);
    this.perkText = label("", 13, 0x2f7d32);
    this.perkText.anchor.set(0.5);
    this.temp = label("TEMP", compact ? 20 : 12, 0x6a4cb0);
    this.temp.anchor.set(0, 0);
    this.temp.position.set(-CARD_W / 2 + 8, -CARD_H / 2 + 6);
    this.bubble = new Sprite(tx.bubble());
    this.bubble.anchor.set(0.5);
    this.bubble.visible = false;
    this.addChild(this.face, this.pic, this.nameText, this.marks, this.life, this.perkText, this.temp, this.bubble);
  }

  /** A card to come (no damage yet). */
  showCard(key: string): void {
    this.key = key;
    this.fighter = null;
    const food = isCardKey(key) && cardDef(key).kind === "food";
    this.face.texture = this.tx.face(isTemporary(key) ? "temp" : food ? "food" : "pet");
    this.pic.texture = this.tx.portrait(key);
    this.nameText.text = nameOf(key);
    this.temp.visible = isTemporary(key);
    if (this.compact) {
      this.pic.scale.set(1.25);
      this.pic.position.set(0, -26);
      this.nameText.position.set(0, 34);
      fit(this.nameText, CARD_W - 10);
      this.life.visible = false;
      this.perkText.visible = false;
      this.marks.visible = false;
      this.bubble.visible = false;
      return;
    }
    this.pic.scale.set(1);
    this.pic.position.set(0, -34);
    this.nameText.position.set(0, 8);
    fit(this.nameText, CARD_W - 12);
    const power = isCardKey(key) ? cardDef(key).power : 0;
    this.life.visible = !food;
    this.life.text = String(power);
    this.life.position.set(0, CARD_H / 2 - 18);
    this.perkText.visible = false;
    this.marks.visible = false;
    this.bubble.visible = false;
  }

  /** The pet in play: life left / power, markers, perk, shield. */
  showFighter(f: Fighter): void {
    if (f.key !== this.key || this.compact) {
      this.compact = false;
      this.nameText.style.fontSize = 16;
      this.showCard(f.key);
    }
    this.fighter = { ...f };
    this.life.visible = true;
    this.life.text = `${Math.max(0, f.power - f.dmg)}/${f.power}`;
    this.perkText.visible = !!f.perk;
    this.perkText.text = f.perk ? `+ ${nameOf(f.perk)}` : "";
    this.perkText.position.set(0, 28);
    this.bubble.visible = f.shield;
    this.bubble.alpha = 1;
    this.bubble.scale.set(1);
    this.marks.visible = true;
    // the damage markers: made once each, kept, shown as many as the damage (at most 10)
    const n = Math.min(f.dmg, 10);
    while (this.marks.children.length < n) {
      const m = new Sprite(this.tx.marker());
      m.anchor.set(0.5);
      m.scale.set(1.2);
      this.marks.addChild(m);
    }
    this.marks.children.forEach((m, i) => {
      m.visible = i < n;
      if (i < n) m.position.set((i - (n - 1) / 2) * 13, CARD_H / 2 - 40);
    });
  }

  /** The life pill's colour flash (red when hurt, green when healed). */
  tintLife(colour: number): void {
    this.life.tint = colour;
    this.face.tint = colour === 0xffffff ? 0xffffff : colour;
  }
}
