import { type Config, ConfigError, loadConfig } from './config';
import { chooseLogFormat, createLogger, type Logger } from './logger';
import { killRunningChildren } from './media/child-processes';

type Shutdown = () => Promise<void>;

/**
 * Runs one of our processes (server or worker): a bad configuration exits 1 with its one line,
 * a failed start exits 1 with the reason, SIGINT/SIGTERM run the shutdown once and exit.
 */
export async function runProcess(
  start: (config: Config, logger: Logger) => Promise<Shutdown>,
): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const logger = createLogger(
    config.LOG_LEVEL,
    chooseLogFormat(config.LOG_FORMAT, Boolean(process.stdout.isTTY)),
  );
  for (const deprecation of config.deprecations) logger.warn(deprecation);
  let shutdown: Shutdown | undefined;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: shutting down`);
    try {
      await shutdown?.();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // However the process ends (a signal's shutdown, a crash), no ffmpeg of its jobs outlives it.
  process.on('exit', killRunningChildren);
  try {
    shutdown = await start(config, logger);
  } catch (error) {
    console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
    await shutdown?.().catch(() => {});
    process.exit(1);
  }
}
