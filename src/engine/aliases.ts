/**
 * Table aliases for one statement (t0, t1, …). Every subquery of a statement (nested filters,
 * relation sorts) draws from the same generator, so nesting to any depth never reuses a name.
 */
export interface AliasGenerator {
  next(): string;
}

export function createAliases(): AliasGenerator {
  let n = 0;
  return { next: () => `t${n++}` };
}
