/** UPI reconciliation: the student's payment claim, staff's "Payment claims", bank statement import and lines. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '@registrar/contract/api-paths';
import { ERROR_CODES, successEnvelope } from '@registrar/contract/envelope';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import {
  RECONCILIATION_MESSAGES as M,
  STATEMENT_MAX_BYTES,
  claimDecisionSchema,
  columnMappingSchema,
  lineActionSchema,
  mappingNameSchema,
  paymentClaimInputSchema,
  paymentClaimSchema,
  paymentClaimsQuerySchema,
  recordMatchedAnswerSchema,
  statementDetailSchema,
  statementListItemSchema,
  statementSummarySchema,
  type ColumnMapping,
} from '@registrar/contract/reconciliation';
import { STUDENT_PAGE_MESSAGES } from '@registrar/contract/student-page';
import { studentTokenSchema } from '@registrar/contract/student-page-schemas';
import { HttpError, badRequest } from '../lib/http-errors';
import { bearerSecurity as security, errorAnswers } from '../lib/route-answers';

const errors = errorAnswers(400, 401, 403, 404, 409, 413, 415, 429);
const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

/** The statement upload: one file, and optionally a mapping's name and its columns (JSON). */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new HttpError(415, ERROR_CODES.unsupportedType, M.fileRequired);
  let file: { buffer: Buffer; name: string } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 4 } })) {
      if (part.type === 'file') {
        if (part.fieldname === 'file') file = { buffer: await part.toBuffer(), name: part.filename || 'statement' };
        else await part.toBuffer();
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, ERROR_CODES.tooLarge, M.fileTooLarge, [{ path: 'file', message: M.fileTooLarge }]);
    throw err;
  }
  if (!file) throw badRequest(M.fileRequired, [{ path: 'file', message: M.fileRequired }]);
  const name = fields.mapping ? mappingNameSchema.safeParse(fields.mapping) : undefined;
  if (name && !name.success) throw badRequest(M.mappingNotFound, [{ path: 'mapping', message: M.mappingNotFound }]);
  let mapping: ColumnMapping | undefined;
  if (fields.columns) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fields.columns);
    } catch {
      parsed = undefined;
    }
    const result = columnMappingSchema.safeParse(parsed);
    if (!result.success)
      throw badRequest(M.mappingColumnMissing, [{ path: 'columns', message: M.mappingColumnMissing }]);
    mapping = result.data;
  }
  return { file, mappingName: name?.data, mapping };
}

/** What "Record all matched" did, and why nothing when it recorded nothing. */
function matchedMessage({ recorded, alreadyRecorded }: { recorded: number; alreadyRecorded: number }): string {
  if (!recorded && !alreadyRecorded) return M.matchedNone;
  const already = alreadyRecorded ? `; ${M.matchedAlreadyRecorded}: ${alreadyRecorded}` : '';
  return `${M.matchedRecorded}: ${recorded}${already}`;
}

