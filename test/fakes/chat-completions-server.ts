// Runs the fake OpenAI-compatible chat endpoint as its own process for the end-to-end tests
// (LLM_URL=the base URL it prints).
import { startFakeChatCompletions } from './chat-completions';

const fake = await startFakeChatCompletions({ port: Number(process.env.FAKE_LLM_PORT ?? 12114) });
console.log(`fake chat completions at ${fake.baseUrl}`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
process.on('SIGINT', () => void fake.close().then(() => process.exit(0)));
