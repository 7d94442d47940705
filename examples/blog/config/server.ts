type Env = ((key: string, fallback?: string) => string) & { int(key: string, fallback?: number): number };

export default ({ env }: { env: Env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
});
