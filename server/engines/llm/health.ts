import type { Logger } from '../../logger';

/** The language model's reachability as admins see it; `cause` is technical, for admins only. */
export type LanguageModelState =
  | { state: 'off' }
  | { state: 'checking'; model: string }
  | { state: 'ready'; model: string; checkedAt: string }
  | { state: 'unavailable'; model: string; cause: string; checkedAt: string };

export interface LanguageModelHealth {
  current(): LanguageModelState;
  /** Asks the endpoint again (at most once per `minIntervalMs`), answering the settled state. */
  refresh(): Promise<LanguageModelState>;
}

export const languageModelOff: LanguageModelHealth = {
  current: () => ({ state: 'off' }),
  refresh: async () => ({ state: 'off' }),
};

/** Checks the endpoint at start and when an admin looks, logging each change of state. */
export function languageModelHealth(
  model: string,
  check: () => Promise<void>,
  logger: Logger,
  minIntervalMs = 30_000,
): LanguageModelHealth {
  let state: LanguageModelState = { state: 'checking', model };
  let lastCheck = 0;
  let running: Promise<LanguageModelState> | null = null;

  async function run(): Promise<LanguageModelState> {
    const checkedAt = new Date().toISOString();
    try {
      await check();
      return { state: 'ready', model, checkedAt };
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error);
      return { state: 'unavailable', model, cause, checkedAt };
    }
  }

  return {
    current: () => state,
    refresh() {
      if (Date.now() - lastCheck < minIntervalMs && state.state !== 'checking') return Promise.resolve(state);
      lastCheck = Date.now();
      running ??= run().then((settled) => {
        running = null;
        if (settled.state === 'unavailable' && state.state !== 'unavailable')
          logger.warn({ model, cause: settled.cause }, 'language model unavailable');
        else if (settled.state === 'ready' && state.state !== 'ready')
          logger.info({ model }, 'language model ready');
        state = settled;
        return settled;
      });
      return running;
    },
  };
}
