/** GST for the routes: the settings, the documents' PDFs, GSTR-1 for a month and filed months. */
import { GST_MESSAGES, type GstSettings, type gstSettingsInputSchema } from '@registrar/contract/gst';
import type { z } from 'zod';
import { localIsoDate } from '@registrar/contract/enrollment';
import type { Db } from '../../db/database';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { gstRepository, type TaxDocumentRow } from '../../repositories/gst-repository';
import { buildGstr1, type Gstr1 } from './gstr1';
import { renderTaxDocument } from './tax-document-pdf';

export class GstService {
  constructor(private readonly db: Db) {}

  async settings(): Promise<GstSettings> {
    const row = await gstRepository.settings(this.db);
    return {
      enabled: row?.enabled ?? false,
      gstin: row?.gstin ?? null,
      legalName: row?.legalName ?? '',
      address: row?.address ?? '',
      stateCode: row?.stateCode ?? null,
    };
  }

  async saveSettings(input: z.output<typeof gstSettingsInputSchema>, staffId: string): Promise<GstSettings> {
    await gstRepository.saveSettings(this.db, {
      enabled: input.enabled,
      gstin: input.gstin ?? null,
      legalName: input.legalName,
      address: input.address,
      // The GSTIN names the State it is registered in.
      stateCode: input.gstin?.slice(0, 2) ?? input.stateCode ?? null,
      updatedBy: staffId,
    });
    return this.settings();
  }

  private async pdf(document: TaxDocumentRow | undefined, missing: string) {
    if (!document) throw notFound(missing);
    const original = document.originalId
      ? ((await gstRepository.byIds(this.db, [document.originalId]))[0] ?? null)
      : null;
    return { pdf: await renderTaxDocument(document, original), number: document.number };
  }

  /** The tax invoice or bill of supply of a payment. */
  invoicePdf(paymentId: string) {
    return gstRepository.original(this.db, paymentId).then((d) => this.pdf(d, GST_MESSAGES.invoiceNotFound));
  }

  creditNotePdf(refundId: string) {
    return gstRepository
      .creditNoteOfRefund(this.db, refundId)
      .then((d) => this.pdf(d, GST_MESSAGES.creditNoteNotFound));
  }

  private async gstin(): Promise<string> {
    const { gstin } = await this.settings();
    if (!gstin) throw conflict(GST_MESSAGES.gstOff);
    return gstin;
  }

  async gstr1(period: string): Promise<Gstr1> {
    const gstin = await this.gstin();
    const documents = await gstRepository.ofPeriod(this.db, gstin, period);
    const quoted = [...new Set(documents.flatMap((d) => (d.originalId ? [d.originalId] : [])))];
    const originals = new Map((await gstRepository.byIds(this.db, quoted)).map((d) => [d.id, d]));
    return buildGstr1({ gstin, period, documents, originals });
  }

  /** A month's return is filed after the month: before that, documents would keep landing in it. */
  async markFiled(period: string, staffId: string): Promise<void> {
    if (period >= localIsoDate().slice(0, 7))
      throw badRequest(GST_MESSAGES.periodNotEnded, [{ path: 'period', message: GST_MESSAGES.periodNotEnded }]);
    await gstRepository.markFiled(this.db, await this.gstin(), period, staffId);
  }
}
