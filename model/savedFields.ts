/* Readers of saved learner fields, which come from storage and the wire: whatever is not of the expected shape reads as empty. */

export const savedStrings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

export const savedPoints = (value: unknown): { x: number; y: number }[] =>
  Array.isArray(value)
    ? value.filter((v): v is { x: number; y: number } => typeof v === 'object' && v !== null && typeof (v as { x: unknown }).x === 'number' && typeof (v as { y: unknown }).y === 'number')
    : [];

export function savedStringLists(value: unknown): Record<string, string[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([key, ids]) => [key, savedStrings(ids)]));
}
