/** The accountant's day book: read a day, record a deposit, a handover or the opening balance, close the day. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@registrar/contract/api-paths';
import {
  CASH_BOOK_MESSAGES,
  cashBookCloseInputSchema,
  cashBookEntryInputSchema,
  cashBookQuerySchema,
  cashBookSchema,
} from '@registrar/contract/day-book';
import { successEnvelope } from '@registrar/contract/envelope';
import { bearerSecurity as security, errorAnswers } from '../lib/route-answers';

const dayBookRoutes: FastifyPluginAsyncZod = async (app) => {
  const book = app.dayBookService;
  const answer = { 201: successEnvelope(cashBookSchema), ...errorAnswers(400, 401, 403, 409) };

  app.get(
    apiPaths.cashBook,
    {
      config: { access: 'payments.register' },
      schema: {
        tags: ['fees'],
        security,
        summary:
          "The day book: cash in hand at the start, the day's receipts, refunds and reversals one by one, deposits and handovers, the closing",
        querystring: cashBookQuerySchema,
        response: { 200: successEnvelope(cashBookSchema), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, message: '', data: await book.cashBook(request.query.date) }),
  );

  app.post(
    apiPaths.cashBookEntry,
    {
      config: { access: 'cash-book.record' },
      schema: {
        tags: ['fees'],
        security,
        summary:
          'Record cash leaving the drawer (a bank deposit, a handover) or the opening cash balance (once); a closed day takes one only from an admin, with a reason',
        body: cashBookEntryInputSchema,
        response: answer,
      },
    },
    async (request, reply) => {
      const staff = request.staffAuth!.staff;
      request.createdId = await book.addEntry(request.body, {
        id: staff.id,
        mayBackDate: request.can('cash-book.back-date'),
      });
      return reply.code(201).send({
        success: true as const,
        message: CASH_BOOK_MESSAGES.recorded,
        data: await book.cashBook(request.body.date),
      });
    },
  );

  app.post(
    apiPaths.cashBookClose,
    {
      config: { access: 'cash-book.record' },
      schema: {
        tags: ['fees'],
        security,
        summary: 'Close the day on the cash counted; a difference from the books needs its reason',
        body: cashBookCloseInputSchema,
        response: answer,
      },
    },
    async (request, reply) => {
      request.createdId = await book.close(request.body, request.staffAuth!.staff.id);
      return reply.code(201).send({
        success: true as const,
        message: CASH_BOOK_MESSAGES.closed,
        data: await book.cashBook(request.body.date),
      });
    },
  );
};

export default dayBookRoutes;
