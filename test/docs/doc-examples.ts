/**
 * The shell examples of the README and docs/*.md, as a reader would type them: fenced `sh`,
 * `bash` or `shell` blocks (and inline `curl …` code spans of a paragraph), split into commands
 * (backslash continuations joined, output comments dropped), each unit with the expectations its
 * `<!-- expect … -->` annotation states. docs/README.md describes the annotation.
 */
export interface DocCommand {
  /** 1-based line of the command's first line in the file */
  readonly line: number;
  /** the command without its trailing comment */
  readonly text: string;
  /** the trailing `# …` comment, if any (e.g. `200`) */
  readonly comment: string;
}

export interface DocUnit {
  readonly file: string;
  /** 1-based line of the block's opening fence (or of the paragraph) */
  readonly line: number;
  readonly commands: readonly DocCommand[];
  /** the annotation's lines, one per curl command; null when the unit has no annotation */
  readonly expect: readonly string[] | null;
}

const FENCE_OPEN = /^```(sh|bash|shell)\s*$/;
const EXPECT_OPEN = /^<!--\s*expect\b(.*)$/;

/** `#` starts a comment where it begins a word outside quotes (bash's rule, enough for the docs). */
function splitComment(line: string): { text: string; comment: string } {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote !== null) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) {
      return { text: line.slice(0, i).trimEnd(), comment: line.slice(i + 1).trim() };
    }
  }
  return { text: line.trimEnd(), comment: '' };
}

/** Commands of a block's lines (`firstLine` is the file line of `lines[0]`). */
export function commandsOf(lines: readonly string[], firstLine: number): DocCommand[] {
  const commands: DocCommand[] = [];
  let pending: { line: number; parts: string[] } | null = null;
  lines.forEach((raw, index) => {
    const { text, comment } = splitComment(raw);
    if (pending === null && text.trim() === '') return;
    const continued = text.endsWith('\\');
    const part = continued ? text.slice(0, -1) : text;
    if (pending === null) pending = { line: firstLine + index, parts: [] };
    pending.parts.push(part.trim());
    if (!continued) {
      commands.push({ line: pending.line, text: pending.parts.join(' '), comment });
      pending = null;
    }
  });
  return commands;
}

export const isCurl = (command: DocCommand): boolean => /^curl\s/.test(command.text);

/**
 * Every unit of `markdown` holding a curl command, or every unit at all when `all` (the README's
 * "Try the demo" section: every shell command there is an example).
 */
export function extractUnits(file: string, markdown: string, options: { all?: boolean; lineOffset?: number } = {}): DocUnit[] {
  const lines = markdown.split('\n');
  const offset = options.lineOffset ?? 0;
  const units: DocUnit[] = [];
  // an annotation belongs to the next unit, and only if no other code block comes first
  let expect: string[] | null = null;
  for (let i = 0; i < lines.length; i++) {
    const opened = EXPECT_OPEN.exec(lines[i]);
    if (opened !== null) {
      expect = [];
      const first = opened[1].replace(/-->\s*$/, '').trim();
      if (first !== '') expect.push(first);
      while (!lines[i].includes('-->')) {
        i++;
        const body = lines[i].replace(/-->\s*$/, '').trim();
        if (body !== '') expect.push(body);
      }
      continue;
    }
    if (lines[i].startsWith('```')) {
      const start = i;
      const body: string[] = [];
      while (!/^```\s*$/.test(lines[++i])) body.push(lines[i]);
      if (FENCE_OPEN.test(lines[start])) {
        const commands = commandsOf(body, offset + start + 2);
        if (options.all === true || commands.some(isCurl)) units.push({ file, line: offset + start + 1, commands, expect });
      }
      expect = null;
      continue;
    }
    // inline `curl …` spans: the line is the unit
    const inline = [...lines[i].matchAll(/`(curl [^`]*https?:\/\/[^`]+)`/g)].map((m) => m[1]);
    if (inline.length > 0) {
      units.push({ file, line: offset + i + 1, commands: inline.map((text) => ({ line: offset + i + 1, text, comment: '' })), expect });
      expect = null;
    }
  }
  return units;
}

/** The lines of the README section headed `heading` (up to the next `## `). */
export function section(markdown: string, heading: string): { text: string; firstLine: number } {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${heading}`);
  if (start < 0) throw new Error(`no section "## ${heading}"`);
  let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  if (end < 0) end = lines.length;
  return { text: lines.slice(start, end).join('\n'), firstLine: start };
}
