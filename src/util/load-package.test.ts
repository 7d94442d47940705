import { describe, expect, it } from 'vitest';
import { loadPackage, normalizeNamespace } from './load-package.js';

class Limiter {}

describe('loadPackage', () => {
  it('finds named exports that a bundled CommonJS module keeps only on its default', async () => {
    // the shape esbuild's bundle gave rate-limiter-flexible: `{ default: module.exports }`
    const loaded = await loadPackage(async () => ({ default: { RateLimiterMemory: Limiter } }) as { default: unknown; RateLimiterMemory?: typeof Limiter });
    expect(loaded.RateLimiterMemory).toBe(Limiter);
  });

  it('keeps the namespace own named exports over the CommonJS object', () => {
    const own = () => 'own';
    const loaded = normalizeNamespace({ default: { create: () => 'inner', other: 1 }, create: own }) as Record<string, unknown>;
    expect(loaded['create']).toBe(own);
    expect(loaded['other']).toBe(1);
  });

  it('unwraps a default export compiled to CommonJS beside __esModule', () => {
    const sharp = () => 'sharp';
    const loaded = normalizeNamespace({ default: { __esModule: true, default: sharp, cache: 1 } }) as Record<string, unknown>;
    expect(loaded['default']).toBe(sharp);
    expect(loaded['cache']).toBe(1);
  });

  it('keeps a function default (sharp) as the default, its properties named', () => {
    const sharp = Object.assign(() => 'sharp', { cache: () => undefined });
    const loaded = normalizeNamespace({ default: sharp }) as Record<string, unknown>;
    expect(loaded['default']).toBe(sharp);
    expect(loaded['cache']).toBe(sharp.cache);
  });

  it('returns an ES module without a default unchanged', () => {
    const namespace = { SignJWT: class {} };
    expect(normalizeNamespace(namespace)).toBe(namespace);
  });
});
