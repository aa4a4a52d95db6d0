/**
 * `npm run restore -- --check <file>`: reads an archive and writes nothing. Every entry against its
 * checksum, the schema against this version's, every document opened with the keys at hand.
 */
import type { MasterKeys } from '../documents/master-keys';
import { checkDocuments, documentIdsOf, keysAtHand } from './archive-documents';
import { readArchive, schemaProblem, type BackupManifest } from './backup-archive';

export interface CheckResult {
  manifest: BackupManifest;
  /** One line per damaged entry or other reason the archive would not restore. */
  problems: string[];
  documents: number;
}

export async function checkArchive(
  file: string,
  keys: { passphrase: string | undefined; configured: MasterKeys | undefined },
): Promise<CheckResult> {
  const archive = await readArchive(file);
  const problems = [...archive.damaged];
  const wrongSchema = schemaProblem(archive.manifest, file);
  if (wrongSchema) problems.push(wrongSchema);
  const atHand = keysAtHand(archive, keys.passphrase, keys.configured);
  if (atHand.problem) problems.push(atHand.problem);
  // A damaged document is named once, by its checksum.
  const damaged = new Set(archive.damaged.map((line) => line.slice(0, line.indexOf(':'))));
  problems.push(...(await checkDocuments(archive, atHand.all, damaged)));
  return { manifest: archive.manifest, problems, documents: documentIdsOf(archive).length };
}
