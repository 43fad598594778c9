import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local server speaking the chat-completions protocol, as llama.cpp or Ollama would. */
export function fakeProvider() {
  const received: { headers: http.IncomingHttpHeaders; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
  let reply: { status: number; content: string | null } = { status: 200, content: '{"feedback":"Gut: Verdunstung genannt.","correct":true}' };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw) });
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.status === 200 ? JSON.stringify({ choices: [{ message: { role: 'assistant', content: reply.content } }] }) : '{"error":"boom"}');
    });
  });
  return {
    received,
    answer: (next: typeof reply) => (reply = next),
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
