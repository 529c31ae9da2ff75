import type { Config } from '../../lib/config';
import type { CoursesService } from '../courses';
import type { FilesService } from '../files';
import type { ForumService } from '../forum';
import type { PicturesService } from '../pictures';
import type { UsersService } from '../users';

/**
 * What the first-start content uses: other modules' services only (the seed owns no table), each
 * narrowed to the operations it calls. The composition root hands over its services.
 */

/** The built-in images are stored as uploads are (PNGs of ours: stored as such, not sniffed). */
export interface BuiltinFilesDeps {
  files: Pick<FilesService, 'save'>;
}

/** The built-in backgrounds, the boss and the demo users. */
export interface SeedDeps {
  pictures: Pick<PicturesService, 'addBuiltin'>;
  users: Pick<UsersService, 'anyBoss' | 'byAccount' | 'byEmail' | 'create'>;
  config: Pick<Config, 'adminAccount' | 'adminPassword' | 'seedDemo'>;
}

/** The demo study plan, paid course and posts. */
export interface DemoLearningDeps {
  courses: Pick<CoursesService, 'home' | 'save'>;
  users: Pick<UsersService, 'byAccount'>;
  forum: Pick<ForumService, 'search' | 'add' | 'addComment'>;
}
