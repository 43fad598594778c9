/** Rules of the polygon target exercise (spec section 4, Polygon exercise). Points are fractions 0–1 of the image. */

export type Point = { x: number; y: number };
export type TargetPolygon = { points: readonly Point[]; isCorrect: boolean };

/** A mark this close to a polygon's edge (in image fractions) still counts as inside (spec section 9). */
export const POLYGON_TOLERANCE = 0.009;

/** Even–odd ray casting. */
export function isPointInPolygon(point: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    const crosses = a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x;
    if (crosses) inside = !inside;
  }
  return inside;
}

function distanceToSegment(point: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared));
  return Math.hypot(point.x - (a.x + t * dx), point.y - (a.y + t * dy));
}

export function distanceToPolygonEdge(point: Point, polygon: readonly Point[]): number {
  let best = Infinity;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    best = Math.min(best, distanceToSegment(point, polygon[j], polygon[i]));
  }
  return best;
}

/** Inside the polygon, or within `tolerance` of its edge. */
export function isInsidePolygon(point: Point, polygon: readonly Point[], tolerance = POLYGON_TOLERANCE): boolean {
  return isPointInPolygon(point, polygon) || distanceToPolygonEdge(point, polygon) <= tolerance;
}

/** A mark is correct when it lies in any correct polygon. */
export function isMarkCorrect(mark: Point, polygons: readonly TargetPolygon[]): boolean {
  return polygons.some((polygon) => polygon.isCorrect && isInsidePolygon(mark, polygon.points));
}

/** Indexes of the correct polygons that hold at least one mark. */
export function foundPolygonIndexes(marks: readonly Point[], polygons: readonly TargetPolygon[]): number[] {
  return polygons.flatMap((polygon, index) =>
    polygon.isCorrect && marks.some((mark) => isInsidePolygon(mark, polygon.points)) ? [index] : [],
  );
}

/** Correct when every mark is correct and every correct polygon is found. */
export function isPolygonExerciseCorrect(marks: readonly Point[], polygons: readonly TargetPolygon[]): boolean {
  const targets = polygons.filter((polygon) => polygon.isCorrect).length;
  return marks.every((mark) => isMarkCorrect(mark, polygons)) && foundPolygonIndexes(marks, polygons).length === targets;
}

/** The learner may place at most one mark per polygon. */
export function canAddMark(markCount: number, polygonCount: number): boolean {
  return markCount < polygonCount;
}

export function clampToImage(point: Point): Point {
  return { x: Math.min(1, Math.max(0, point.x)), y: Math.min(1, Math.max(0, point.y)) };
}
