import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { prepareStatementsOf } from './prepared-statements';
import type { Database } from './schema';

// bigint (int8) columns hold cents and ids well inside Number's safe range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  url: string;
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Connections in the pool. */
  max?: number;
  /** Prepare each statement once per connection (off behind a pooler in transaction mode). */
  preparedStatements?: boolean;
}

export function openDatabase(
  connectionString: string,
  { max = 10, preparedStatements = true }: DatabaseOptions = {},
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client losing its connection (e.g. PostgreSQL restarting) must not crash the process.
  const onError = (error: Error) => {
    if (!/administrator command/.test(error.message))
      console.error(`database connection lost: ${error.message}`);
  };
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
    if (preparedStatements) prepareStatementsOf(client);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    url: connectionString,
    db,
    pool,
    // Kysely's destroy ends the pool it was given.
    close: () => db.destroy(),
  };
}
