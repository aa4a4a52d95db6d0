/**
 * Bank statements: import (read, match, record what two sources agree on), the lines with their
 * states and candidates, and the staff's actions on them.
 */
import { randomUUID } from 'node:crypto';
import {
  RECONCILIATION_MESSAGES as M,
  type ColumnMapping,
  type LineAction,
  type LineCandidate,
  type LineState,
  type StatementDetail,
  type StatementListItem,
  type StatementMode,
  type StatementSummary,
} from '@registrar/contract/reconciliation';
import type { Db } from '../../db/database';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { toRupees } from '../../lib/money';
import { readTable } from '../../lib/spreadsheet';
import type { OpenClaim } from './matcher';
import { loadMatcher } from './matcher-load';
import { ledgerTurn } from '../ledger-turn';
import { recordLine, recordLines, utrTaken } from './record-line';
import {
  insertLines,
  statementRepository,
  type StatementLineInsert,
} from '../../repositories/reconciliation-repository';
import { readStatement, type StatementCredit } from './statement-reader';

type LineInsert = StatementLineInsert;

export interface ImportOptions {
  /** A saved mapping's name; with `mapping`, the mapping is saved (or replaced) under it. */
  mappingName?: string | undefined;
  mapping?: ColumnMapping | undefined;
}

export class StatementService {
  constructor(private readonly db: Db) {}

  async import(file: Buffer, fileName: string, options: ImportOptions, staffId: string): Promise<StatementSummary> {
    const mapping = await this.mappingFor(options);
    const { layout, credits } = readStatement(await readTable(file), mapping);
    if (!credits.length) throw badRequest(M.noCredits);
    // Lines that agree with a claim are recorded here, so the import waits its turn like any money write.
    return ledgerTurn(this.db, () => this.importCredits(fileName, options, mapping, layout, credits, staffId));
  }

  private importCredits(
    fileName: string,
    options: ImportOptions,
    mapping: ColumnMapping | undefined,
    layout: string,
    credits: StatementCredit[],
    staffId: string,
  ): Promise<StatementSummary> {
    return this.db.transaction(async (tx) => {
      // A mapping that read the file is kept under its name for the next statement of this layout.
      if (options.mapping && options.mappingName)
        await statementRepository.saveMapping(tx, options.mappingName, options.mapping, staffId);
      const statement = await statementRepository.insertStatement(tx, {
        fileName: fileName.slice(0, 200),
        layout: mapping ? (options.mappingName ?? layout) : layout,
        uploadedBy: staffId,
      });
      const matcher = await loadMatcher(
        tx,
        credits.map((c) => c.utr).filter((u): u is string => !!u),
      );
      const seen = new Set<string>();
      const rows: LineInsert[] = [];
      const agreed: { line: LineInsert; claim: OpenClaim }[] = [];
      const counts = { credits: 0, recorded: 0, matched: 0, suggested: 0, unmatched: 0 };
      for (const credit of credits) {
        // The same UTR twice in one file is the same money listed twice.
        if (credit.utr && seen.has(credit.utr)) continue;
        if (credit.utr) seen.add(credit.utr);
        const verdict = matcher.judge(credit);
        const base = {
          id: randomUUID(),
          statementId: statement!.id,
          rowNumber: credit.rowNumber,
          postedOn: credit.postedOn,
          narration: credit.narration.slice(0, 500),
          reference: credit.reference?.slice(0, 100) ?? null,
          amountPaise: credit.amountPaise,
          mode: credit.mode,
          utr: credit.utr,
          payerName: credit.payerName?.slice(0, 200) ?? null,
          vpa: credit.vpa?.slice(0, 200) ?? null,
        };
        counts.credits++;
        if (verdict.state === 'recorded') {
          rows.push({ ...base, state: 'recorded', paymentId: verdict.paymentId });
          counts.recorded++;
        } else if (verdict.state === 'claimed') {
          // Recorded below like any click would record it, all in one go.
          const line: LineInsert = { ...base, state: 'unmatched' };
          rows.push(line);
          agreed.push({ line, claim: verdict.claim });
        } else {
          rows.push({
            ...base,
            state: verdict.state,
            enrollmentId: verdict.match?.enrollmentId ?? null,
            installmentNumber: verdict.match?.installmentNumber ?? null,
            candidates: verdict.match ? [verdict.match] : verdict.candidates,
          });
          counts[verdict.state]++;
        }
      }
      // The payments first, so each line goes in once with what became of it.
      const results = await recordLines(
        tx,
        agreed.map(({ line, claim }) => ({ line, target: claim })),
        staffId,
        { linesWritten: false },
      );
      for (const [i, { line, claim }] of agreed.entries()) {
        // Money already on a payment (another door's) is that payment's line: recorded, linked to it.
        const { payment, created } = results[i]!;
        Object.assign(line, {
          state: 'recorded',
          paymentId: payment.id,
          enrollmentId: created ? claim.enrollmentId : payment.enrollmentId,
          installmentNumber: created ? claim.installmentNumber : payment.installmentNumber,
          handledBy: staffId,
          handledAt: new Date(),
        });
        counts.recorded++;
      }
      await insertLines(tx, rows);
      return { _id: statement!.id, ...counts };
    });
  }

