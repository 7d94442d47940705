/**
 * How an import or export reports where it is: on a terminal one line rewritten in place
 * (stage, count, items per second); otherwise one JSON object per line on stderr
 * (`{"stage":"entities","count":2000,"perSecond":41000}`), which a script or CI log can read.
 * stdout keeps the command's result.
 */
export interface Progress {
  /** a stage begins (`check`, `entities`, `assets`, `links`, `done`) */
  stage(name: string, detail: string): void;
  /** items of the stage done so far */
  count(stage: string, count: number): void;
  /** ends a terminal line in progress */
  end(): void;
}

export function createProgress(stream: NodeJS.WriteStream, now: () => number = () => Date.now()): Progress {
  let started = now();
  let current = '';
  let lastWrite = 0;
  const rate = (count: number): number => {
    const seconds = (now() - started) / 1000;
    return seconds > 0 ? Math.round(count / seconds) : count;
  };
  if (stream.isTTY) {
    let open = false;
    return {
      stage(name, detail) {
        if (open) stream.write('\n');
        open = false;
        current = name;
        started = now();
        stream.write(`${name}: ${detail}\n`);
      },
      count(stage, count) {
        if (now() - lastWrite < 100) return;
        lastWrite = now();
        stream.write(`\r  ${stage}: ${count} (${rate(count)}/s)   `);
        open = true;
      },
      end() {
        if (open) stream.write('\n');
        open = false;
      },
    };
  }
  return {
    stage(name, detail) {
      current = name;
      started = now();
      stream.write(`${JSON.stringify({ stage: name, detail })}\n`);
    },
    count(stage, count) {
      stream.write(`${JSON.stringify({ stage: stage || current, count, perSecond: rate(count) })}\n`);
    },
    end() {},
  };
}

/** Reports nothing (the tests' direct calls). */
export const silentProgress: Progress = { stage() {}, count() {}, end() {} };
