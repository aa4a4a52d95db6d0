/** What the routes declare and answer alike: their error answers, their bearer security, a file to save. */
import type { FastifyReply } from 'fastify';
import { errorEnvelopeSchema } from '@registrar/contract/envelope';
import { attachment } from './csv';

/** The OpenAPI security of a staff route: the session's bearer token. */
export const bearerSecurity = [{ bearer: [] }];

/** The error envelope as the answer of each status a route may refuse with. */
export function errorAnswers<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelopeSchema])) as {
    [K in S[number]]: typeof errorEnvelopeSchema;
  };
}

export const CSV_TYPE = 'text/csv; charset=utf-8';

/** A file the browser saves under `fileName`: never cached, never sniffed for another type. */
export const sendDownload = (reply: FastifyReply, type: string, fileName: string, body: unknown) =>
  reply
    .type(type)
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
