/** Bulk import (admins): templates, the import itself (a dry run first), its errors file and the log. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '@registrar/contract/api-paths';
import { ERROR_CODES, errorEnvelopeSchema, successEnvelope } from '@registrar/contract/envelope';
import {
  IMPORT_DATE_FORMATS,
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  importLogEntrySchema,
  importProgressSchema,
  importResultSchema,
  type ImportDateFormat,
  type ImportKind,
} from '@registrar/contract/imports';
import {
  IMPORT_MAPPING_MESSAGES,
  importColumnsSchema,
  importMappingSchema,
  type ImportMapping,
} from '@registrar/contract/import-mapping';
import { attachment } from '../lib/csv';
import { HttpError, badRequest } from '../lib/http-errors';
import { bearerSecurity as security, errorAnswers, sendDownload, CSV_TYPE } from '../lib/route-answers';

const errors = errorAnswers(400, 401, 403, 404, 409, 413, 415);
const TEMPLATE_NAMES = IMPORT_KINDS.map((k) => `${k}.csv`) as [string, ...string[]];
const IMPORT_FIELDS = new Set(['kind', 'dryRun', 'dateFormat', 'sendLinks', 'mapping', 'goodRowsOnly']);

/** The `mapping` field: JSON of field → column, or absent. */
function mappingOf(text: string | undefined): ImportMapping | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const result = importMappingSchema.safeParse(parsed);
  if (!result.success)
    throw badRequest(IMPORT_MAPPING_MESSAGES.mappingInvalid, [
      { path: 'mapping', message: IMPORT_MAPPING_MESSAGES.mappingInvalid },
    ]);
  return result.data;
}

