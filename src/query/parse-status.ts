import { ValidationError } from '../errors/index.js';
import type { PublicationStatus } from './ast.js';

/** `status=draft|published`; REST reads and writes default to the published version. */
export function parseStatus(value: unknown): PublicationStatus {
  if (value === undefined) return 'published';
  if (value === 'draft' || value === 'published') return value;
  throw new ValidationError('Invalid status parameter. Expected "draft" or "published"', {
    key: 'status',
    path: 'status',
    source: 'query',
    param: 'status',
  });
}
