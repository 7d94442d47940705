/**
 * Content-type lifecycles (`strapi.db.lifecycles.subscribe`, `lifecycles.ts` files): before/after
 * hooks per action. Reads run them around the repository call; writes run them inside the write's
 * transaction (repository `WriteHooks`), so a before- or after-hook that throws rolls the write back.
 * Events carry the operation's own params (types.ts `LifecycleEvent`); Strapi's event shape is the
 * adapter's (strapi/lifecycle-events.ts).
 */
import type { WriteHooks } from '../documents/types.js';
import type { LifecycleEvent, LifecycleName, LifecycleSubscriber, OperationAction, OperationContext } from './types.js';

export interface LifecycleRegistry {
  /** adds a subscriber; returns the function that removes it */
  subscribe(subscriber: LifecycleSubscriber): () => void;
  /** the subscribers of `uid` with a hook for `name`, in subscription order (cached until the next change) */
  subscribers(uid: string, name: LifecycleName): readonly LifecycleSubscriber[];
}

/** The lifecycle each operation fires (a single type's find reads one document: FindOne). */
export const LIFECYCLE_OF: Readonly<Record<OperationAction, LifecycleName>> = {
  findMany: 'FindMany',
  findFirst: 'FindOne',
  findOne: 'FindOne',
  count: 'Count',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  publish: 'Publish',
  unpublish: 'Unpublish',
  discardDraft: 'DiscardDraft',
};

/** Every lifecycle name, for subscribers of all events (`strapi.db.lifecycles.subscribe(fn)`) and checks of hook names. */
export const LIFECYCLE_NAMES: readonly LifecycleName[] = Object.freeze([
  'Create', 'Update', 'Delete', 'FindOne', 'FindMany', 'Count', 'Publish', 'Unpublish', 'DiscardDraft',
]);

const NONE: readonly LifecycleSubscriber[] = Object.freeze([]);

export function createLifecycleRegistry(): LifecycleRegistry {
  let all: LifecycleSubscriber[] = [];
  let cache = new Map<string, readonly LifecycleSubscriber[]>();
  return {
    subscribe(subscriber) {
      all = [...all, subscriber];
      cache = new Map();
      return () => {
        all = all.filter((s) => s !== subscriber);
        cache = new Map();
      };
    },
    subscribers(uid, name) {
      if (all.length === 0) return NONE;
      const key = `${uid}\u0000${name}`;
      let found = cache.get(key);
      if (!found) {
        found = all.filter((s) => (!s.models || s.models.includes(uid)) && (s[`before${name}`] || s[`after${name}`]));
        cache.set(key, found);
      }
      return found;
    },
  };
}

/**
 * One event per subscriber, so each keeps its own `state` between its before and after hooks; all
 * hold the operation's params object, so what a before-hook changes there is what runs.
 */
function eventsFor(subscribers: readonly LifecycleSubscriber[], name: LifecycleName, context: OperationContext): LifecycleEvent[] {
  const { uid, contentType, action, params } = context;
  return subscribers.map(() => ({ action: `before${name}`, uid, contentType, operation: action, params, state: {} }));
}

async function before(subscribers: readonly LifecycleSubscriber[], events: LifecycleEvent[], name: LifecycleName): Promise<void> {
  for (let i = 0; i < subscribers.length; i += 1) {
    const event = events[i]!;
    event.action = `before${name}`;
    await subscribers[i]![`before${name}`]?.(event);
  }
}

async function after(subscribers: readonly LifecycleSubscriber[], events: LifecycleEvent[], name: LifecycleName, result: unknown): Promise<void> {
  for (let i = 0; i < subscribers.length; i += 1) {
    const event = events[i]!;
    event.action = `after${name}`;
    event.result = result;
    await subscribers[i]![`after${name}`]?.(event);
  }
}

/**
 * Runs a read between its before and after hooks. `read` reads the context's params when called,
 * so a query a before-hook changed (through the Strapi adapter, `event.params.where`) is the one run.
 */
export async function aroundRead<T>(subscribers: readonly LifecycleSubscriber[], name: LifecycleName, context: OperationContext, read: () => Promise<T>): Promise<T> {
  // the hooks' own copy: a transport may hand the same params object to many reads
  context.params = { ...context.params };
  const events = eventsFor(subscribers, name, context);
  await before(subscribers, events, name);
  const result = await read();
  await after(subscribers, events, name, result);
  return result;
}

/**
 * The repository hooks of a write: before-hooks first in the transaction (a create's or update's
 * `params.data`, possibly replaced by a hook, is what is written), after-hooks before the commit.
 */
export function writeHooks(subscribers: readonly LifecycleSubscriber[], name: LifecycleName, context: OperationContext): WriteHooks {
  const events = eventsFor(subscribers, name, context);
  return {
    async before() {
      await before(subscribers, events, name);
      const params = context.params as { data?: unknown };
      return typeof params.data === 'object' && params.data !== null ? (params.data as Record<string, unknown>) : undefined;
    },
    after: (result) => after(subscribers, events, name, result),
  };
}
