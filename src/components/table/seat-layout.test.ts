/** Seat places at two to seven seats: the viewer at the bottom, every other seat in its own place, clockwise. */
import { describe, expect, it } from "vitest";
import { READING_ORDER, freeCorner, placeOf, placesFor, seatsInReadingOrder, trickReachesTop, usesCorners } from "./seat-layout";

/** Clockwise order of the places, starting at the bottom. */
const CLOCKWISE = ["bottom", "bottomLeft", "left", "topLeft", "top", "topRight", "right", "bottomRight"];

describe("seat layout", () => {
  for (let count = 2; count <= 7; count++) {
    it(`${count} seats: one place each, clockwise from the viewer at the bottom, and a free corner for the last-trick button`, () => {
      const places = placesFor(count);
      expect(places).toHaveLength(count);
      expect(new Set(places).size).toBe(count);
      expect(places[0]).toBe("bottom");
      const turns = places.map((p) => CLOCKWISE.indexOf(p));
      expect(turns).toEqual([...turns].sort((a, b) => a - b));
      // Left and right mirror each other: as many seats on each side.
      const side = (x: string) => places.filter((p) => p.toLowerCase().includes(x)).length;
      expect(side("left")).toBe(side("right"));
      expect(places).not.toContain(freeCorner(count));
      for (let viewer = 0; viewer < count; viewer++) {
        expect(placeOf(viewer, viewer, count)).toBe("bottom");
        expect(new Set(Array.from({ length: count }, (_, s) => placeOf(s, viewer, count))).size).toBe(count);
        const order = seatsInReadingOrder(viewer, count);
        expect([...order].sort()).toEqual(Array.from({ length: count }, (_, s) => s).sort());
        const ranks = order.map((s) => READING_ORDER.indexOf(placeOf(s, viewer, count)));
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      }
    });
  }

  it("keeps the four-seat cross: left, across, right", () => {
    expect([1, 2, 3].map((s) => placeOf(s, 0, 4))).toEqual(["left", "top", "right"]);
    expect(placeOf(0, 1, 4)).toBe("right");
    expect(freeCorner(4)).toBe("topRight");
    expect([2, 3, 4, 5, 6, 7].map(usesCorners)).toEqual([false, false, false, true, true, true]);
    expect([2, 3, 4, 5, 6, 7].map(trickReachesTop)).toEqual([false, false, false, true, false, true]);
  });

  it("has no layout for a count no variant seats", () => {
    expect(() => placesFor(8)).toThrow();
  });
});
