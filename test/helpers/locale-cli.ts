/** `vellum locale …` called as the command function, on a test app's project: its exit code and lines. */
import { localeCommand } from '../../src/cli/locale-command.js';
import type { CommandIo } from '../../src/cli/token-command.js';
import type { Env } from '../../src/config/types.js';

export function localeCli(dir: () => string, env: () => Env) {
  return async (args: string[]): Promise<{ code: number; lines: string[]; errors: string[] }> => {
    const lines: string[] = [];
    const errors: string[] = [];
    const io: CommandIo = { out: (line) => lines.push(line), err: (line) => errors.push(line) };
    const code = await localeCommand([...args.slice(0, 1), '--dir', dir(), ...args.slice(1)], io, env());
    return { code, lines, errors };
  };
}
