import { z } from 'zod';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a URL's host is this machine (a platform run for local testing). */
export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname) || /^127(\.\d{1,3}){3}$/.test(url.hostname) || url.hostname.endsWith('.localhost');
}

/**
 * A platform endpoint an administrator registers: an absolute https URL without credentials or
 * fragment, or http on a loopback host (a platform on this machine, for testing). Content's
 * public-addresses-only guard does not apply: the administrator chose the address.
 */
export const PlatformUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((text) => URL.canParse(text), 'an absolute URL (https://lms.example/…)')
  .refine((text) => {
    const url = new URL(text);
    return !url.username && !url.password && !url.hash;
  }, 'no user, password or #fragment in the URL')
  .refine((text) => {
    const url = new URL(text);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackUrl(url));
  }, 'https (http only for a platform on this machine: localhost, 127.0.0.1, [::1])');
