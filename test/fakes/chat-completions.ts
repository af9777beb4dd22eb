import { type FakeServer, listen, readBody, record, sendJson } from './fake-http';

/**
 * A local stand-in for an OpenAI-compatible `POST /v1/chat/completions`, answering in its documented
 * shape (`choices[0].message.content`). `answer` maps the subtitle the request asks to shorten (its
 * prompt's last line) to the reply.
 */
export async function startFakeChatCompletions(answer: (subtitle: string) => string): Promise<FakeServer> {
  const requests: FakeServer['requests'] = [];
  const server = await listen((request, response) => {
    void readBody(request).then((body) => {
      requests.push(record(request, body));
      const parsed = JSON.parse(body.toString('utf8')) as { messages: { role: string; content: string }[] };
      const subtitle = parsed.messages.at(-1)?.content.split('\n').at(-1) ?? '';
      sendJson(response, 200, {
        id: 'chatcmpl-test',
        object: 'chat.completion',
        choices: [
          { index: 0, message: { role: 'assistant', content: answer(subtitle) }, finish_reason: 'stop' },
        ],
      });
    });
  });
  return { ...server, requests };
}