/** The multipart upload of an import: its one file and its text fields. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new HttpError(415, ERROR_CODES.unsupportedType, IMPORT_MESSAGES.fileRequired);
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer } | undefined;
  for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        throw badRequest(IMPORT_MESSAGES.fileRequired, [
          { path: part.fieldname, message: IMPORT_MESSAGES.fileRequired },
        ]);
      }
      const data = await part.toBuffer().catch((err: unknown) => {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, ERROR_CODES.tooLarge, IMPORT_MESSAGES.fileTooLarge);
        throw err;
      });
      file = { name: part.filename || 'import.csv', data };
    } else if (IMPORT_FIELDS.has(part.fieldname) && typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  const kind = IMPORT_KINDS.find((k) => k === fields.kind);
  if (!kind) throw badRequest(IMPORT_MESSAGES.kindRequired, [{ path: 'kind', message: IMPORT_MESSAGES.kindRequired }]);
  if (!file) throw badRequest(IMPORT_MESSAGES.fileRequired, [{ path: 'file', message: IMPORT_MESSAGES.fileRequired }]);
  return { kind, file, fields };
}

const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const imports = app.importService;

  app.get(
    apiPaths.importTemplate,
    {
      config: { access: 'data.import', cookieAuth: true },
      schema: {
        tags: ['imports'],
        security,
        summary: 'The CSV template of an import: its columns and one example row',
        params: z.object({ name: z.enum(TEMPLATE_NAMES, { error: IMPORT_MESSAGES.kindRequired }) }),
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`registrar-${request.params.name}`))
        .send(imports.template(request.params.name.replace(/\.csv$/, '') as ImportKind)),
  );

  app.post(
    apiPaths.imports,
    {
      config: { access: 'data.import' },
      schema: {
        tags: ['imports'],
        security,
        summary:
          'Import enrolments, payments or inquiries from CSV or XLSX (multipart: file, kind, dryRun, dateFormat, sendLinks, mapping = JSON field → column, goodRowsOnly); nothing is written while any row is in error unless goodRowsOnly=true, which writes the rows that pass',
        consumes: ['multipart/form-data'],
        response: {
          200: successEnvelope(importResultSchema),
          201: successEnvelope(importResultSchema),
          ...errors,
          // A file with rows in error: the refusal carries the whole report.
          400: errorEnvelopeSchema.extend({ data: importResultSchema.optional() }),
        },
      },
    },
    async (request, reply) => {
      const { kind, file, fields } = await readUpload(request);
      const dateFormat = IMPORT_DATE_FORMATS.find((f) => f === (fields.dateFormat || 'dd/mm/yyyy'));
      if (!dateFormat)
        throw badRequest(IMPORT_MESSAGES.dateFormatInvalid, [
          { path: 'dateFormat', message: IMPORT_MESSAGES.dateFormatInvalid },
        ]);
      const mapping = mappingOf(fields.mapping);
      const { result, failed } = await imports.run({
        kind,
        dryRun: fields.dryRun !== 'false',
        dateFormat: dateFormat as ImportDateFormat,
        sendLinks: fields.sendLinks === 'true',
        goodRowsOnly: fields.goodRowsOnly === 'true',
        fileName: file.name.slice(0, 200),
        file: file.data,
        staffId: request.staffAuth!.staff.id,
        mapping,
      });
      // A dry run answers its report, errors and all; an import with any error is refused with it unless only the good rows were asked for.
      if (failed && !result.dryRun && fields.goodRowsOnly !== 'true')
        return reply.code(400).send({
          success: false as const,
          message: IMPORT_MESSAGES.hasErrors,
          error: ERROR_CODES.validation,
          errors: result.errors.slice(0, 50).map((e) => ({ path: `row ${e.row}: ${e.field}`, message: e.message })),
          data: result,
        });
      return reply.code(result.dryRun ? 200 : 201).send({
        success: true as const,
        message: !result.dryRun
          ? failed
            ? IMPORT_MESSAGES.goodRowsImported
            : IMPORT_MESSAGES.imported
          : failed
            ? // The screen shows the rows in error in red; a toast would say it again, in green.
              ''
            : IMPORT_MESSAGES.dryRunDone,
        data: result,
      });
    },
  );

  app.post(
    apiPaths.importColumns,
    {
      config: { access: 'data.import' },
      schema: {
        tags: ['imports'],
        security,
        summary:
          'A file’s header and first rows, with the column mapping kept for that header or a proposed one (multipart: file, kind); nothing is written',
        consumes: ['multipart/form-data'],
        response: { 200: successEnvelope(importColumnsSchema), ...errors },
      },
    },
    async (request) => {
      const { kind, file } = await readUpload(request);
      return { success: true as const, message: '', data: await imports.columns(kind, file.data) };
    },
  );

  app.get(
    apiPaths.imports,
    {
      config: { access: 'data.import' },
      schema: {
        tags: ['imports'],
        security,
        summary: 'The import log: who imported which file when, and what came of it',
        response: { 200: successEnvelope(z.array(importLogEntrySchema)), ...errors },
      },
    },
    async () => ({ success: true as const, message: '', data: await imports.log() }),
  );

  app.get(
    apiPaths.importProgress,
    {
      config: { access: 'data.import' },
      schema: {
        tags: ['imports'],
        security,
        summary: 'Where the running import stands (null when none runs)',
        response: { 200: successEnvelope(importProgressSchema), ...errors },
      },
    },
    async () => ({ success: true as const, message: '', data: imports.progress() }),
  );

  app.get(
    apiPaths.importErrors,
    {
      config: { access: 'data.import', cookieAuth: true },
      schema: {
        tags: ['imports'],
        security,
        summary: 'The rows of an import that were in error, as uploaded, with an error column',
        params: z.object({ id: z.uuid({ error: IMPORT_MESSAGES.notFound }) }),
      },
    },
    async (request, reply) => {
      const { csv, fileName } = await imports.errorsCsv(request.params.id);
      return sendDownload(reply, CSV_TYPE, fileName, csv);
    },
  );
};

export default importRoutes;
