/**
 * The part of `debug` (the logger knex writes `DEBUG=knex:query` with) that db/direct-reads.ts
 * uses to log its statements under knex's own namespaces.
 */
declare module 'debug' {
  interface Debugger {
    (formatter: unknown, ...args: unknown[]): void;
    readonly enabled: boolean;
  }
  export default function createDebug(namespace: string): Debugger;
}
