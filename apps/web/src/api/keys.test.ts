import { describe, expect, it } from 'vitest';
import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { clarificationKeys } from './clarifications';
import { competitionKeys } from './competitions';
import { courseKeys } from './courses';
import { forumKeys } from './forum';
import { homeKeys } from './home-queries';
import { math408Keys } from './math408';
import { moderationKeys } from './moderation';
import { notificationKeys } from './notifications-queries';
import { paymentKeys } from './payments';
import { transferKeys } from './problem-transfer';
import { problemKeys } from './problems';
import { replayKeys } from './replays';
import { similarityKeys } from './similarity';
import { socialKeys } from './social';
import { userKeys } from './users-queries';

// What each invalidation reads again (TanStack matches a key by prefix), site by site: each site is
// its own page load with its own cache. A key moved under another root shows up here.

const userSite: Record<string, QueryKey> = {
  card: userKeys.card(5),
  pictures: userKeys.backgroundPictures,
  payOrder: paymentKeys.order(3, 'wxpay'),
  payStatus: paymentKeys.status('n1'),
  myOrders: paymentKeys.minePage(1),
  notifications: notificationKeys.page(1),
  myReplays: replayKeys.minePage(1),
  replay: replayKeys.detail(4, null),
  postSearch: forumKeys.search({ pageNum: 1 }),
  post: forumKeys.detail(3),
  comments: forumKeys.comments(3, 1),
  userPosts: forumKeys.user(5, 1),
  problemPosts: forumKeys.problem(2, 1, 1, 'hot'),
  visitors: socialKeys.visitorPage(1, 10),
  socialSettings: socialKeys.settings,
  course: courseKeys.detail(1),
  board7: clarificationKeys.board(7),
  contest7: competitionKeys.detail(7),
  problems7: competitionKeys.problems(7),
  rank7: competitionKeys.rank(7, 1, 0),
  rank7truth: competitionKeys.rank(7, 2, 1),
  rank8: competitionKeys.rank(8, 1, 0),
  problem: problemKeys.problem(1),
  question1: math408Keys.question(1),
  question2: math408Keys.question(2),
  bank408: math408Keys.bank({ pageNum: 1 }),
};

const adminSite: Record<string, QueryKey> = {
  users: userKeys.adminPage({ pageNum: 1 }),
  picker: userKeys.picker('a'),
  admins: userKeys.admins,
  orders: paymentKeys.adminPage(1, 'all'),
  refundDue: paymentKeys.refundDueCount,
  reports: moderationKeys.reportPage('open', 1),
  mutes: moderationKeys.mutePage(1),
  similarity7: similarityKeys.page(7, 1),
  similarity8: similarityKeys.page(8, 1),
  pair: similarityKeys.pair(7),
  announcements: homeKeys.adminAnnouncementPage(1),
  posts: forumKeys.adminList({ pageNum: 1 }),
  history: forumKeys.history(3),
  courseEdit1: courseKeys.admin(1),
  courseEdit2: courseKeys.admin(2),
  courses: courseKeys.adminList,
  board7: clarificationKeys.board(7),
  openContests: clarificationKeys.openContests,
  contests: competitionKeys.adminPage(1),
  contestEdit: competitionKeys.adminEdit(7),
  problems: problemKeys.adminList({ pageNum: 1 }),
  tests1: problemKeys.tests(1),
  tests2: problemKeys.tests(2),
  importJobs: transferKeys.jobs,
  importJob: transferKeys.job(3),
  questions: math408Keys.adminList({ pageNum: 1 }),
  tags408: math408Keys.tags,
};

const hits = (site: Record<string, QueryKey>, key: QueryKey) =>
  Object.keys(site).filter((name) => partialMatchKey(site[name], key));

describe('query key factories', () => {
  it('user site: each invalidation reads again what it is meant to, nothing else', () => {
    expect(hits(userSite, userKeys.backgroundPictures)).toEqual(['pictures']);
    expect(hits(userSite, paymentKeys.mine)).toEqual(['myOrders']);
    expect(hits(userSite, notificationKeys.list)).toEqual(['notifications']);
    expect(hits(userSite, replayKeys.mine)).toEqual(['myReplays']);
    expect(hits(userSite, replayKeys.details)).toEqual(['replay']);
    expect(hits(userSite, forumKeys.all)).toEqual([
      'postSearch',
      'post',
      'comments',
      'userPosts',
      'problemPosts',
    ]);
    expect(hits(userSite, forumKeys.searches)).toEqual(['postSearch']);
    expect(hits(userSite, socialKeys.visitors)).toEqual(['visitors']);
    expect(hits(userSite, courseKeys.all)).toEqual(['course']);
    expect(hits(userSite, clarificationKeys.board(7))).toEqual(['board7']);
    expect(hits(userSite, competitionKeys.all)).toEqual([
      'contest7',
      'problems7',
      'rank7',
      'rank7truth',
      'rank8',
    ]);
    expect(hits(userSite, competitionKeys.rankOf(7))).toEqual(['rank7', 'rank7truth']);
    expect(hits(userSite, competitionKeys.problems(7))).toEqual(['problems7']);
    expect(hits(userSite, competitionKeys.detail(7))).toEqual(['contest7']);
    expect(hits(userSite, problemKeys.all)).toEqual(['problem']);
    expect(hits(userSite, math408Keys.question(1))).toEqual(['question1']);
  });

  it('management site: each invalidation reads again what it is meant to, nothing else', () => {
    expect(hits(adminSite, userKeys.adminPages)).toEqual(['users']);
    expect(hits(adminSite, userKeys.admins)).toEqual(['admins']);
    expect(hits(adminSite, paymentKeys.admin)).toEqual(['orders', 'refundDue']);
    expect(hits(adminSite, moderationKeys.reports)).toEqual(['reports']);
    expect(hits(adminSite, moderationKeys.mutes)).toEqual(['mutes']);
    expect(hits(adminSite, similarityKeys.contest(7))).toEqual(['similarity7']);
    expect(hits(adminSite, homeKeys.adminAnnouncements)).toEqual(['announcements']);
    expect(hits(adminSite, forumKeys.adminLists)).toEqual(['posts']);
    // Saving a course reads its editor view and the list again (the list showed a new course late).
    expect(hits(adminSite, courseKeys.all)).toEqual(['courseEdit1', 'courseEdit2', 'courses']);
    expect(hits(adminSite, courseKeys.admin(1))).toEqual(['courseEdit1']);
    expect(hits(adminSite, courseKeys.adminList)).toEqual(['courses']);
    expect(hits(adminSite, clarificationKeys.board(7))).toEqual(['board7']);
    expect(hits(adminSite, clarificationKeys.openContests)).toEqual(['openContests']);
    expect(hits(adminSite, competitionKeys.adminList)).toEqual(['contests']);
    expect(hits(adminSite, problemKeys.adminLists)).toEqual(['problems']);
    expect(hits(adminSite, problemKeys.tests(1))).toEqual(['tests1']);
    expect(hits(adminSite, transferKeys.jobs)).toEqual(['importJobs']);
    expect(hits(adminSite, math408Keys.admin)).toEqual(['questions']);
    // Saving a problem reads every management bank view again.
    expect(hits(adminSite, problemKeys.admin)).toEqual([
      'problems',
      'tests1',
      'tests2',
      'importJobs',
      'importJob',
      'questions',
    ]);
  });
});
