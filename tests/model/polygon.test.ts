import { describe, expect, it } from 'vitest';
import {
  POLYGON_TOLERANCE, canAddMark, clampToImage, distanceToPolygonEdge, foundPolygonIndexes, isInsidePolygon, isMarkCorrect,
  isPointInPolygon, isPolygonExerciseCorrect,
} from '../../src/kinds/polygon/polygon.model';

const square = [{ x: 0.1, y: 0.1 }, { x: 0.3, y: 0.1 }, { x: 0.3, y: 0.3 }, { x: 0.1, y: 0.3 }];
const triangle = [{ x: 0.6, y: 0.6 }, { x: 0.9, y: 0.6 }, { x: 0.75, y: 0.9 }];

describe('point in polygon', () => {
  it('finds points inside a square and a triangle, not outside', () => {
    expect(isPointInPolygon({ x: 0.2, y: 0.2 }, square)).toBe(true);
    expect(isPointInPolygon({ x: 0.35, y: 0.2 }, square)).toBe(false);
    expect(isPointInPolygon({ x: 0.75, y: 0.7 }, triangle)).toBe(true);
    expect(isPointInPolygon({ x: 0.62, y: 0.85 }, triangle)).toBe(false);
  });
  it('handles a concave polygon', () => {
    const u = [{ x: 0, y: 0 }, { x: 0.3, y: 0 }, { x: 0.3, y: 0.3 }, { x: 0.2, y: 0.3 }, { x: 0.2, y: 0.1 }, { x: 0.1, y: 0.1 }, { x: 0.1, y: 0.3 }, { x: 0, y: 0.3 }];
    expect(isPointInPolygon({ x: 0.15, y: 0.2 }, u)).toBe(false);
    expect(isPointInPolygon({ x: 0.05, y: 0.2 }, u)).toBe(true);
  });
});

describe('tolerance 0.009', () => {
  it('is the spec value', () => expect(POLYGON_TOLERANCE).toBe(0.009));
  it('counts a point just outside the edge as inside, a point further away not', () => {
    expect(distanceToPolygonEdge({ x: 0.308, y: 0.2 }, square)).toBeCloseTo(0.008, 6);
    expect(isInsidePolygon({ x: 0.308, y: 0.2 }, square)).toBe(true);
    expect(isInsidePolygon({ x: 0.3095, y: 0.2 }, square)).toBe(false);
    expect(isInsidePolygon({ x: 0.306, y: 0.306 }, square)).toBe(true); // near the corner: distance ≈ 0.0085
    expect(isInsidePolygon({ x: 0.307, y: 0.307 }, square)).toBe(false); // ≈ 0.0099
  });
});

describe('marks', () => {
  const polygons = [{ points: square, isCorrect: true }, { points: triangle, isCorrect: true }, { points: [{ x: 0.5, y: 0 }, { x: 0.6, y: 0 }, { x: 0.55, y: 0.1 }], isCorrect: false }];
  it('a mark is correct inside a correct polygon only', () => {
    expect(isMarkCorrect({ x: 0.2, y: 0.2 }, polygons)).toBe(true);
    expect(isMarkCorrect({ x: 0.55, y: 0.03 }, polygons)).toBe(false);
    expect(isMarkCorrect({ x: 0.5, y: 0.5 }, polygons)).toBe(false);
  });
  it('counts found correct polygons and judges the exercise', () => {
    expect(foundPolygonIndexes([{ x: 0.2, y: 0.2 }, { x: 0.25, y: 0.25 }], polygons)).toEqual([0]);
    expect(isPolygonExerciseCorrect([{ x: 0.2, y: 0.2 }], polygons)).toBe(false);
    expect(isPolygonExerciseCorrect([{ x: 0.2, y: 0.2 }, { x: 0.75, y: 0.7 }], polygons)).toBe(true);
    expect(isPolygonExerciseCorrect([{ x: 0.2, y: 0.2 }, { x: 0.75, y: 0.7 }, { x: 0.5, y: 0.5 }], polygons)).toBe(false);
  });
  it('limits marks to the polygon count and keeps them in the image', () => {
    expect(canAddMark(2, 3)).toBe(true);
    expect(canAddMark(3, 3)).toBe(false);
    expect(clampToImage({ x: -0.2, y: 1.3 })).toEqual({ x: 0, y: 1 });
  });
});
