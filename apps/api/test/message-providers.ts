/**
 * Small servers of our own that speak the providers' published formats: the WhatsApp Cloud API's
 * `POST /{version}/{phone-number-id}/messages` (Graph errors included) and Exotel's `Sms/send.json`
 * (form fields, Basic auth, `SMSMessage.Sid`). Each records what it was sent; `answer` decides.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
type Answer = { status: number; body: unknown };

export async function startProvider(answer: (r: Received, n: number) => Answer) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      const a = answer(r, received.length);
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export const graphOk = (n: number): Answer => ({
  status: 200,
  body: { messaging_product: 'whatsapp', contacts: [{ input: 'x', wa_id: 'x' }], messages: [{ id: `wamid.TEST${n}` }] },
});
export const graphError = (status: number, code: number, message: string): Answer => ({
  status,
  body: { error: { message, type: 'OAuthException', code, error_data: { details: message }, fbtrace_id: 'AbC' } },
});
export const exotelOk = (n: number): Answer => ({
  status: 200,
  body: { SMSMessage: { Sid: `sms${n}`, Status: 'queued', DetailedStatus: 'PENDING_TO_OPERATOR' } },
});
