/**
 * A command's options and positionals, read by node:util's parseArgs. What it refuses (an
 * unknown option, a missing value) is printed with the command's usage, and the answer is null:
 * the command then exits 1.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** where a command writes: stdout and stderr, or a test's lines */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

export const consoleIo: CommandIo = { out: (line) => console.log(line), err: (line) => console.error(line) };

type Options = NonNullable<ParseArgsConfig['options']>;
type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: O }>>;

export function commandArgs<const O extends Options>(args: readonly string[], options: O, usage: string, io: CommandIo): Parsed<O> | null {
  try {
    return parseArgs({ args: [...args], allowPositionals: true, options });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return null;
  }
}
