import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './lazy-request-logger.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info', base: null, timestamp: false, redact: { paths: ['*.password'], censor: '[redacted]' } }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

describe('lazyRequestLogger', () => {
  it('makes no pino child until the request logs', () => {
    const { logger } = capture();
    let children = 0;
    const parent = Object.assign(Object.create(logger) as typeof logger, {
      child: (...args: Parameters<typeof logger.child>) => {
        children += 1;
        return logger.child(...args);
      },
    });
    const log = lazyRequestLogger(parent, { reqId: 'r1' }, {});
    expect(log.level).toBe('info');
    expect(children).toBe(0);
    log.info('one');
    log.warn('two');
    expect(children).toBe(1);
  });

  it('writes what the child would: bindings, level, redaction', () => {
    const { logger, lines } = capture();
    const log = lazyRequestLogger(logger, { reqId: 'r1' }, {});
    log.debug('hidden');
    log.warn({ body: { password: 'p' } }, 'seen');
    expect(lines).toEqual([{ level: 40, reqId: 'r1', body: { password: '[redacted]' }, msg: 'seen' }]);
    log.child({ more: 1 }).error('nested');
    expect(lines[1]).toEqual({ level: 50, reqId: 'r1', more: 1, msg: 'nested' });
  });
});
