import { describe, expect, it } from 'vitest';
import { fillIdentityPlaceholders, IDENTITY_PLACEHOLDERS } from '../../model/identityPlaceholders';

const user = { id: 'u-1234', email: "o'brien+test@school.example", firstname: 'Zoë Anna', lastname: 'Müller&Co' };
const guestSession = { publicId: 'gs_AbC-123', name: 'Gast Person' };
const all = IDENTITY_PLACEHOLDERS.map((name) => `${name}={{${name}}}`).join('&');

describe('fillIdentityPlaceholders', () => {
  it('fills each placeholder with the logged-in user, URL-encoded strictly', () => {
    expect(fillIdentityPlaceholders(`https://x.example/?${all}`, { user, guestSession: null })).toBe(
      'https://x.example/?email=o%27brien%2Btest%40school.example&firstname=Zo%C3%AB%20Anna&lastname=M%C3%BCller%26Co' +
        '&publicId=u-1234&guestSessionPublicId=no-guestsessionpublicid-available&guestSessionUserName=no-guestsessionusername-available&uniqueUserId=u-1234',
    );
  });

  it('a guest has the guest-session values; the user ones fall back', () => {
    expect(fillIdentityPlaceholders(`https://x.example/?${all}`, { user: null, guestSession })).toBe(
      'https://x.example/?email=no-email-available&firstname=no-firstname-available&lastname=no-lastname-available' +
        '&publicId=no-publicid-available&guestSessionPublicId=gs_AbC-123&guestSessionUserName=Gast%20Person&uniqueUserId=gs_AbC-123',
    );
  });

  it('an anonymous visitor gets every fallback', () => {
    expect(fillIdentityPlaceholders('https://x.example/{{email}}/{{uniqueUserId}}', {})).toBe('https://x.example/no-email-available/no-uniqueuserid-available');
  });

  it('an empty or blank value counts as absent', () => {
    expect(fillIdentityPlaceholders('?n={{firstname}}', { user: { ...user, firstname: '  ' } })).toBe('?n=no-firstname-available');
  });

  it('names match without regard to case, with spaces inside the braces; unknown ones stay', () => {
    expect(fillIdentityPlaceholders('a={{ EMAIL }}&b={{FirstName}}&c={{unknown}}&d={email}', { user })).toBe(
      'a=o%27brien%2Btest%40school.example&b=Zo%C3%AB%20Anna&c={{unknown}}&d={email}',
    );
  });

  it('a value cannot end the attribute or add parameters', () => {
    const hostile = { ...user, email: `"><script>alert(1)</script>&x=1#'()*!` };
    const filled = fillIdentityPlaceholders('https://x.example/?e={{email}}', { user: hostile });
    expect(filled).toBe('https://x.example/?e=%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E%26x%3D1%23%27%28%29%2A%21');
    expect(new URL(filled).searchParams.get('e')).toBe(hostile.email);
    expect([...new URL(filled).searchParams.keys()]).toEqual(['e']);
  });
});
