import { describe, expect, it } from 'vitest';
import { avatarInitials } from '../../src/auth/avatarInitials';

describe('avatarInitials (spec section 5)', () => {
  it('takes the first letters of the first two words', () => {
    expect(avatarInitials('Ada Müller-Weiß')).toBe('AM');
    expect(avatarInitials('  ada   lovelace  byron ')).toBe('AL');
  });
  it('takes the first two letters of a single word', () => {
    expect(avatarInitials('Ada')).toBe('AD');
    expect(avatarInitials('Ölfa')).toBe('ÖL');
  });
  it('says ?? when the name is empty', () => {
    expect(avatarInitials('')).toBe('??');
    expect(avatarInitials('   ')).toBe('??');
  });
  it('counts letters, not UTF-16 halves', () => {
    expect(avatarInitials('𝒜da 𝒷ob')).toBe('𝒜𝒷');
  });
});
