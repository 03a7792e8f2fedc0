// Field schemas shared by every resource's inputs: names, URLs, icons, colours, emails.
import { z } from 'zod';
import { MAX_IP_RULES, parseRule } from '../../lib/shared/ip-rules';

export const name = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(255)
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters')
  .refine((s) => s.isWellFormed(), 'must not contain unpaired UTF-16 surrogates');

export const httpsUrl = () =>
  z
    .string()
    .max(2048)
    .url('must be an absolute URL')
    .refine((u) => /^https:\/\//i.test(u), 'must be an https URL');

/**
 * A file to fetch. The https-only and public-address rules are enforced by the fetch itself
 * (safeFetch, every redirect hop included), which is also where the test seam for a loopback
 * file server lives; refusing http here would make that seam unreachable.
 */
export const sourceUrl = () => z.string().max(2048).url('must be an absolute URL');

export const icon = z.string().trim().min(1).max(64).regex(/^[a-z0-9-]+$/, 'must be an icon name (lowercase letters, digits, -)');
export const color = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour like #1a2b3c');

/** An email address, trimmed and lower-cased. */
export const email = z.string().trim().toLowerCase().pipe(z.email('must be a valid email address')).pipe(z.string().max(254));

/** Text a visitor may be shown (at most `max`); clearing it is null, never an empty string. */
export const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty (send null to clear it)')
    .max(max)
    .regex(/^[^\u0000]*$/, 'must not contain NUL characters');
/** One line of such text: no control characters. */
export const line = (max: number) => text(max).regex(/^[^\u0000-\u001f\u007f]*$/, 'must be one line without control characters');

/**
 * An IP allow list: IPv4/IPv6 addresses or CIDRs ("203.0.113.0/24", "2001:db8::/32"), at most 100;
 * empty allows everyone. Stored normalised (normalizeIpRules).
 */
export const ipAllowList = z
  .array(
    z
      .string()
      .trim()
      .max(100)
      .refine((r) => parseRule(r) !== null, { error: (iss) => `"${String(iss.input).slice(0, 100)}" is not an IP address or CIDR like 203.0.113.0/24 or 2001:db8::/32` }),
  )
  .max(MAX_IP_RULES, `at most ${MAX_IP_RULES} entries`)
  .describe('IPv4/IPv6 addresses or CIDRs visitors must come from; empty (the default) allows any address. Outside it: 403 forbidden.');
