/*
 * The GraphQL sandbox page (browser code, bundled by ../build.mjs with esbuild into
 * dist/sandbox/sandbox.{js,css}; plain JSX because the TypeScript project has no DOM types).
 * GraphiQL 3 gives the editor with schema-aware autocompletion, the docs pane, the headers
 * editor and history; the explorer plugin builds queries and mutations by clicking. Vellum adds
 * response timing (wall time, HTTP status, SQL statements from Server-Timing) in the footer and
 * a Tracing pane showing per-resolver timings when `engineServer.tracing` is on.
 */
import React, { useCallback, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { explorerPlugin } from '@graphiql/plugin-explorer';
import 'graphiql/graphiql.css';
import '@graphiql/plugin-explorer/dist/style.css';
import './sandbox.css';

const configElement = document.getElementById('vellum-sandbox-config');
const config = JSON.parse(configElement ? configElement.textContent : '{}');

/* The last response's timing, shared by the footer and the tracing pane. */
let lastTiming = null;
const listeners = new Set();
function publishTiming(timing) {
  lastTiming = timing;
  for (const listener of listeners) listener();
}
function useTiming() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => lastTiming,
  );
}

function statementCount(serverTiming) {
  const match = /db;count=(\d+)/.exec(serverTiming || '');
  return match ? Number(match[1]) : null;
}

function TimingBar() {
  const timing = useTiming();
  if (!timing) return <div className="vellum-timing" data-testid="vellum-timing">Run a query to see its timing.</div>;
  const statements = statementCount(timing.serverTiming);
  return (
    <div className="vellum-timing" data-testid="vellum-timing">
      <span>HTTP {timing.status}</span>
      <span>{timing.ms.toFixed(1)} ms</span>
      {statements !== null ? <span>{statements} SQL statement{statements === 1 ? '' : 's'}</span> : null}
      {timing.tracing ? <span>{timing.tracing.execution.resolvers.length} resolvers traced</span> : null}
    </div>
  );
}

function TracingPane() {
  const timing = useTiming();
  const tracing = timing && timing.tracing;
  if (!tracing) {
    return (
      <div className="vellum-tracing">
        <div className="graphiql-doc-explorer-title">Tracing</div>
        <p>Per-resolver timings appear here when the server runs with <code>engineServer: {'{ tracing: true }'}</code>.</p>
      </div>
    );
  }
  const total = Math.max(tracing.duration, 1);
  return (
    <div className="vellum-tracing">
      <div className="graphiql-doc-explorer-title">Tracing</div>
      <p>Total {(tracing.duration / 1e6).toFixed(2)} ms</p>
      <table>
        <tbody>
          {tracing.execution.resolvers.map((r) => (
            <tr key={r.path.join('.')}>
              <td className="vellum-tracing-path">{r.path.join('.')}</td>
              <td className="vellum-tracing-bar">
                <span style={{ marginLeft: `${(r.startOffset / total) * 100}%`, width: `${Math.max((r.duration / total) * 100, 0.5)}%` }} />
              </td>
              <td className="vellum-tracing-ms">{(r.duration / 1e6).toFixed(2)} ms</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TracingIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <circle cx="12" cy="13" r="8" />
      <path d="M12 13V8M9 2h6" />
    </svg>
  );
}

const tracingPlugin = { title: 'Tracing', icon: TracingIcon, content: TracingPane };
const explorer = explorerPlugin({ showAttribution: false });

function Sandbox() {
  const fetcher = useCallback(async (params, options) => {
    const started = performance.now();
    const response = await fetch(config.endpoint, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'application/graphql-response+json, application/json',
        'content-type': 'application/json',
        ...((options && options.headers) || {}),
      },
      body: JSON.stringify(params),
    });
    const body = await response.json();
    if (params.operationName !== 'IntrospectionQuery') {
      publishTiming({
        status: response.status,
        ms: performance.now() - started,
        serverTiming: response.headers.get('server-timing'),
        tracing: body && body.extensions ? body.extensions.tracing : undefined,
      });
    }
    return body;
  }, []);

  return (
    <GraphiQL
      fetcher={fetcher}
      plugins={[explorer, tracingPlugin]}
      defaultQuery={config.defaultQuery}
      defaultHeaders={config.defaultHeaders}
      shouldPersistHeaders={config.shouldPersistHeaders}
      isHeadersEditorEnabled
    >
      <GraphiQL.Logo>{config.title}</GraphiQL.Logo>
      <GraphiQL.Footer>
        <TimingBar />
      </GraphiQL.Footer>
    </GraphiQL>
  );
}

createRoot(document.getElementById('vellum-sandbox')).render(<Sandbox />);
