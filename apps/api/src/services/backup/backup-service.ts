/**
 * What the backups plugin asks of the database and the documents: one archive, the nightly day
 * claimed once across instances, and the staff commands the CLI sends through the control socket.
 */
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { appMetaRepository } from '../../repositories/app-meta-repository';
import { runStaffCommand, type StaffOutput } from '../../staff-commands';
import type { EncryptedFileStorage } from '../documents/encrypted-storage';
import { existingMasterKeys, type MasterKeys } from '../documents/master-keys';
import { writeBackup, type BackupManifest } from './backup-archive';

const NIGHTLY_KEY = 'nightlyBackup';

export class BackupService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly storage: EncryptedFileStorage,
  ) {}

  /** Writes one archive to `file`, the documents as stored (sealed). */
  write(file: string, passphrase: string | undefined): Promise<BackupManifest> {
    const sources = { db: this.db, store: this.storage.sealed, keys: existingMasterKeys(this.config), passphrase };
    return writeBackup(sources, file);
  }

  /** True for exactly one instance a day: that one writes the nightly archive. */
  claimNight(day: string): Promise<boolean> {
    return appMetaRepository.claimDay(this.db, NIGHTLY_KEY, day);
  }

  /** Gives the day back after a failed archive, so the next check tries again. */
  releaseNight(day: string): Promise<void> {
    return appMetaRepository.releaseDay(this.db, NIGHTLY_KEY, day);
  }

  /** A staff command asked for through the control socket; the documents take new keys first. */
  staffCommand(argv: string[], output: StaffOutput): Promise<number> {
    const context = {
      db: this.db,
      config: this.config,
      useKeys: (keys: MasterKeys) => this.storage.useKeys(keys),
    };
    return runStaffCommand(context, argv, output);
  }
}
