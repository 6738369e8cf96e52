// The battle canvas's pictures, each drawn ONCE on a 2D canvas and shared by every sprite
// that shows it (the Cubestacc textures.ts way): card faces by kind, a card's portrait (the
// same drawing as on the shop's faces, portraits.ts), the
// rock, the d6 faces, the shield bubble, a damage marker, the clash burst, a heal cross.
// Words and numbers are BitmapText (one glyph atlas per style), so nothing here per frame.
import { CanvasSource, Texture } from "pixi.js";
import { CARD_H, CARD_W } from "./battleLayout";
import { paintPortrait } from "./portraits";

/** Rasterised at 2× the desktop size: sharp on a high-DPI phone. */
const R = 2;
export const FONT = ["DejaVu Sans", "Liberation Sans", "Arial", "sans-serif"];

export type Face = "pet" | "food" | "temp" | "empty";

const FACE_COLOURS: Record<Face, { fill: string; edge: string; dash?: boolean }> = {
  pet: { fill: "#fff8e7", edge: "#8a7a5a" },
  food: { fill: "#eefbe9", edge: "#6c9a5a" },
  temp: { fill: "#f3ecff", edge: "#8a6cc8", dash: true },
  empty: { fill: "rgba(255,255,255,0.06)", edge: "rgba(160,170,190,0.6)", dash: true },
};

function canvas(w: number, h: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const c = document.createElement("canvas");
  c.width = Math.ceil(w * R);
  c.height = Math.ceil(h * R);
  const g = c.getContext("2d")!;
  g.scale(R, R);
  return [c, g];
}

function roundRect(g: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  g.beginPath();
  g.moveTo(x + r, y);
  g.arcTo(x + w, y, x + w, y + h, r);
  g.arcTo(x + w, y + h, x, y + h, r);
  g.arcTo(x, y + h, x, y, r);
  g.arcTo(x, y, x + w, y, r);
  g.closePath();
}

export class BattleTextures {
  private cache = new Map<string, Texture>();

  private make(key: string, w: number, h: number, draw: (g: CanvasRenderingContext2D) => void): Texture {
    let t = this.cache.get(key);
    if (!t) {
      const [c, g] = canvas(w, h);
      draw(g);
      t = new Texture({ source: new CanvasSource({ resource: c, resolution: R }) });
      t.source.label = `pets battle ${key}`;
      this.cache.set(key, t);
    }
    return t;
  }

  face(kind: Face): Texture {
    return this.make(`face:${kind}`, CARD_W, CARD_H, (g) => {
      const c = FACE_COLOURS[kind];
      roundRect(g, 2, 2, CARD_W - 4, CARD_H - 4, 12);
      g.fillStyle = c.fill;
      g.fill();
      g.lineWidth = 3;
      g.strokeStyle = c.edge;
      if (c.dash) g.setLineDash([8, 5]);
      g.stroke();
    });
  }

  portrait(key: string): Texture {
    return this.make(`portrait:${key}`, 64, 64, (g) => paintPortrait(g, key, 32, 33, 54, "battle"));
  }

  rock(): Texture {
    return this.make("rock", 40, 34, (g) => {
      g.beginPath();
      g.moveTo(6, 20);
      g.lineTo(12, 6);
      g.lineTo(27, 3);
      g.lineTo(37, 14);
      g.lineTo(33, 29);
      g.lineTo(15, 32);
      g.closePath();
      g.fillStyle = "#8d8d8d";
      g.fill();
      g.lineWidth = 2;
      g.strokeStyle = "#4a4a4a";
      g.stroke();
      g.fillStyle = "rgba(255,255,255,0.35)";
      g.beginPath();
      g.arc(17, 11, 4, 0, Math.PI * 2);
      g.fill();
    });
  }

  /** A d6 showing `face` pips (0: a blank face with a dash, rocks' faces are 0/0/1/1/2/2). */
  die(face: number): Texture {
    return this.make(`die:${face}`, 34, 34, (g) => {
      roundRect(g, 2, 2, 30, 30, 6);
      g.fillStyle = "#ffffff";
      g.fill();
      g.lineWidth = 2;
      g.strokeStyle = "#2d3b55";
      g.stroke();
      g.fillStyle = "#2d3b55";
      const pip = (x: number, y: number) => {
        g.beginPath();
        g.arc(x, y, 3.4, 0, Math.PI * 2);
        g.fill();
      };
      const spots: Record<number, [number, number][]> = { 1: [[17, 17]], 2: [[10, 10], [24, 24]], 3: [[10, 10], [17, 17], [24, 24]] };
      if (face <= 0) g.fillRect(10, 16, 14, 3);
      else for (const [x, y] of spots[Math.min(face, 3)]) pip(x, y);
    });
  }

  bubble(): Texture {
    return this.make("bubble", CARD_W + 28, CARD_H + 28, (g) => {
      const w = CARD_W + 28, h = CARD_H + 28;
      g.beginPath();
      g.ellipse(w / 2, h / 2, w / 2 - 3, h / 2 - 3, 0, 0, Math.PI * 2);
      const grad = g.createRadialGradient(w / 2, h / 2, 10, w / 2, h / 2, h / 2);
      grad.addColorStop(0, "rgba(120,190,255,0.05)");
      grad.addColorStop(1, "rgba(120,190,255,0.35)");
      g.fillStyle = grad;
      g.fill();
      g.lineWidth = 4;
      g.strokeStyle = "rgba(90,170,255,0.95)";
      g.stroke();
      g.beginPath();
      g.ellipse(w * 0.33, h * 0.2, 14, 7, -0.5, 0, Math.PI * 2);
      g.fillStyle = "rgba(255,255,255,0.7)";
      g.fill();
    });
  }

  marker(): Texture {
    return this.make("marker", 12, 12, (g) => {
      g.beginPath();
      g.arc(6, 6, 5, 0, Math.PI * 2);
      g.fillStyle = "#e0453a";
      g.fill();
      g.lineWidth = 1.5;
      g.strokeStyle = "#7a1c15";
      g.stroke();
    });
  }

  burst(): Texture {
    return this.make("burst", 90, 90, (g) => {
      g.beginPath();
      for (let i = 0; i < 22; i++) {
        const r = i % 2 ? 18 : 44;
        const a = (i / 22) * Math.PI * 2;
        g.lineTo(45 + Math.cos(a) * r, 45 + Math.sin(a) * r);
      }
      g.closePath();
      g.fillStyle = "#ffd23f";
      g.fill();
      g.lineWidth = 3;
      g.strokeStyle = "#e0453a";
      g.stroke();
    });
  }

  cross(): Texture {
    return this.make("cross", 40, 40, (g) => {
      g.fillStyle = "#3fbf5f";
      g.strokeStyle = "#1d6b31";
      g.lineWidth = 2;
      roundRect(g, 14, 3, 12, 34, 3);
      g.fill();
      g.stroke();
      roundRect(g, 3, 14, 34, 12, 3);
      g.fill();
      g.stroke();
    });
  }

  destroy(): void {
    for (const t of this.cache.values()) t.destroy(true);
    this.cache.clear();
  }
}