  /** The mapping given, or the one saved under the name given. */
  private async mappingFor(options: ImportOptions): Promise<ColumnMapping | undefined> {
    if (options.mapping) return options.mapping;
    if (!options.mappingName) return undefined;
    const saved = await statementRepository.mapping(this.db, options.mappingName);
    if (!saved) throw notFound(M.mappingNotFound);
    return saved.mapping as ColumnMapping;
  }

  async list(): Promise<StatementListItem[]> {
    const rows = await statementRepository.countsByState(this.db);
    const byId = new Map<string, StatementListItem>();
    for (const { s, state, count } of rows) {
      const item = byId.get(s.id) ?? {
        _id: s.id,
        fileName: s.fileName,
        layout: s.layout,
        createdAt: s.createdAt.toISOString(),
        credits: 0,
        recorded: 0,
        matched: 0,
        suggested: 0,
        unmatched: 0,
        ignored: 0,
      };
      if (state) {
        item[state] += count;
        item.credits += count;
      }
      byId.set(s.id, item);
    }
    return [...byId.values()].slice(0, 50);
  }

  async detail(id: string): Promise<StatementDetail> {
    const statement = await statementRepository.byId(this.db, id);
    if (!statement) throw notFound(M.statementNotFound);
    const rows = await statementRepository.linesWithReceipts(this.db, id);
    const counts = { credits: rows.length, recorded: 0, matched: 0, suggested: 0, unmatched: 0, ignored: 0 };
    const lines = rows.map(({ line, receiptNumber }) => {
      counts[line.state]++;
      const candidates = line.candidates as LineCandidate[];
      return {
        _id: line.id,
        rowNumber: line.rowNumber,
        postedOn: line.postedOn,
        narration: line.narration,
        reference: line.reference,
        amount: toRupees(line.amountPaise),
        mode: line.mode as StatementMode,
        utr: line.utr,
        payerName: line.payerName,
        state: line.state,
        match: line.state === 'matched' ? (candidates[0] ?? null) : null,
        candidates: line.state === 'suggested' ? candidates : [],
        receiptNumber: receiptNumber ?? null,
      };
    });
    return {
      _id: statement.id,
      fileName: statement.fileName,
      layout: statement.layout,
      createdAt: statement.createdAt.toISOString(),
      ...counts,
      lines,
    };
  }

  /**
   * Records or ignores one line; returns the receipt number when it recorded. A line whose UTR a
   * payment already holds is linked to it (and stays so) and answers 409 naming its receipt.
   */
  async act(lineId: string, action: LineAction, staffId: string): Promise<string | null> {
    const done = await ledgerTurn(this.db, () =>
      this.db.transaction(async (tx) => {
        const line = await statementRepository.lineForUpdate(tx, lineId);
        if (!line) throw notFound(M.lineNotFound);
        if (!OPEN_STATES.includes(line.state)) throw conflict(M.lineHandled);
        if (action.action === 'ignore') {
          await statementRepository.ignoreLine(tx, lineId, staffId);
          return null;
        }
        return recordLine(tx, line, action, staffId);
      }),
    );
    if (!done) return null;
    if (!done.created) throw utrTaken(done.payment);
    return done.payment.receiptNumber;
  }

  /**
   * Records every matched line of the statement at once; a line whose UTR a payment already holds
   * records nothing and is linked to that payment. Answers how many of each.
   */
  async recordMatched(statementId: string, staffId: string): Promise<{ recorded: number; alreadyRecorded: number }> {
    const statement = await statementRepository.byId(this.db, statementId);
    if (!statement) throw notFound(M.statementNotFound);
    return ledgerTurn(this.db, () =>
      this.db.transaction(async (tx) => {
        const matched = await statementRepository.matchedLinesForUpdate(tx, statementId);
        const items = matched.flatMap((line) =>
          line.enrollmentId && line.installmentNumber
            ? [{ line, target: { enrollmentId: line.enrollmentId, installmentNumber: line.installmentNumber } }]
            : [],
        );
        const results = await recordLines(tx, items, staffId);
        const recorded = results.filter((r) => r.created).length;
        return { recorded, alreadyRecorded: results.length - recorded };
      }),
    );
  }
}

const OPEN_STATES: LineState[] = ['matched', 'suggested', 'unmatched'];
