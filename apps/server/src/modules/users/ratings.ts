import { type AnyTx, scoped } from '../../db/scoped';
import * as repo from './repo';
import { USERS_TABLES } from './tables';

/**
 * Ratings read and written inside another module's transaction (the contests' rating engine
 * recomputes a chain of contests in one): the transaction is scoped to the users' tables here.
 */
export const ratingsOf = (trx: AnyTx, ids: number[]): Promise<Map<number, number>> =>
  repo.ratingsOf(scoped(trx, USERS_TABLES), ids);

/** Writes new ratings of many users in the caller's transaction. */
export const setRatings = (trx: AnyTx, ratings: { userId: number; rating: number }[]): Promise<void> =>
  repo.setRatings(scoped(trx, USERS_TABLES), ratings);
