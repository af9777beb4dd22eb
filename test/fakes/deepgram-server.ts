// Runs the fake Deepgram as its own process for the end-to-end tests (DEEPGRAM_API_BASE=its URL).
import { startFakeDeepgram } from './deepgram';

const fake = await startFakeDeepgram({
  port: Number(process.env.FAKE_DEEPGRAM_PORT ?? 12112),
  scriptable: true,
});
console.log(`fake Deepgram at ${fake.url}`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
process.on('SIGINT', () => void fake.close().then(() => process.exit(0)));
