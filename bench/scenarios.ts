/**
 * The anchors' six read scenarios, and (h): (d) with a read-only API token. Each has the request
 * autocannon repeats and a check run once on the response, so a fast wrong answer (an error
 * body, an empty page) never counts as speed. (g), the writes, is in `writes.ts`.
 */
export type ScenarioId = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h';

/** The scenarios the hand-written ceiling answers (with Vellum's exact bytes). */
export const CEILING_SCENARIOS: readonly ScenarioId[] = ['a', 'b', 'd', 'f'];

/** Every scenario, in report order. */
export const SCENARIO_IDS: readonly ScenarioId[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

export interface Scenario {
  readonly id: ScenarioId;
  readonly label: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
  readonly headers?: Record<string, string>;
  /** undefined when the body is right, else what is wrong */
  check(status: number, body: unknown): string | undefined;
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The REST list envelope: `size` entries, `total` published, and every entry passes `each`. */
function restPage(size: number, total: number, each?: (entry: Json) => string | undefined) {
  return (status: number, body: unknown): string | undefined => {
    if (status !== 200) return `HTTP ${status}: ${JSON.stringify(obj(body).error ?? body).slice(0, 200)}`;
    const data = list(obj(body).data);
    const metaTotal = obj(obj(obj(body).meta).pagination).total;
    if (data.length !== size) return `expected ${size} entries, got ${data.length}`;
    if (metaTotal !== total) return `expected meta.pagination.total ${total}, got ${String(metaTotal)}`;
    for (const entry of data) {
      const problem = each?.(obj(entry));
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
}

const has = (entry: Json, ...keys: string[]): string | undefined => {
  const missing = keys.find((key) => !(key in entry));
  return missing === undefined ? undefined : `entry ${String(entry.documentId)} lacks "${missing}"`;
};

export const GRAPHQL_QUERY = `query BenchArticles {
  articles(pagination: { pageSize: 25 }) {
    data {
      id
      attributes {
        title slug summary publishDate featured
        category { data { id attributes { name slug } } }
        author { data { id attributes { name email } } }
        tags { data { id attributes { name } } }
        cover { data { id attributes { url width height alternativeText } } }
      }
    }
    meta { pagination { total pageSize } }
  }
}`;

/** (d)'s request: a page of 100 with three relations. */
export const PAGE_OF_100 = '/api/articles?pagination[pageSize]=100&populate[0]=category&populate[1]=author&populate[2]=tags';

/** The read scenarios on a dataset with `published` published articles; (h) sends `readToken`. */
export function scenarios(sampleDocumentId: string, published: number, readToken?: string): Scenario[] {
  const page = (size: number): number => Math.min(size, published);
  const pageOf100 = restPage(page(100), published, (e) => has(e, 'category', 'author', 'tags'));
  const all: Scenario[] = [
    {
      id: 'a', label: 'GET /api/articles', method: 'GET', path: '/api/articles',
      check: restPage(page(25), published, (e) => has(e, 'documentId', 'title', 'body', 'meta')),
    },
    {
      id: 'b', label: '?populate=*', method: 'GET', path: '/api/articles?populate=*',
      check: restPage(page(25), published, (e) => has(e, 'cover', 'gallery', 'category', 'author', 'tags', 'seo', 'blocks')),
    },
    {
      id: 'c', label: '2-level populate + sort + filter', method: 'GET',
      path: '/api/articles?populate[author][populate][0]=avatar&populate[category]=true&sort=publishDate:desc&filters[featured][$eq]=true',
      check: (status, body) => {
        if (status !== 200) return `HTTP ${status}`;
        const data = list(obj(body).data).map(obj);
        const total = obj(obj(obj(body).meta).pagination).total;
        if (typeof total !== 'number' || total < 1 || total >= published || data.length !== Math.min(25, total)) return `unexpected page: ${data.length} entries of ${String(total)}`;
        if (data.some((e) => e.featured !== true)) return 'an entry is not featured';
        if (data.some((e) => !('avatar' in obj(e.author)))) return 'author.avatar not populated';
        const dates = data.map((e) => String(e.publishDate));
        if (dates.some((d, i) => i > 0 && d > dates[i - 1]!)) return 'not sorted by publishDate desc';
        return undefined;
      },
    },
    {
      id: 'd', label: 'pageSize=100 + category, author, tags', method: 'GET',
      path: PAGE_OF_100,
      check: pageOf100,
    },
    {
      id: 'e', label: 'GraphQL: 25 articles, nested relations', method: 'POST', path: '/graphql',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: GRAPHQL_QUERY }),
      check: (status, body) => {
        const errors = obj(body).errors;
        if (status !== 200 || errors !== undefined) return `HTTP ${status}: ${JSON.stringify(errors ?? body).slice(0, 300)}`;
        const data = list(obj(obj(obj(body).data).articles).data).map(obj);
        if (data.length !== page(25)) return `expected ${page(25)} articles, got ${data.length}`;
        const first = obj(data[0]?.attributes);
        if (!obj(obj(first.category).data).id || !obj(obj(first.author).data).id) return 'category/author not resolved';
        return undefined;
      },
    },
    {
      id: 'f', label: 'one article by documentId', method: 'GET', path: `/api/articles/${sampleDocumentId}`,
      check: (status, body) => {
        if (status !== 200) return `HTTP ${status}`;
        const documentId = obj(obj(body).data).documentId;
        return documentId === sampleDocumentId ? undefined : `expected ${sampleDocumentId}, got ${String(documentId)}`;
      },
    },
  ];
  if (readToken !== undefined) {
    all.push({
      id: 'h', label: '(d) with a read-only API token', method: 'GET', path: PAGE_OF_100,
      headers: { authorization: `Bearer ${readToken}` },
      check: pageOf100,
    });
  }
  return all;
}

/** One request of a scenario, its body parsed when it is JSON (the text otherwise, for the check to report). */
export async function sendScenario(url: string, scenario: Scenario): Promise<{ readonly response: Response; readonly text: string; readonly body: unknown }> {
  const response = await fetch(url + scenario.path, {
    method: scenario.method,
    ...(scenario.headers === undefined ? {} : { headers: scenario.headers }),
    ...(scenario.body === undefined ? {} : { body: scenario.body }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // not JSON: the check reports it
  }
  return { response, text, body };
}
