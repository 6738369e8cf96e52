// A QR code as an SVG element (one path of dark modules, a quiet zone of 4): crisp at any size,
// no image URL (the CSP needs no data: for it), and readable by a phone camera at ~200 px.
import qrcode from "qrcode-generator";

const SVG = "http://www.w3.org/2000/svg";
const QUIET = 4;

/** The modules of `text` (true: dark), error correction M (a link survives a smudged screen). */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

export function qrSvg(text: string, label: string): SVGSVGElement {
  const modules = qrModules(text);
  const size = modules.length + 2 * QUIET;
  let d = "";
  modules.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) d += `M${c + QUIET} ${r + QUIET}h1v1h-1z`;
    }),
  );
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.dataset.modules = String(modules.length);
  const bg = document.createElementNS(SVG, "rect");
  bg.setAttribute("width", String(size));
  bg.setAttribute("height", String(size));
  bg.setAttribute("fill", "#fff");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(bg, path);
  return svg;
}
