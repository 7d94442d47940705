import { StartupError } from '../errors/startup-error.js';

/**
 * Every mistake found in the schema files, collected so one start reports all of them:
 * `<file>: attribute "<name>": <message>`, one per line.
 */
export class SchemaProblems {
  private readonly lines: string[] = [];
  /** `uid.attribute` of attributes left out of the model because they are broken */
  private readonly broken = new Set<string>();

  add(file: string, attribute: string | undefined, message: string): void {
    this.lines.push(attribute === undefined ? `${file}: ${message}` : `${file}: attribute "${attribute}": ${message}`);
  }

  /** records a problem and marks the attribute as left out, so later checks do not cascade */
  addBroken(file: string, uid: string, attribute: string, message: string): void {
    this.add(file, attribute, message);
    this.broken.add(`${uid}.${attribute}`);
  }

  isBroken(uid: string, attribute: string): boolean {
    return this.broken.has(`${uid}.${attribute}`);
  }

  get count(): number {
    return this.lines.length;
  }

  throwIfAny(): void {
    if (this.lines.length === 0) return;
    const count = this.lines.length;
    const heading = `The content model has ${count} ${count === 1 ? 'problem' : 'problems'}:`;
    throw new StartupError([heading, ...this.lines.map((line) => `  ${line}`)].join('\n'));
  }
}
