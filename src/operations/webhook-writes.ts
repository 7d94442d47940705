/**
 * What the webhook recorder (webhooks/recorder.ts) is told of a write: its action, document,
 * status and locale, taken from the operation's params once every seam (policies, middlewares)
 * had its say. Reads fire nothing.
 */
import type { TransactionHooks } from '../documents/types.js';
import type { ContentType } from '../model/types.js';
import type { WebhookRecorder } from '../webhooks/recorder.js';
import type { WriteDescription } from '../webhooks/events.js';
import type { OperationContext } from './types.js';

function describeWrite(context: OperationContext): WriteDescription | null {
  const { action, params } = context;
  const locale = 'locale' in params && typeof params.locale === 'string' ? { locale: params.locale } : {};
  switch (action) {
    case 'create': {
      const { status } = params as OperationContext<'create'>['params'];
      return { action, documentId: null, status, ...locale };
    }
    case 'update': {
      const { documentId, status, unpublish } = params as OperationContext<'update'>['params'];
      return { action, documentId, status, ...(unpublish === undefined ? {} : { unpublish }), ...locale };
    }
    case 'delete':
      return { action, documentId: (params as OperationContext<'delete'>['params']).documentId, ...locale };
    case 'publish':
    case 'unpublish':
    case 'discardDraft':
      return { action, documentId: (params as OperationContext<'publish'>['params']).documentId, ...locale };
    default:
      return null;
  }
}

/** The events hook of one type's writes, or undefined when webhooks are off or the type fires none. */
export function webhookEvents(recorder: WebhookRecorder | undefined, contentType: ContentType): ((context: OperationContext) => TransactionHooks | undefined) | undefined {
  if (recorder === undefined) return undefined;
  return (context) => {
    const write = describeWrite(context);
    return write === null ? undefined : recorder.hooks(contentType, write);
  };
}
