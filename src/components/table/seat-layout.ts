/**
 * Where seats sit on screen at a table of two to seven: the viewer at the
 * bottom and the others clockwise over the eight places around the trick
 * (the felt's 3×3 grid without its middle), and the trick's cards in the
 * same places of the trick's own 3×3 grid, so each card lies towards its
 * player. The last-trick button takes a place no seat uses. Shared by the
 * live table and the replay.
 */

/** The eight places around the trick. */
export type Place = "bottom" | "bottomLeft" | "left" | "topLeft" | "top" | "topRight" | "right" | "bottomRight";

/** The places of the seats after the viewer's, clockwise, by seat count: two on a side at most, so the felt stays short. */
const AROUND: Readonly<Record<number, readonly Place[]>> = {
  2: ["top"],
  3: ["left", "right"],
  4: ["left", "top", "right"],
  5: ["left", "topLeft", "topRight", "right"],
  6: ["left", "topLeft", "top", "topRight", "right"],
  7: ["bottomLeft", "left", "topLeft", "topRight", "right", "bottomRight"],
};

/** Reading order of the places (top row, middle row, bottom row): the order seats come in the page. */
export const READING_ORDER: readonly Place[] = ["topLeft", "top", "topRight", "left", "right", "bottomLeft", "bottom", "bottomRight"];

/** The place of each seat offset from the viewer (index 0: the viewer, at the bottom). */
export function placesFor(seatCount: number): readonly Place[] {
  const around = AROUND[seatCount];
  if (!around) throw new Error(`no seat layout for ${seatCount} seats`);
  return ["bottom", ...around];
}

/** Where `seat` sits for a viewer at `bottom` at a table of `seatCount`. */
export function placeOf(seat: number, bottom: number, seatCount: number): Place {
  return placesFor(seatCount)[(((seat - bottom) % seatCount) + seatCount) % seatCount]!;
}

/** The seats in the order the page lists them (reading order of their places). */
export function seatsInReadingOrder(bottom: number, seatCount: number): number[] {
  const seats = Array.from({ length: seatCount }, (_, s) => s);
  return seats.sort((a, b) => READING_ORDER.indexOf(placeOf(a, bottom, seatCount)) - READING_ORDER.indexOf(placeOf(b, bottom, seatCount)));
}

/** Whether seats sit in corners too (five or more): then cards lie above and below each other at the trick's sides. */
export function usesCorners(seatCount: number): boolean {
  return placesFor(seatCount).some((p) => p !== "bottom" && p !== "left" && p !== "top" && p !== "right");
}

/**
 * Whether no seat sits across while seats fill the corners (five and seven
 * seats): the trick then reaches up into the top row, between the top
 * corners' seats (so the felt is no taller than at four), and the
 * last-trick button takes the trick's empty place across.
 */
export function trickReachesTop(seatCount: number): boolean {
  return usesCorners(seatCount) && !placesFor(seatCount).includes("top");
}

/** A free place for the last-trick button (where the trick does not reach the top): the top-right corner where it is free, else another free corner. */
export function freeCorner(seatCount: number): Place {
  const used = new Set(placesFor(seatCount));
  return (["topRight", "bottomRight", "top"] as const).find((p) => !used.has(p)) ?? "bottomRight";
}

/** From the middle towards each place, as x and y steps (-1, 0, 1): where a card comes in from and the trick gathers to. */
export const TOWARDS: Readonly<Record<Place, readonly [number, number]>> = {
  bottom: [0, 1],
  bottomLeft: [-1, 1],
  left: [-1, 0],
  topLeft: [-1, -1],
  top: [0, -1],
  topRight: [1, -1],
  right: [1, 0],
  bottomRight: [1, 1],
};
