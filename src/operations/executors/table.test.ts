import { describe, expect, expectTypeOf, it } from 'vitest';
import { LIFECYCLE_OF } from '../lifecycles.js';
import type { OperationAction } from '../types.js';
import type { Executor, Executors } from './executor.js';
import { EXECUTORS } from './table.js';

describe('EXECUTORS', () => {
  it('has one executor per action and nothing else', () => {
    // compile time: `Executors` maps every OperationAction (a missing one fails the typecheck)
    expectTypeOf(EXECUTORS).toEqualTypeOf<Executors>();
    expectTypeOf<keyof typeof EXECUTORS>().toEqualTypeOf<OperationAction>();
    expectTypeOf(EXECUTORS.publish).toEqualTypeOf<Executor<'publish'>>();
    // run time: the same actions as the other per-action tables
    expect(Object.keys(EXECUTORS).sort()).toEqual(Object.keys(LIFECYCLE_OF).sort());
    for (const executor of Object.values(EXECUTORS)) expect(typeof executor).toBe('function');
    expect(Object.isFrozen(EXECUTORS)).toBe(true);
  });
});
