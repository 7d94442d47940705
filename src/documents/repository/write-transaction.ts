import { bumpChangeStamp } from '../../engine/change-stamp.js';
import { inWriteTransaction } from '../../engine/context.js';
import type { EngineContext } from '../../engine/types.js';
import { refusedWriteValueError } from '../refused-value.js';
import type { DocumentData, WriteHooks } from '../types.js';
import { uniqueViolationError } from '../unique-values.js';
import type { RepositoryScope } from './scope.js';

/**
 * One write transaction; a unique index refusing a row becomes the 400 the checks give. A write
 * that changed something replaces the type's change stamp inside the same transaction.
 * `hooks` (lifecycles) run inside it, before and after the work: `data` is what `before` handed
 * back, undefined without hooks; `hooks.transaction` gets the transaction itself (the webhook outbox).
 */
export async function inWrite<T>(
  scope: RepositoryScope,
  work: (trx: EngineContext, data: DocumentData | undefined) => Promise<T>,
  hooks?: WriteHooks,
): Promise<T> {
  const { ctx, schema, stampUid } = scope;
  const own = hooks?.transaction;
  try {
    const written = await inWriteTransaction(ctx, async (trx) => {
      if (own?.start) await own.start(trx);
      const data = hooks?.before ? await hooks.before() : undefined;
      const result = await work(trx, data);
      if (hooks?.after) await hooks.after(result);
      if (own?.end) await own.end(trx, result);
      if (stampUid !== undefined && result !== null && result !== false) await bumpChangeStamp(trx, stampUid);
      return result;
    });
    own?.committed?.();
    return written;
  } catch (error) {
    throw refusedWriteValueError(ctx, schema, uniqueViolationError(ctx, schema, error));
  }
}
