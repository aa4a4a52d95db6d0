/**
 * An archive as the first format wrote them through the running server: every document as the
 * server read it (plain), `documents.key` in the clear. Made from a current archive, so a test can
 * show that backups people already hold still restore.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import tar from 'tar-stream';
import { BACKUP_FORMAT_V1, LEGACY_KEY_ENTRY, readBackup } from '../src/services/backup/backup-archive';
import { WRAPPED_KEYS_ENTRY } from '../src/services/backup/key-envelope';

export async function writeLegacyArchive(
  from: string,
  to: string,
  plainOf: (id: string) => Promise<Buffer>,
  keyFile: Buffer,
): Promise<void> {
  const { manifest, entries } = await readBackup(from);
  entries.delete(WRAPPED_KEYS_ENTRY);
  entries.delete('manifest.json');
  for (const name of entries.keys())
    if (name.startsWith('documents/')) entries.set(name, await plainOf(name.slice('documents/'.length)));
  entries.set(LEGACY_KEY_ENTRY, keyFile);
  const files: Record<string, { size: number; sha256: string }> = {};
  for (const [name, data] of entries)
    files[name] = { size: data.length, sha256: crypto.createHash('sha256').update(data).digest('hex') };
  const { documentKeyIds: _ids, keysWrapped: _wrapped, ...rest } = manifest;
  entries.set('manifest.json', Buffer.from(JSON.stringify({ ...rest, format: BACKUP_FORMAT_V1, files })));
  const pack = tar.pack();
  for (const [name, data] of entries) pack.entry({ name, size: data.length }, data);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  fs.writeFileSync(to, Buffer.concat(chunks));
}
