// Runs the fake Google Translation v2 as its own process for the end-to-end tests
// (GOOGLE_TRANSLATE_ENDPOINT=the endpoint it prints).
import { startFakeGoogleTranslate } from './google-translate';

const fake = await startFakeGoogleTranslate({
  port: Number(process.env.FAKE_GOOGLE_TRANSLATE_PORT ?? 12113),
});
console.log(`fake Google Translate at ${fake.endpoint}`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
process.on('SIGINT', () => void fake.close().then(() => process.exit(0)));
