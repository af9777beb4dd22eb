import type pg from 'pg';

/** Errors of a database that is restarting or briefly out of reach: worth waiting out. */
const UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P03']);

/**
 * The pool Graphile Worker is given: taking a connection waits out a database restart instead of
 * failing. Graphile Worker does not retry writing a job's end; failing, that write's rejection goes
 * unhandled (ending the process) and the job stays locked by a live worker for hours.
 */
export function patientPool(pool: pg.Pool, patienceMs = 10 * 60_000): pg.Pool {
  const connect = async () => {
    const started = Date.now();
    for (let delayMs = 250; ; delayMs = Math.min(delayMs * 2, 5000)) {
      try {
        return await pool.connect();
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code !== 'string' || !UNAVAILABLE.has(code) || Date.now() - started > patienceMs)
          throw error;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  };
  return new Proxy(pool, {
    get(target, property) {
      // The callback form is Graphile Worker's LISTEN connection, which reconnects by itself.
      if (property === 'connect')
        return (...callback: unknown[]) =>
          callback.length > 0 ? (target.connect as (...args: unknown[]) => unknown)(...callback) : connect();
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
