/** The bell: what is new since the staff member last marked it seen, and follow-ups due. */
import type { Notifications } from '@registrar/contract/dashboard';
import type { Db } from '../db/database';
import { notificationRepository } from '../repositories/notification-repository';
import { staffRepository } from '../repositories/staff-repository';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export class NotificationService {
  constructor(private readonly db: Db) {}

  async list(staffId: string, seenAt: Date | null, followUpsDue = 0): Promise<Notifications> {
    const since = seenAt ?? new Date(Date.now() - 7 * 86_400_000);
    const items = await notificationRepository.since(this.db, since);
    return {
      seenAt: seenAt?.toISOString() ?? null,
      unread: items.length,
      followUpsDue,
      items: items.map((r) => ({
        kind: r.kind,
        id: r.id,
        title: r.title,
        at: iso(r.at),
        link: r.kind === 'inquiry' ? `/student-inquires/${r.id}` : `/student-enrollments/${r.id}`,
      })),
    };
  }

  async markSeen(staffId: string): Promise<void> {
    await staffRepository.update(this.db, staffId, { notificationsSeenAt: new Date() });
  }
}
