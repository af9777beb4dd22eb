import http from 'node:http';

export interface LoadResult {
  latenciesMs: number[];
  errors: number;
  seconds: number;
}

function get(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * `concurrency` clients, each sending its next request as soon as the previous answer is read, on
 * kept-alive connections; latency is request sent → whole answer read. A warm-up is not recorded.
 */
export async function runLoad(
  url: string,
  headers: Record<string, string>,
  options: { concurrency: number; seconds: number; warmUpSeconds: number },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const target = new URL(url);
  const latenciesMs: number[] = [];
  let errors = 0;
  const client = async (until: number, record: boolean) => {
    while (performance.now() < until) {
      const started = performance.now();
      try {
        const status = await get(agent, target, headers);
        if (status !== 200) errors += record ? 1 : 0;
        else if (record) latenciesMs.push(performance.now() - started);
      } catch {
        if (record) errors++;
      }
    }
  };
  const clients = (seconds: number, record: boolean) => {
    const until = performance.now() + seconds * 1000;
    return Promise.all(Array.from({ length: options.concurrency }, () => client(until, record)));
  };
  try {
    await clients(options.warmUpSeconds, false);
    const started = performance.now();
    await clients(options.seconds, true);
    return { latenciesMs, errors, seconds: (performance.now() - started) / 1000 };
  } finally {
    agent.destroy();
  }
}
