import type pg from 'pg';

/** Statements one connection keeps prepared; texts past it run unnamed (bounds the server's memory). */
export const PREPARED_PER_CONNECTION = 500;

/** Statements that must not be prepared: transaction control and session commands. */
const UNPREPARABLE =
  /^\s*(begin|start|commit|end|rollback|savepoint|release|set|reset|listen|unlisten|notify)\b/i;

/**
 * Makes `client` prepare each parameterised statement once, named by its text, and reuse it on later
 * calls: PostgreSQL then skips parsing and planning, which is most of the cost of the small queries the
 * API runs (a videos page, a session lookup). Kysely's statements all carry parameters; a text without
 * them (a migration's many commands) runs as before, and so does a query given as an object (Graphile
 * Worker names its own). node-postgres counts a statement as prepared only once the server accepted
 * it, so a Parse refused inside an aborted transaction is sent again next time.
 */
export function prepareStatementsOf(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= PREPARED_PER_CONNECTION || UNPREPARABLE.test(text)) return known;
    const name = `subtitling_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  const prepared = (text: unknown, values?: unknown, callback?: unknown): unknown => {
    const name =
      typeof text === 'string' && Array.isArray(values) && values.length > 0 ? nameOf(text) : undefined;
    return name === undefined ? query(text, values, callback) : query({ name, text, values }, callback);
  };
  (client as unknown as { query: typeof prepared }).query = prepared;
}