const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  const students = app.studentPageService;
  const claims = app.claimService;
  const statements = app.statementService;

  app.post(
    apiPaths.paymentClaimSubmit,
    {
      config: { access: 'public' },
      schema: {
        tags: ['student page'],
        summary: '"I have paid": the student reports a UPI payment (installment, amount, UTR, date) for staff to check',
        params: z.object({ token: studentTokenSchema }),
        body: paymentClaimInputSchema,
        response: { 201: successEnvelope(z.null()), ...errors },
      },
    },
    async (request, reply) => {
      const { enrollmentId } = await students.resolve(request.params.token);
      await claims.submit(enrollmentId, request.body);
      return reply.code(201).send(ok(STUDENT_PAGE_MESSAGES.claimRecorded, null));
    },
  );

  app.get(
    apiPaths.paymentClaims,
    {
      config: { access: 'fees.record' },
      schema: {
        tags: ['reconciliation'],
        security,
        summary: 'Payment claims students reported, by state (open by default), newest first',
        querystring: paymentClaimsQuerySchema,
        response: { 200: successEnvelope(z.array(paymentClaimSchema)), ...errors },
      },
    },
    async (request) => ok('OK', await claims.list(request.query.state)),
  );

  app.put(
    apiPaths.paymentClaim,
    {
      config: { access: 'fees.record' },
      schema: {
        tags: ['reconciliation'],
        security,
        summary:
          'Confirm a claim (records the UPI payment with its UTR) or reject it with a reason mailed to the student',
        params: z.object({ id: z.uuid({ error: M.claimNotFound }) }),
        body: claimDecisionSchema,
        response: { 200: successEnvelope(z.object({ receiptNumber: z.string().nullable() })), ...errors },
      },
    },
    async (request) => {
      const receiptNumber = await claims.decide(request.params.id, request.body, request.staffAuth!.staff.id);
      return ok(receiptNumber ? `${M.claimConfirmed}: ${receiptNumber}` : M.claimRejected, { receiptNumber });
    },
  );

  app.post(
    apiPaths.bankStatements,
    {
      config: { access: 'fees.record' },
      schema: {
        tags: ['reconciliation'],
        security,
        summary:
          'Import a bank statement (multipart: file = CSV or XLSX; optional mapping = a saved mapping name, columns = a new mapping as JSON)',
        consumes: ['multipart/form-data'],
        response: { 201: successEnvelope(statementSummarySchema), ...errors },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      const summary = await statements.import(
        upload.file.buffer,
        upload.file.name,
        { mappingName: upload.mappingName, mapping: upload.mapping },
        request.staffAuth!.staff.id,
      );
      return reply.code(201).send(ok(M.statementImported, summary));
    },
  );

  app.get(
    apiPaths.bankStatements,
    {
      config: { access: 'fees.record' },
      schema: {
        tags: ['reconciliation'],
        security,
        summary: 'The latest imported statements with their lines counted by state',
        response: { 200: successEnvelope(z.array(statementListItemSchema)), ...errors },
      },
    },
    async () => ok('OK', await statements.list()),
  );

  app.get(
    apiPaths.bankStatement,
    {
      config: { access: 'fees.record' },
      schema: {
        tags: ['reconciliation'],
        security,
        summary: 'One statement: each credit line with its state and candidates',
        params: z.object({ id: z.uuid({ error: M.statementNotFound }) }),
        response: { 200: successEnvelope(statementDetailSchema), ...errors },
      },
    },
    async (request) => ok('OK', await statements.detail(request.params.id)),
  );

  app.post(
    apiPaths.bankStatementLine,
    {
      config: { access: 'fees.record' },
      schema: {
        tags: ['reconciliation'],
        security,
        summary: 'Record a line for an enrolment’s installment, or ignore it',
        params: z.object({ id: z.uuid({ error: M.lineNotFound }) }),
        body: lineActionSchema,
        response: { 200: successEnvelope(z.object({ receiptNumber: z.string().nullable() })), ...errors },
      },
    },
    async (request) => {
      const receiptNumber = await statements.act(request.params.id, request.body, request.staffAuth!.staff.id);
      return ok(receiptNumber ? `${FEE_MESSAGES.paymentRecorded}: ${receiptNumber}` : M.lineIgnored, {
        receiptNumber,
      });
    },
  );

  app.post(
    apiPaths.bankStatementRecordMatched,
    {
      config: { access: 'fees.record' },
      schema: {
        tags: ['reconciliation'],
        security,
        summary:
          'Record every matched line of the statement; a line whose UTR is already on a payment is linked to it and counted apart',
        params: z.object({ id: z.uuid({ error: M.statementNotFound }) }),
        response: { 200: successEnvelope(recordMatchedAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const counts = await statements.recordMatched(request.params.id, request.staffAuth!.staff.id);
      return ok(matchedMessage(counts), counts);
    },
  );
};

export default reconciliationRoutes;
