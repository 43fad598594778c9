/** The path segments of a splat param: `a/b/c` → ['a', 'b', 'c']. */
export function splitSegments(splat: string | undefined): string[] {
  return (splat ?? '').split('/').filter(Boolean);
}
