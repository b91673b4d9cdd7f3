/**
 * Draws the card faces used by the table page: public/cards/<code>.svg for the
 * 52 cards ("AS", "TH", …), JK.svg (joker) and back.svg. Four suit colours,
 * so suits are told apart at a glance on a small screen.
 * Run: npx tsx scripts/gen-cards.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const OUT = path.resolve(process.cwd(), "public/cards");
const W = 250;
const H = 350;

export const SUIT_COLOURS: Record<string, string> = { S: "#1b1b1f", H: "#c8102e", D: "#1565c0", C: "#2e7d32" };

/** Suit shapes drawn in a 100 × 100 box. */
const SUIT_SHAPES: Record<string, string> = {
  H: '<path d="M50 90C20 66 4 49 4 30 4 15 16 5 29 5c10 0 17 6 21 13 4-7 11-13 21-13 13 0 25 10 25 25 0 19-16 36-46 60z"/>',
  D: '<path d="M50 3 89 50 50 97 11 50z"/>',
  S: '<path d="M50 4C36 24 8 39 8 60c0 14 11 22 23 22 8 0 14-4 17-9-1 10-5 17-12 22h28c-7-5-11-12-12-22 3 5 9 9 17 9 12 0 23-8 23-22C92 39 64 24 50 4z"/>',
  C: '<circle cx="50" cy="27" r="19"/><circle cx="27" cy="58" r="19"/><circle cx="73" cy="58" r="19"/><circle cx="50" cy="52" r="11"/><path d="M46 56c0 20-4 32-11 39h30c-7-7-11-19-11-39z"/>',
};

const RANK_LABEL: Record<string, string> = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
const label = (r: string) => RANK_LABEL[r] ?? r;

function pip(suit: string, cx: number, cy: number, size: number, flip = false): string {
  const s = size / 100;
  const rot = flip ? ` rotate(180 50 50)` : "";
  return `<g transform="translate(${cx - size / 2} ${cy - size / 2}) scale(${s})${rot}">${SUIT_SHAPES[suit]}</g>`;
}

const L = 80, C = 125, R = 170;
/** Pip centres for 2..10 (cards of rank 2..10), top half upright, bottom half turned. */
const PIPS: Record<string, [number, number][]> = {
  "2": [[C, 85], [C, 265]],
  "3": [[C, 85], [C, 175], [C, 265]],
  "4": [[L, 85], [R, 85], [L, 265], [R, 265]],
  "5": [[L, 85], [R, 85], [C, 175], [L, 265], [R, 265]],
  "6": [[L, 85], [R, 85], [L, 175], [R, 175], [L, 265], [R, 265]],
  "7": [[L, 85], [R, 85], [C, 130], [L, 175], [R, 175], [L, 265], [R, 265]],
  "8": [[L, 85], [R, 85], [C, 130], [L, 175], [R, 175], [C, 220], [L, 265], [R, 265]],
  "9": [[L, 85], [R, 85], [L, 145], [R, 145], [C, 175], [L, 205], [R, 205], [L, 265], [R, 265]],
  T: [[L, 85], [R, 85], [C, 115], [L, 145], [R, 145], [L, 205], [R, 205], [C, 235], [L, 265], [R, 265]],
};

const frame = (inner: string, title: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img"><title>${title}</title>` +
  `<rect x="2" y="2" width="${W - 4}" height="${H - 4}" rx="16" fill="#fff" stroke="#9a9aa2" stroke-width="3"/>${inner}</svg>\n`;

function corner(rank: string, suit: string): string {
  const text = label(rank);
  const fontSize = text.length > 1 ? 44 : 50;
  const one = `<text x="30" y="56" font-family="Georgia, 'DejaVu Serif', serif" font-weight="700" font-size="${fontSize}" text-anchor="middle">${text}</text>${pip(suit, 30, 84, 30)}`;
  return `<g>${one}</g><g transform="rotate(180 ${W / 2} ${H / 2})">${one}</g>`;
}

const SUIT_NAME: Record<string, string> = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAME: Record<string, string> = { A: "ace", K: "king", Q: "queen", J: "jack", T: "10" };

export function cardSvg(code: string): string {
  const rank = code[0]!;
  const suit = code[1]!;
  const colour = SUIT_COLOURS[suit]!;
  let middle: string;
  if (rank === "A") middle = pip(suit, W / 2, H / 2, 120);
  else if (PIPS[rank]) middle = PIPS[rank].map(([x, y]) => pip(suit, x, y, 42, y > H / 2)).join("");
  else
    middle =
      `<rect x="58" y="58" width="${W - 116}" height="${H - 116}" rx="8" fill="none" stroke="${colour}" stroke-width="3"/>` +
      `<text x="${W / 2}" y="190" font-family="Georgia, 'DejaVu Serif', serif" font-weight="700" font-size="110" text-anchor="middle">${rank}</text>` +
      pip(suit, W / 2, 245, 56);
  return frame(`<g fill="${colour}">${corner(rank, suit)}${middle}</g>`, `${RANK_NAME[rank] ?? rank} of ${SUIT_NAME[suit]}`);
}

export function jokerSvg(): string {
  const star = (cx: number, cy: number, r: number) => {
    const pts: string[] = [];
    for (let i = 0; i < 10; i++) {
      const a = (Math.PI / 5) * i - Math.PI / 2;
      const rr = i % 2 === 0 ? r : r * 0.45;
      pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
    }
    return `<polygon points="${pts.join(" ")}"/>`;
  };
  const word = `<text x="30" y="40" font-family="Georgia, 'DejaVu Serif', serif" font-weight="700" font-size="26" text-anchor="middle">${[..."JOKER"].map((ch, i) => `<tspan x="30" dy="${i === 0 ? 0 : 28}">${ch}</tspan>`).join("")}</text>`;
  return frame(
    `<g fill="#6a1b9a">${word}<g transform="rotate(180 ${W / 2} ${H / 2})">${word}</g>${star(W / 2, H / 2, 70)}</g>`,
    "joker",
  );
}

export function backSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img"><title>card back</title>` +
    `<defs><pattern id="p" width="20" height="20" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
    `<rect width="20" height="20" fill="#1e3a8a"/><rect width="10" height="20" fill="#2749a8"/></pattern></defs>` +
    `<rect x="2" y="2" width="${W - 4}" height="${H - 4}" rx="16" fill="#fff" stroke="#9a9aa2" stroke-width="3"/>` +
    `<rect x="16" y="16" width="${W - 32}" height="${H - 32}" rx="10" fill="url(#p)"/></svg>\n`
  );
}

export function allCardFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const s of ["S", "H", "D", "C"])
    for (const r of ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]) files[`${r}${s}.svg`] = cardSvg(r + s);
  files["JK.svg"] = jokerSvg();
  files["back.svg"] = backSvg();
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? "")) {
  mkdirSync(OUT, { recursive: true });
  const files = allCardFiles();
  for (const [name, svg] of Object.entries(files)) writeFileSync(path.join(OUT, name), svg);
  console.log(`wrote ${Object.keys(files).length} card images to ${OUT}`);
}
