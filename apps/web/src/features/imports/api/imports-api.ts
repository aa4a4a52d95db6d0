/** Bulk import over RTK Query: send a file (a dry run or the import), the log, the running import's progress. */
import { apiPaths, apiUrl } from '@registrar/contract/api-paths';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import type { ImportColumns, ImportMapping } from '@registrar/contract/import-mapping';
import type { ImportKind, ImportLogEntry, ImportResult } from '@registrar/contract/imports';
import { baseApi } from '../../../shared/api/base-api';

export interface ImportUpload {
  kind: ImportKind;
  dryRun: boolean;
  dateFormat: string;
  sendLinks: boolean;
  file: File;
  /** Field → column, as the admin confirmed it. */
  mapping?: ImportMapping | undefined;
  /** Write the rows that pass; the rows in error stay for their errors file. */
  goodRowsOnly?: boolean;
}

export interface ImportProgress {
  kind: ImportKind;
  fileName: string;
  done: number;
  total: number;
}

/** The CSV template of a kind; the login cookie authenticates this GET, so a plain link downloads it. */
export const templateHref = (kind: ImportKind) => apiUrl('importTemplate', `${kind}.csv`);
/** The rows of an import that were in error, as uploaded, with an error column. */
export const errorsHref = (importId: string) => apiUrl('importErrors', importId);

const LOG = { type: 'Import' as const, id: 'LOG' };

const importsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Import'] }).injectEndpoints({
  endpoints: (build) => ({
    getImportLog: build.query<ImportLogEntry[], void>({
      query: () => apiPaths.imports,
      transformResponse: (envelope: SuccessEnvelope<ImportLogEntry[]>) => envelope.data,
      providesTags: [LOG],
    }),
    // A read that needs the file in its body, so a POST; it writes nothing.
    readImportColumns: build.mutation<ImportColumns, { kind: ImportKind; file: File }>({
      query: ({ kind, file }) => {
        const body = new FormData();
        body.set('kind', kind);
        body.set('file', file, file.name);
        return { url: apiPaths.importColumns, method: 'POST', body };
      },
      transformResponse: (envelope: SuccessEnvelope<ImportColumns>) => envelope.data,
    }),
    getImportProgress: build.query<ImportProgress | null, void>({
      query: () => apiPaths.importProgress,
      transformResponse: (envelope: SuccessEnvelope<ImportProgress | null>) => envelope.data,
    }),
    sendImport: build.mutation<SuccessEnvelope<ImportResult>, ImportUpload>({
      query: ({ kind, dryRun, dateFormat, sendLinks, file, mapping, goodRowsOnly }) => {
        const body = new FormData();
        if (mapping) body.set('mapping', JSON.stringify(mapping));
        if (goodRowsOnly) body.set('goodRowsOnly', 'true');
        body.set('kind', kind);
        body.set('dryRun', String(dryRun));
        body.set('dateFormat', dateFormat);
        body.set('sendLinks', String(sendLinks));
        body.set('file', file, file.name);
        return { url: apiPaths.imports, method: 'POST', body };
      },
      // A real import changes the lists; every attempt adds a line to the log.
      invalidatesTags: (_result, _error, { dryRun }) => (dryRun ? [LOG] : [LOG, 'Enrollment', 'Inquiry']),
    }),
  }),
});

export const { useGetImportLogQuery, useGetImportProgressQuery, useReadImportColumnsMutation, useSendImportMutation } =
  importsApi;
