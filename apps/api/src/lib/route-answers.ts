/**
 * What the routes declare and answer alike: their error answers, their bearer security, the student
 * page's token, a file to save.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@registrar/contract/envelope';
import { studentTokenSchema } from '@registrar/contract/student-page-schemas';
import { attachment } from './csv';

/** The OpenAPI security of a staff route: the session's bearer token. */
export const bearerSecurity = [{ bearer: [] }];

/** The error envelope as the answer of each status a route may refuse with. */
export function errorAnswers<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelopeSchema])) as {
    [K in S[number]]: typeof errorEnvelopeSchema;
  };
}

/** The address of a student's own page (and of paying from it): its private token. */
export const studentTokenParams = z.object({ token: studentTokenSchema });

export const CSV_TYPE = 'text/csv; charset=utf-8';

/** A file the browser saves under `fileName`: never cached, never sniffed for another type. */
export const sendDownload = (reply: FastifyReply, type: string, fileName: string, body: unknown) =>
  reply
    .type(type)
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);

/** A document download: never cached, never sniffed as anything but a PDF. */
export const sendPdf = (reply: FastifyReply, pdf: Buffer, fileName: string) =>
  sendDownload(reply, 'application/pdf', fileName, pdf);

/** A tax invoice's or credit note's file name: its number, whose slashes no file name may hold. */
export const taxDocumentFileName = (number: string) => `${number.replaceAll('/', '-')}.pdf`;
