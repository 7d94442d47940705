/** The words the token pages show for a token's type and duration (Strapi's). */
import type { TokenType } from './token-api';

export const TYPE_LABELS: Readonly<Record<TokenType, string>> = { 'read-only': 'Read-only', 'full-access': 'Full access', custom: 'Custom' };

/** Strapi's durations; `null` days: never expires */
export const DURATIONS: readonly { readonly key: string; readonly label: string; readonly days: number | null }[] = [
  { key: '7', label: '7 days', days: 7 },
  { key: '30', label: '30 days', days: 30 },
  { key: '90', label: '90 days', days: 90 },
  { key: 'unlimited', label: 'Unlimited', days: null },
];

export const formatDate = (iso: string): string => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const deleteQuestion = (token: { readonly name: string }): string => `Delete the token "${token.name}"? Applications using it lose access at their next request.`;
