/**
 * One AsyncLocalStorage for every value a unit of work (an HTTP request, a background job)
 * carries through its async calls: each AsyncLocalStorage instance in use adds a propagation
 * step to every promise the process creates, so the statement counter, the entry budget and
 * whatever comes next share this one. Each owner makes its own slot; a nested unit of work
 * replaces the slots it names and keeps the others.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** A value in the scope, named by its owner's symbol (the type rides along for `scoped`). */
export type ScopeSlot<T> = symbol & { readonly __scoped?: T };

/** Slot values by slot: what `runScoped` takes and carries. */
export type ScopeValues = Readonly<Record<symbol, unknown>>;

const storage = new AsyncLocalStorage<ScopeValues>();

export function scopeSlot<T>(name: string): ScopeSlot<T> {
  return Symbol(name) as ScopeSlot<T>;
}

/** The value of `slot` in the current scope, if any. */
export function scoped<T>(slot: ScopeSlot<T>): T | undefined {
  return storage.getStore()?.[slot] as T | undefined;
}

/**
 * Runs `fn` in the current scope with `values` added (replacing slots of the same name).
 * Object.assign, not a spread: spreading symbol keys takes V8's slow path (~1 µs a request).
 */
export function runScoped<R>(values: ScopeValues, fn: () => R): R {
  const current = storage.getStore();
  return storage.run(current === undefined ? values : Object.assign({}, current, values), fn);
}

/** One scope's values from several owners' (each a fresh object, as their `…Scope` functions return). */
export function scopeOf(...parts: readonly ScopeValues[]): ScopeValues {
  return Object.assign({}, ...parts) as ScopeValues;
}
