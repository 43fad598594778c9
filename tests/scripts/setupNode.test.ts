import { expect, it } from 'vitest';

it('tests/setup.ts leaves node-environment tests without a DOM', () => {
  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
});
