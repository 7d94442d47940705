/**
 * Apollo tracing (`extensions.tracing`, format version 1): per-resolver start offsets and
 * durations in nanoseconds, which the sandbox and Apollo tooling display. Enabled by
 * `engineServer.tracing: true`; the schema's resolvers are wrapped only then, so requests pay
 * nothing when it is off.
 */
import {
  defaultFieldResolver,
  isObjectType,
  responsePathAsArray,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from 'graphql';

export interface ResolverTrace {
  path: (string | number)[];
  parentType: string;
  fieldName: string;
  returnType: string;
  startOffset: number;
  duration: number;
}

export interface TracingExtension {
  version: 1;
  startTime: string;
  endTime: string;
  duration: number;
  parsing: { startOffset: number; duration: number };
  validation: { startOffset: number; duration: number };
  execution: { resolvers: ResolverTrace[] };
}

interface Phase {
  startOffset: number;
  duration: number;
}

export class Tracer {
  private readonly startWall = new Date();
  private readonly startHr = process.hrtime.bigint();
  private readonly resolvers: ResolverTrace[] = [];
  private parsing: Phase = { startOffset: 0, duration: 0 };
  private validation: Phase = { startOffset: 0, duration: 0 };

  /** nanoseconds since the request started */
  offset(): number {
    return Number(process.hrtime.bigint() - this.startHr);
  }

  phase(name: 'parsing' | 'validation', startOffset: number): void {
    this[name] = { startOffset, duration: this.offset() - startOffset };
  }

  trace<T>(info: GraphQLResolveInfo, run: () => T): T {
    const entry: ResolverTrace = {
      path: responsePathAsArray(info.path),
      parentType: info.parentType.name,
      fieldName: info.fieldName,
      returnType: String(info.returnType),
      startOffset: this.offset(),
      duration: 0,
    };
    this.resolvers.push(entry);
    const finish = (): void => {
      entry.duration = this.offset() - entry.startOffset;
    };
    const result = run();
    if (result instanceof Promise) {
      result.then(finish, finish);
    } else {
      finish();
    }
    return result;
  }

  result(): TracingExtension {
    const duration = this.offset();
    return {
      version: 1,
      startTime: this.startWall.toISOString(),
      endTime: new Date(this.startWall.getTime() + Math.round(duration / 1e6)).toISOString(),
      duration,
      parsing: this.parsing,
      validation: this.validation,
      execution: { resolvers: this.resolvers },
    };
  }
}

interface TracingContext {
  readonly tracer: Tracer | null;
}

/** Wraps every field resolver of the schema so it reports to the request's tracer. */
export function instrumentSchemaForTracing(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const original: GraphQLFieldResolver<unknown, TracingContext> = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context: TracingContext, info) =>
        context.tracer ? context.tracer.trace(info, () => original(source, args, context, info)) : original(source, args, context, info);
    }
  }
}
