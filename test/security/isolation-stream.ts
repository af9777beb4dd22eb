import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/database';
import { publishEvent } from '../../server/realtime/event-hub';
import { testCaller } from '../support/http';
import {
  isEventOfVideo,
  type ReceivedEvent,
  type SseSubscription,
  subscribe,
  untilLive,
} from '../support/sse-client';
import { foreignTraces } from './isolation-leaks';

/** Video ids of the marker events that show a stream is live; far from any real row's. */
let nextMarker = 900_000;

/**
 * The isolation matrix's attack on the live event stream (`events.company`, tRPC over SSE): an
 * anonymous caller is refused inside the stream, and a user of another company, while the victim
 * company's users add and resolve a comment and a video of theirs changes, hears only its own
 * company's events, none carrying the victim's ids or words. Answers what was wrong; empty when isolated.
 */
export async function attackEventStream(matrix: {
  app: FastifyInstance;
  db: Db;
  victimToken: string;
  victimCompany: number;
  victimVideo: number;
  intruderCompany: number;
  intruderToken: () => Promise<string>;
  traces: { markers: string[]; ids: number[] };
}): Promise<string[]> {
  const { app, db } = matrix;
  const failures: string[] = [];
  const route = 'events.company';

  const anonymous = await app.inject({ method: 'GET', url: `/trpc/${route}` });
  // tRPC answers an SSE subscription with 200 and reports the refusal as the stream's error event.
  if (
    !anonymous.body.includes('event: serialized-error') ||
    !anonymous.body.includes('"code":"UNAUTHORIZED"')
  )
    failures.push(`${route} as anonymous: not refused: ${anonymous.body.slice(0, 300)}`);
  if (/^data: \{"type"/m.test(anonymous.body)) failures.push(`${route} as anonymous: streamed an event`);

  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') return [...failures, `${route}: the app is not listening`];
  const url = `http://127.0.0.1:${address.port}/trpc/${route}`;
  const streams: SseSubscription[] = [];
  const open = async (token: string, companyId: number) => {
    const stream = await subscribe(url, { authorization: `Bearer ${token}` });
    streams.push(stream);
    nextMarker += 1;
    const marker = nextMarker;
    // A stream hears what is published once the server has subscribed it: warm it up with its own.
    await untilLive(
      stream,
      () => publishEvent(db, { type: 'video', companyId, videoId: marker }),
      isEventOfVideo(marker),
      { attempts: 21, waitMs: 500 },
    );
    return stream;
  };
  try {
    const victimStream = await open(matrix.victimToken, matrix.victimCompany);
    const intruderStream = await open(await matrix.intruderToken(), matrix.intruderCompany);

    // The victim's company at work: a comment added and resolved by its user, a video of theirs changed.
    const victimCalls = testCaller(app, matrix.victimToken);
    const comment = await victimCalls.mutation('comments.add', {
      videoId: matrix.victimVideo,
      cueId: 'victim-live-cue',
      startMs: 0,
      endMs: 1000,
      body: 'victim-comment, live',
    });
    await victimCalls.mutation('comments.resolve', { id: comment.data.id });
    await publishEvent(db, { type: 'video', companyId: matrix.victimCompany, videoId: matrix.victimVideo });
    const isResolved = (event: ReceivedEvent) => event.data.includes('"change":"resolved"');
    await victimStream.next(isResolved, 5000).catch(() => {
      failures.push(`${route}: the victim's own stream did not hear its comment resolved`);
    });

    // Published after all of the victim's: events reach a stream in order, so what the intruder hears
    // up to its own event is everything it was sent meanwhile.
    nextMarker += 1;
    const own = nextMarker;
    await publishEvent(db, { type: 'video', companyId: matrix.intruderCompany, videoId: own });
    const heard: string[] = [];
    await intruderStream
      .next((event) => {
        heard.push(`${event.event}: ${event.data}`);
        return isEventOfVideo(own)(event);
      }, 5000)
      .catch(() => failures.push(`${route} as other company: did not hear its own company's event`));
    const text = heard.join('\n');
    if (text.includes(`"companyId":${matrix.victimCompany}`) || text.includes('"type":"comment"'))
      failures.push(`${route} as other company: streamed the victim's events: ${text.slice(0, 300)}`);
    for (const trace of foreignTraces(text, matrix.traces))
      failures.push(`${route} as other company: streamed the victim's ${trace}`);
  } finally {
    for (const stream of streams) stream.close();
  }
  return failures;
}
