import type { AnnouncementsService } from '../announcements';
import type { CompetitionsService } from '../competitions';
import type { ForumService } from '../forum';
import type { LanguagesService } from '../languages';
import type { ProblemsService } from '../problems';
import type { IpLocator } from './location';

/** The home page reads other modules through their services only (built in services.ts). */
export interface HomeDeps {
  problems: Pick<ProblemsService, 'daily' | 'progress' | 'last'>;
  competitions: Pick<CompetitionsService, 'current' | 'top'>;
  forum: Pick<ForumService, 'search'>;
  announcements: Pick<AnnouncementsService, 'list'>;
  /** Which languages are offered here and their factors (the introduction's table, the editor's list). */
  languages: Pick<LanguagesService, 'statuses'>;
  locator: IpLocator;
}
